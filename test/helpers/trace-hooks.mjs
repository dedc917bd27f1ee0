// Module hook (node:module register): appends every resolved module URL to $EXTKIT_TRACE_OUT.
import { appendFileSync } from 'node:fs';

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(process.env.EXTKIT_TRACE_OUT, result.url + '\n');
  return result;
}

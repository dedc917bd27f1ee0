// console.error and console.warn in an extension frame, in development: each is reported to the host
// page's Logs (with the stack of an Error among its arguments), then printed as before.
import { clip, type ConsoleReport } from './report.js';

type Fn = (this: unknown, ...args: unknown[]) => unknown;

export function observeConsole(win: Window, report: (report: ConsoleReport) => void): void {
  const consoleOf = (win as unknown as Record<string, unknown>)['console'] as Record<string, Fn> | undefined;
  for (const level of ['error', 'warn'] as const) {
    const original = consoleOf?.[level];
    if (!consoleOf || typeof original !== 'function') continue;
    consoleOf[level] = function (this: unknown, ...args: unknown[]): unknown {
      try {
        const error = args.find((a): a is Error => a instanceof Error);
        report({
          extkit: 'dev',
          protocol: 1,
          kind: 'console',
          level,
          message: clip(args.map(text).join(' ')),
          ...(error?.stack ? { stack: clip(error.stack) } : {}),
        });
      } catch {
        // an argument that cannot be described: printed below all the same
      }
      return Reflect.apply(original, this, args);
    };
  }
}

/** A console argument as text: strings as they are, errors by their message, the rest as JSON where it can be. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

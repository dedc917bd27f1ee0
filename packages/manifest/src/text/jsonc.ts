// jsonc-parser, loaded on first use: a manifest with nothing to place or tell apart never pays for it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const jsoncParser = (): typeof import('jsonc-parser') =>
  require('jsonc-parser') as typeof import('jsonc-parser');

// Unmounts what a test rendered once it ends, under vitest, so one test's
// component never sees the next test's events or network.
import { afterEach } from 'vitest';
import { cleanup } from './view.js';

try {
  afterEach(() => cleanup());
} catch {
  // Imported outside a vitest test file (a setup script, a REPL): call cleanup() yourself.
}

import { defineConfig } from 'vitest/config';

// The project's own test settings: without a config here, vitest would take the first one it
// finds in the folders above (a monorepo's, with paths that mean nothing from this folder).
export default defineConfig({ test: {} });

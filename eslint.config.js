// One config for the whole tree: typescript-eslint's type-checked rules (floating and
// misused promises above all, in a codebase that is mostly async), Prettier owning the
// layout. `pnpm lint` runs both as checks, zero warnings allowed, inside `pnpm test`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/artifacts/**',
      '**/coverage/**',
      '**/fixtures/**',
      '**/__fixtures__/**',
      'packages/manifest/src/structural.generated.ts',
      'packages/create-extkit/templates/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        project: [
          './packages/*/tsconfig.json',
          './templates/*/tsconfig.json',
          './tsconfig.test.json',
          './tsconfig.tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // TypeScript resolves every name, in .js files too (typescript-eslint's own advice).
      'no-undef': 'off',
    },
  },
  {
    // Tests read JSON bodies, reports and CLI output as `any` and assert on their shape with
    // expect(); typing each read would restate the types the assertions check.
    files: ['**/*.test.ts', 'test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);

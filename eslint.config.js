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
      // Written by `extkit types` from manifest.json.
      '**/src/manifest.d.ts',
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
      // The kit's rules refuse control characters in ids, paths and terminal output by matching them.
      'no-control-regex': 'off',
      // An async function that does not await still turns its throw into a rejection, which the
      // callers of a promise-returning interface (a resource handler, a fetch stand-in) rely on.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
    },
  },
  {
    // Untyped JavaScript (scripts, bins): every value is `any`, so these rules would flag each use.
    files: ['**/*.js', '**/*.mjs'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // The lockdown captures the platform's own methods before the extension's code runs and
    // calls them through Reflect.apply with the receiver it chooses: unbound on purpose.
    files: ['packages/preview/src/sandbox/**', 'packages/runtime/src/bridge/**', 'packages/testing/src/network.ts'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    // Store rows are JSON: String() of a stored scalar (an id, a date) is the intent.
    files: ['packages/emulator/src/**'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    // Tests read JSON bodies, reports and CLI output as `any` and assert on their shape with
    // expect(); typing each read would restate the types the assertions check.
    // Spies and captured natives are asserted on, not called; hostile inputs are built as `any`.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**', 'bench/**'],
    rules: {
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.config.*', 'scripts/**', 'bench/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/only-throw-error': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Handlers return promises by contract; an async one without await is not a bug.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'apps/server/src/cli/**',
      'apps/server/src/main.ts',
      'apps/server/src/sandbox-main.ts',
      'e2e/**',
      '**/*.test.ts',
      '**/*.test.tsx',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // An order's fate is decided on the adapter's verdicts alone (decision 029): purchases know
    // the upstream through upstream/upstream.ts, never an adapter's or the sandbox's internals,
    // so that a second upstream is a second adapter.
    files: ['apps/server/src/modules/purchases/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/upstream/vtpass/*', '**/upstream/sandbox/*'],
              message:
                'Purchases use the UpstreamAdapter interface (upstream/upstream.ts), not an adapter’s internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // Plain-JavaScript webhook samples shown verbatim on the documentation page (not in a tsconfig).
    files: ['apps/web/src/features/documentation/samples/**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'apps/server/src/test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);

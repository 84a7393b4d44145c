import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import serverModules from './apps/server/lint/module-layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } } },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Features never import each other: shared code lives in src/lib or src/components.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['../../features/*', '../../../features/*', '**/features/*/**'], message: 'Features must not import each other; move shared code to src/lib or src/components.' }],
          paths: [{ name: 'mantine-datatable', importNames: ['DataTable'], message: 'Use DataTable from src/components/data-table: it gives the table its labels in the page language.' }],
        },
      ],
    },
  },
  {
    // Server modules meet only through their index.ts, and only downwards (docs/architecture.md).
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'server-modules': serverModules },
    rules: { 'server-modules/module-layers': 'error' },
  },
);

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
  {
    // A module's SQL lives in its queries files (queries.ts, or <topic>-queries.ts in a large
    // module); services hold the rules and the transaction boundaries and call them.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*queries.ts', '**/*.test.ts', '**/test-*.ts', '**/factories.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', allowTypeImports: true, message: "SQL belongs in the module's queries.ts." }],
          patterns: [
            {
              group: ['**/db/schema.js', '**/db/sql.js', '**/db/rows.js', '**/db/keyset.js'],
              allowTypeImports: true,
              message: "SQL belongs in the module's queries.ts.",
            },
          ],
        },
      ],
    },
  },
);

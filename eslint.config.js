import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import apiLayers from './eslint-rules/api-layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'apps/api/drizzle/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Text is rendered by React, which escapes it; raw HTML from anywhere is an injection risk.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text with JSX; raw HTML is refused (docs/behaviour.md §12.7).',
        },
        {
          // One key scheme: a read keyed by hand would miss the invalidations keyed by route.
          selector: "Property[key.name='queryKey'] > ArrayExpression.value",
          message: "Key queries with queryKeys from '@/lib/queries/query-keys' (route key, then input).",
        },
      ],
    },
  },
  {
    // Shared code sits below features: lib/ (the shared reads of lib/queries among it) and
    // components/ import no feature and no page, so a feature may use them without reaching another.
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
              message: 'lib/ and components/ sit below features and pages: move the shared part down.',
            },
          ],
        },
      ],
    },
  },
  {
    // A feature never imports another feature: shared -> features -> app (docs/style.md). Toasts go
    // through lib/toast.ts.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-hot-toast',
              message:
                "Toast with '@/lib/toast': it asks for the toast area, which the first load leaves out.",
            },
          ],
          patterns: [
            {
              group: ['../../*/**', '**/features/*/**'],
              message: 'Features do not import each other; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's seams (docs/architecture.md): no import cycles between its files, and its layers
    // kept (eslint-rules/api-layers.js); apps/api/test/architecture.test.ts walks the same graph.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX, shop: { rules: { 'api-layers': apiLayers } } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/ignore': ['node_modules'],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'shop/api-layers': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
);

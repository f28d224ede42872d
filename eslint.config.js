import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The web and the machines never bundle the server's zod schemas (types from them are fine: `import type`). */
const noServerSchemas = [
  { group: ['**/contract/schemas/*'], allowTypeImports: true, message: 'Import constants and texts from src/contract/<area>, form rules from src/contract/rules (zod/mini); schemas are the server\'s.' },
  { regex: '^zod(/(?!mini$).*)?$', allowTypeImports: true, message: 'The web validates with zod/mini only (src/contract/rules).' },
];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'docs/', 'coverage/', '.tmp/', '.tmp-stripped-machines/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, '@typescript-eslint/no-restricted-imports': ['error', { patterns: noServerSchemas }] },
  },
  {
    // Machines are pure statecharts: no React, router, HTTP or browser globals.
    files: ['machines/**/*.ts'],
    rules: {
      // Types from the contract are allowed (`import type`): machines never copy wire types.
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['react*', 'ofetch', '@mantine/*'] }, { regex: '^\\.\\./src/(?!contract/money$|contract/rules/[a-zA-Z]+$)', allowTypeImports: true, message: 'Machines import types from src; values only from the contract money module (one amount rule) and the form rules (src/contract/rules).' }, ...noServerSchemas] }],
      'no-restricted-globals': ['error', 'window', 'localStorage', 'document', 'fetch'],
    },
  },
);

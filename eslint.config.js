import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** The web and the machines validate with the contract (zod/mini); classic zod stays on the server (types from it are fine: `import type`). */
const noServerSchemas = [
  { regex: '^zod(/(?!mini$).*)?$', allowTypeImports: true, message: 'The web validates with zod/mini only (the contract, src/contract/<area>).' },
];

/**
 * Layers of the server: routes parse, call a service and answer; services hold the rules and know nothing
 * of HTTP. These lists are today's exceptions; they only shrink (move the rule into a service, then take
 * the file off the list).
 */
const ROUTES_IMPORTING_REPOSITORIES = [].map((name) => `src/server/routes/${name}.ts`);
const ROUTES_USING_REPOS = ['dashboard', 'dev', 'health', 'transactionTotals', 'wallet', 'web3'].map((name) => `src/server/routes/${name}.ts`);
const SERVICES_IMPORTING_FASTIFY = ['oidc/inject-fetch', 'coach/index', 'coach/openai', 'mail/outbox', 'rewards/index', 'account/export', 'chain/transfers', 'jobs', 'import/runner'].map((name) => `src/server/services/${name}.ts`);

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
    rules: { ...reactHooks.configs.recommended.rules, '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...noServerSchemas, { group: ['@mantine/charts'], message: 'Import charts from src/web/views/charts (it brings their styles).' }] }] },
  },
  {
    files: ['src/web/views/charts.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: noServerSchemas }] },
  },
  {
    // Machines are pure statecharts: no React, router, HTTP or browser globals.
    files: ['machines/**/*.ts'],
    rules: {
      // Types from the contract are allowed (`import type`): machines never copy wire types.
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['react*', 'ofetch', '@mantine/*'] }, { regex: '^\\.\\./src/(?!contract/[a-zA-Z]+$)', allowTypeImports: true, message: 'Machines import types from src; values only from the contract (src/contract/<area>: constants, texts and form rules).' }, ...noServerSchemas] }],
      'no-restricted-globals': ['error', 'window', 'localStorage', 'document', 'fetch'],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ROUTES_IMPORTING_REPOSITORIES,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/repositories', '**/repositories/*'], message: 'Routes call a service; repositories are reached by services (docs/architecture.md, "Adding a feature").' }] }],
    },
  },
  {
    files: ['src/server/routes/**/*.ts'],
    ignores: ROUTES_USING_REPOS,
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[property.name='repos']", message: 'Routes call a service; hand the repositories to the service where it is built.' },
        { selector: "ObjectPattern > Property[key.name='repos']", message: 'Routes call a service; hand the repositories to the service where it is built.' },
      ],
    },
  },
  {
    files: ['src/server/services/**/*.ts'],
    ignores: SERVICES_IMPORTING_FASTIFY,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Services know nothing of HTTP: take what you need as arguments and throw the domain errors of src/server/errors.ts.' }] }],
    },
  },
);

// @ts-check
/**
 * ESLint for the whole monorepo (`npm run lint`, run by .ci/run). The rule set aims at real problems
 * — hooks called out of order, effects missing a dependency, promises nobody awaits, dead variables —
 * and leaves layout to Prettier (.prettierrc.json). Type-aware rules read each workspace's own
 * tsconfig.json through the TypeScript project service.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Files that belong to no workspace tsconfig.json: linted without type information. */
const UNTYPED = ['*.{js,mjs,ts}', 'infra/start.mjs', 'shell/ui-kit/reactRouterShared.js', 'shell/src/offline/sw.js'];

/**
 * Rules that need type information, only with `LINT_TYPES=1` (`npm run lint:types`): building the
 * TypeScript program of every workspace takes minutes and gigabytes on a 2-core machine, too slow for
 * every `npm run lint`.
 */
const typeAware =
  process.env.LINT_TYPES === '1'
    ? [
        {
          files: ['**/*.{ts,tsx}'],
          ignores: UNTYPED,
          languageOptions: {
            parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
          },
          rules: {
            // A promise nobody awaits loses its error (an unhandled rejection ends a Node process);
            // `void promise` says « fire and forget » on purpose.
            '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
            // An async function where a void callback is expected drops its promise; allowed as an
            // argument or a JSX attribute, where Node and React ignore the result.
            '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
          },
        },
      ]
    : [];

/** Every service but the kit (`services/<name>`, `@kermesse/<name>`). */
const SERVICES = readdirSync(new URL('./services/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'kit')
  .map((entry) => entry.name);

/**
 * A service reaches another one only through the network and the events (docs/architecture.md
 * « Boundaries »): never by importing its package or its files, tests included. A test that needs
 * several services lives in `infra/` or `e2e/`, which may start them all.
 */
const otherServices = (own) => {
  const others = SERVICES.filter((name) => name !== own);
  return {
    patterns: [
      {
        group: others.flatMap((name) => [`@kermesse/${name}`, `@kermesse/${name}/*`]),
        message: 'Un service n’importe pas un autre service : passez par son API, ses événements ou son contrat.',
      },
      {
        regex: `^(\\.\\./)+(services/)?(${others.join('|')})/(src|migrations)(/|$)`,
        message: 'Un service n’importe pas les fichiers d’un autre service : un test de plusieurs services va dans infra/ ou e2e/.',
      },
    ],
  };
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/', '**/dist/', '.data/', 'artifacts/', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks an argument or binding kept on purpose (a handler's signature, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // A comment saying why is the rule (docs/conventions.md « no any without a comment »): an eslint-disable line is that comment.
      '@typescript-eslint/no-explicit-any': 'error',
      // `catch {}` with a comment is how this code base says « best effort ».
      'no-empty': ['error', { allowEmptyCatch: true }],
      // `cond ? a() : b()` and `ok && run()` as statements are this code base's idiom for a side effect.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': ['error', { destructuring: 'all' }],
    },
  },
  ...typeAware,
  {
    files: ['{shell,mfe-*}/src/**/*.{ts,tsx}', 'shell/ui-kit/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...SERVICES.map((name) => ({
    files: [`services/${name}/**/*.{ts,tsx,js}`],
    rules: { 'no-restricted-imports': ['error', otherServices(name)] },
  })),
  {
    files: ['services/kit/**/*.{ts,js}'],
    rules: { 'no-restricted-imports': ['error', otherServices('kit')] },
  },
  {
    // Browser code: the services' plumbing (the kit: Node, knex, NATS) and TypeBox stay on the server;
    // a front end reads shapes and rules from the contracts and calls the API through its `src/api/`.
    files: ['{shell,mfe-*}/**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@kermesse/kit', '@kermesse/kit/*', '@sinclair/typebox', '@sinclair/typebox/*'],
              message: 'Pas de kit ni de TypeBox dans le navigateur : les formes et règles viennent des contrats.',
            },
            {
              group: SERVICES.flatMap((name) => [`@kermesse/${name}`, `@kermesse/${name}/*`]),
              message: 'Le navigateur appelle les services par leur API (src/api/), il ne les importe pas.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shell/src/offline/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['shell/ui-kit/reactRouterShared.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);

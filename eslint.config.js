// The layers' boundaries, checked (README "Architecture"):
//   domain/ ──► machines/ ──► src/        domain/ ──► server/
// Few rules, each one a promise the code base keeps everywhere: no layer reaches around another, no import
// circle, no import climbs more than two folders (use the aliases), hooks only where React allows them.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CODE = ['**/*.{ts,tsx}'];
const CLIMBING = { group: ['../../../*'], message: 'Climb at most two folders: use @domain, @machines, @server or @/.' };
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** Packages the domain may use: pure libraries only. */
const DOMAIN_LIBRARIES = ['valibot', '@brazilian-utils/brazilian-utils'];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-server/',
      '.data/',
      '.mutants/',
      'test-results/',
      'playwright-report/',
      'src/routeTree.gen.ts',
    ],
  },
  {
    files: CODE,
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      // The rules read the files an import reaches, so they need the TypeScript parser for them too.
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver': undefined,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.base.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './domain',
              from: ['./machines', './src', './server', './tests', './e2e', './scripts', './bench'],
              message: 'domain/ is the bottom layer: it imports only domain/ and pure libraries.',
            },
            {
              target: './machines',
              from: ['./src', './server', './tests', './e2e', './scripts', './bench'],
              message: 'machines/ imports only domain/ and xstate; effects are provided by the app.',
            },
            {
              target: './src',
              from: ['./server', './tests', './scripts', './bench'],
              message: 'The SPA never imports the server.',
            },
            {
              // Inside the SPA: shared code under features, features under routes (docs/architecture.md, "Where a file goes").
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/routes'],
              message: 'src/lib and src/components hold what the features share: they import no feature and no route.',
            },
            {
              target: './src/features',
              from: './src/routes',
              message: 'A feature imports no route: what more than one route uses moves into the feature.',
            },
            {
              target: './server',
              from: ['./src', './tests', './scripts', './bench'],
              message: 'The server imports domain/ only: rules live there, not in the SPA or the machines.',
            },
            {
              target: ['./server/services', './server/db'],
              from: ['./server/routes', './server/http/errors.ts'],
              message:
                'Services and the database layer know nothing of HTTP: throw a ServiceError (server/services/errors.ts); httpErrorOf maps it.',
            },
            {
              // The NFS-e emission is a flow the server runs: its one definition is the machine (README, Architecture).
              target: './server',
              from: './machines',
              except: ['./nfseEmission.machine.ts'],
              message: 'The server imports domain/ only: rules live there, not in the SPA or the machines.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../../../*'], message: 'Climb at most two folders: use @domain, @machines, @server or @/.' }] },
      ],
      'react-hooks/rules-of-hooks': 'error',
      // A `let` read by a closure before its one assignment (an app that needs its own address) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // Paths, file names and CSV cells are checked for control characters on purpose.
      'no-control-regex': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests and tools read untyped JSON answers; `any` there is a convenience, not a hole in the product's types.
    files: ['tests/**', 'e2e/**', 'scripts/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A route's headers go in its answer (`json(c, route, body, status, headers)`): `json()` writes its answer's
    // headers itself (server/http/json.ts) and would not carry one set before it.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='c'][callee.property.name='header']",
          message: "Pass the header to json(c, route, body, status, headers): json() does not carry c.header()'s.",
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(?!\\./|(?:${DOMAIN_LIBRARIES.map(escapeRegex).join('|')})$)`,
              message: `domain/ imports only domain/ and ${DOMAIN_LIBRARIES.join(', ')}.`,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|@domain(?:/|$)|xstate$)',
              message: 'machines/ imports only domain/ and xstate: no React, no I/O.',
            },
          ],
        },
      ],
    },
  },
);

// One lint configuration for every project: typescript-eslint's recommended rules, sorted imports, the Nx module
// boundaries that mirror the architecture (DEVELOPMENT.md), zero warnings allowed. Formatting is Prettier's job.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import tseslint from 'typescript-eslint';

/**
 * Which projects each kind of project may import, by the tags in each project.json. A lib's list names libs only,
 * and an import by path into another project is refused (but where `allow` says): a lib never imports an app.
 */
const dependencyRules = [
  // The SPA sees the server only through the generated client and the shared contracts.
  { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['type:contracts', 'type:api-client'] },
  // API and worker share contracts, the data layer, messaging and observability, never each other.
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['type:contracts', 'type:db', 'type:messaging', 'type:observability'] },
  { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:api-client', onlyDependOnLibsWithTags: [] },
  { sourceTag: 'type:observability', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:db', onlyDependOnLibsWithTags: ['type:contracts'] },
  { sourceTag: 'type:messaging', onlyDependOnLibsWithTags: ['type:contracts', 'type:observability'] },
  // The API's test helpers (apps/api/testing) start the API (its source by path: see below) on the data layer.
  { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:contracts', 'type:db', 'type:messaging', 'type:observability'] },
  // Browser journeys, the system tests and the tools drive built apps from outside; they may reach anything.
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
  { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['*'] },
];

/** The same for test code, where the server's tests may also use the API's test helpers (apps/api/testing). */
const testDependencyRules = dependencyRules.map((rule) =>
  rule.sourceTag === 'scope:server' ? { ...rule, onlyDependOnLibsWithTags: [...rule.onlyDependOnLibsWithTags, 'type:testing'] } : rule,
);

/** The module-boundaries rule with the given dependency rules, and imports by path allowed where they match `allow`. */
const boundaries = (depConstraints, allow = []) => ['error', { enforceBuildableLibDependency: false, allow, depConstraints }];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'libs/api-client/src/schema.d.ts', '**/test-results/**', '**/vite.config.*'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx, 'simple-import-sort': simpleImportSort },
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        require: 'readonly',
        module: 'writable',
        __dirname: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        window: 'readonly',
        document: 'readonly',
        localStorage: 'readonly',
        navigator: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      '@nx/enforce-module-boundaries': boundaries(dependencyRules),
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    // The API's test helpers are for test code only: the API's source (or any lib) importing them is refused.
    files: ['apps/*/test/**', '**/*.spec.ts'],
    rules: { '@nx/enforce-module-boundaries': boundaries(testDependencyRules) },
  },
  {
    // The API's test helpers (@oj/api-testing, a project of their own beside the API's source) boot the API and
    // sign users in with its own services: they import its source by path, which no lib may.
    files: ['apps/api/testing/**'],
    rules: { '@nx/enforce-module-boundaries': boundaries(dependencyRules, ['^(\\.\\./)+src/']) },
  },
  {
    // The system tests are the one place that runs the apps together: they import the API's and the worker's
    // source by path, which every other project is refused, the worker tests' fault proxy and their interactive
    // corpus (the seeded guessing game's solutions) and ICPC validators; their other helpers come from @oj/api-testing.
    files: ['apps/system-tests/**'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(dependencyRules, [
        '^(\\.\\./)+(api|judge-worker)/src/',
        '^(\\.\\./)+judge-worker/test/(faults|interactive|icpc)/',
      ]),
    },
  },
  {
    // The deployment files' tests (docker-compose.yml, deploy/kubernetes) check the variables those files set
    // against what the apps read: they import the apps' configuration classes, and nothing else of theirs, by path.
    files: ['tools/test/**'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries(testDependencyRules, ['^(\\.\\./)+apps/(api|judge-worker)/src/config/[\\w-]+$']),
    },
  },
  {
    // class-validator's IsOptional lets null through to the services; request DTOs use Omittable instead.
    files: ['apps/api/src/**/*.dto.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional'],
              message: 'Use Omittable from common/omittable.validator: null must be validated, not skipped.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA's components and pages show what hooks give them: react-query and the generated client are used in
    // each feature's hooks/ and api.ts (DEVELOPMENT.md), so a query key, a call or an invalidation is written once.
    files: ['apps/web/src/pages/**', 'apps/web/src/components/**', 'apps/web/src/features/*/components/**'],
    ignores: ['**/*.spec.tsx', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tanstack/react-query',
              message: "Call the feature's hooks/ (react-query over the generated client) instead.",
            },
          ],
          patterns: [
            {
              group: ['**/api/client'],
              importNames: ['api', 'sessionApi', 'unwrap'],
              message: "Call the client from the feature's api.ts or hooks/ instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // Type-aware rules for what the plain ones cannot see: a promise nobody awaits (its rejection becomes an
    // unhandled one, or a step runs after its caller has moved on) and a promise passed where a plain callback
    // is expected (an async handler whose errors Express or an event emitter never see).
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  prettier,
);

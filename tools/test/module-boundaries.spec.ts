import { spawnSync } from 'child_process';
import { existsSync, readdirSync } from 'fs';
import { join } from 'path';

const root = join(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/**
 * What ESLint says of each source as if it were the file at its path (nothing is written to disk), as
 * `eslint --stdin --stdin-filename <path>` would: the same configuration, loaded once in one ESLint process for
 * every probe instead of once per probe (each start costs about two seconds).
 */
function lintAs(probes: { filePath: string; source: string }[]): LintMessage[][] {
  const script = `
    const { ESLint } = require('eslint');
    let input = '';
    process.stdin.on('data', (chunk) => (input += chunk)).on('end', async () => {
      // The probes are not on disk, so the type-aware rules (which need the file in a TypeScript program) are off.
      const eslint = new ESLint({
        cwd: process.cwd(),
        overrideConfig: {
          languageOptions: { parserOptions: { projectService: false } },
          rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
        },
      });
      const messages = [];
      for (const { filePath, source } of JSON.parse(input)) messages.push((await eslint.lintText(source, { filePath }))[0].messages);
      process.stdout.write(JSON.stringify(messages));
    });`;
  const eslint = spawnSync(process.execPath, ['-e', script], { cwd: root, input: JSON.stringify(probes), encoding: 'utf8' });
  if (!eslint.stdout) throw new Error(`eslint printed nothing: ${eslint.stderr}`);
  return JSON.parse(eslint.stdout);
}

// The rule reads Nx's cached project graph; computing it here makes the test independent of what ran before.
beforeAll(() => {
  const nx = spawnSync(process.execPath, [join(root, 'node_modules/nx/bin/nx.js'), 'show', 'projects'], {
    cwd: root,
    env: { ...process.env, NX_DAEMON: 'false' },
    encoding: 'utf8',
  });
  if (nx.status !== 0) throw new Error(`nx show projects failed: ${nx.stderr}`);
});

/**
 * A lib never imports an app (DEVELOPMENT.md): each lib, in its source and in its tests, reaching into each app's
 * source by path, and importing the API's test helpers (which live with the API).
 */
function libToApp(): [string, string, string][] {
  const libs = readdirSync(join(root, 'libs'));
  const apps = readdirSync(join(root, 'apps')).filter((app) =>
    ['main.ts', 'main.tsx'].some((main) => existsSync(join(root, 'apps', app, 'src', main))),
  );
  return libs.flatMap((lib) =>
    ['probe.ts', 'probe.spec.ts'].flatMap((file): [string, string, string][] => [
      ...apps.map((app): [string, string, string] => [
        `libs/${lib} (${file}) reaches into apps/${app}`,
        `libs/${lib}/src/${file}`,
        `import * as app from '../../../apps/${app}/src/main';\nexport const x = app;\n`,
      ]),
      [
        `libs/${lib} (${file}) imports the API's test helpers`,
        `libs/${lib}/src/${file}`,
        "import { createTestApp } from '@oj/api-testing';\nexport const x = createTestApp;\n",
      ],
    ]),
  );
}

/** Imports the architecture forbids: [what, as the file at, source]. */
const forbidden: [string, string, string][] = [
  [
    'the SPA imports the data layer',
    'apps/web/src/probe.ts',
    "import { SubmissionEntity } from '@oj/db';\nexport const x = SubmissionEntity;\n",
  ],
  [
    'the SPA imports observability',
    'apps/web/src/probe.ts',
    "import { createLogger } from '@oj/observability';\nexport const x = createLogger;\n",
  ],
  [
    'the SPA reaches into the API',
    'apps/web/src/probe.ts',
    "import { AppModule } from '../../api/src/app.module';\nexport const x = AppModule;\n",
  ],
  [
    'the API reaches into the worker',
    'apps/api/src/probe.ts',
    "import { WorkerModule } from '../../judge-worker/src/worker.module';\nexport const x = WorkerModule;\n",
  ],
  [
    'the worker reaches into the API',
    'apps/judge-worker/src/probe.ts',
    "import { AppModule } from '../../api/src/app.module';\nexport const x = AppModule;\n",
  ],
  [
    'the contracts import the data layer',
    'libs/contracts/src/probe.ts',
    "import { SubmissionEntity } from '@oj/db';\nexport const x = SubmissionEntity;\n",
  ],
  [
    "the API's source imports the test helpers",
    'apps/api/src/probe.ts',
    "import { createTestApp } from '@oj/api-testing';\nexport const x = createTestApp;\n",
  ],
  [
    'the SPA imports the test helpers in its tests',
    'apps/web/src/probe.spec.ts',
    "import { createTestApp } from '@oj/api-testing';\nexport const x = createTestApp;\n",
  ],
  [
    "the API's test helpers reach into the worker",
    'apps/api/testing/src/probe.ts',
    "import { WorkerModule } from '../../../judge-worker/src/worker.module';\nexport const x = WorkerModule;\n",
  ],
  ...libToApp(),
  [
    "the system tests reach into the API's tests",
    'apps/system-tests/test/probe.spec.ts',
    "import { responseMismatches } from '../../api/test/openapi-responses';\nexport const x = responseMismatches;\n",
  ],
  [
    "the deployment tests reach past the apps' configuration",
    'tools/test/probe.spec.ts',
    "import { AppModule } from '../../apps/api/src/app.module';\nexport const x = AppModule;\n",
  ],
];

/** Imports it allows. */
const allowed: [string, string, string][] = [
  [
    'the SPA imports the contracts and the generated client',
    'apps/web/src/probe.ts',
    "import { createApiClient } from '@oj/api-client';\nimport { SUBMISSION_STATUSES } from '@oj/contracts';\nexport const x = [createApiClient, SUBMISSION_STATUSES];\n",
  ],
  [
    'the worker imports the data layer',
    'apps/judge-worker/src/probe.ts',
    "import { SubmissionEntity } from '@oj/db';\nexport const x = SubmissionEntity;\n",
  ],
  [
    'the data layer imports the contracts',
    'libs/db/src/probe.ts',
    "import { SUBMISSION_STATUSES } from '@oj/contracts';\nexport const x = SUBMISSION_STATUSES;\n",
  ],
  [
    "the API's tests import the test helpers",
    'apps/api/test/probe.spec.ts',
    "import { createTestApp } from '@oj/api-testing';\nexport const x = createTestApp;\n",
  ],
  [
    'the system tests import the test helpers and the API by path',
    'apps/system-tests/test/probe.spec.ts',
    "import { createTestApp } from '@oj/api-testing';\n\nimport { AppModule } from '../../api/src/app.module';\nexport const x = [createTestApp, AppModule];\n",
  ],
  [
    "the API's test helpers boot the API by path",
    'apps/api/testing/src/probe.ts',
    "import { createApiApp } from '../../src/app-setup';\nexport const x = createApiApp;\n",
  ],
  [
    "the deployment tests import the apps' configuration classes by path",
    'tools/test/probe.spec.ts',
    "import { AppConfig } from '../../apps/api/src/config/app-config';\nimport { WorkerConfig } from '../../apps/judge-worker/src/config/worker-config';\nexport const x = [AppConfig, WorkerConfig];\n",
  ],
];

/**
 * The SPA's layers (DEVELOPMENT.md, apps/web): components and pages reach the server only through their feature's
 * hooks/ and api.ts, so they may not import react-query or the client itself; hooks may.
 */
const inComponents: [string, string, string][] = [
  [
    'a component runs a query',
    'apps/web/src/features/problems/components/Probe.tsx',
    "import { useQuery } from '@tanstack/react-query';\nexport const x = useQuery;\n",
  ],
  [
    'a page runs a mutation',
    'apps/web/src/pages/ProbePage.tsx',
    "import { useMutation } from '@tanstack/react-query';\nexport const x = useMutation;\n",
  ],
  [
    'a shared component calls the client',
    'apps/web/src/components/Probe.tsx',
    "import { api, unwrap } from '../api/client';\nexport const x = [api, unwrap];\n",
  ],
];
const inHooks: [string, string, string][] = [
  [
    "a feature's hook runs a query over the client",
    'apps/web/src/features/problems/hooks/useProbe.ts',
    "import { useQuery } from '@tanstack/react-query';\n\nimport { api, unwrap } from '../../../api/client';\nexport const x = [useQuery, api, unwrap];\n",
  ],
  [
    'a component tells API errors apart',
    'apps/web/src/features/problems/components/Probe.tsx',
    "import { ApiError } from '../../../api/client';\nexport const x = ApiError;\n",
  ],
];

const probes = [...forbidden, ...allowed, ...inComponents, ...inHooks].map(([, filePath, source]) => ({ filePath, source }));
const messagesOf = new Map<string, LintMessage[]>();
beforeAll(() => lintAs(probes).forEach((messages, i) => messagesOf.set(probes[i].filePath + probes[i].source, messages)));

/** What `rule` says of a probe. */
function errorsOf(rule: string, filePath: string, source: string): string[] {
  const found = messagesOf.get(filePath + source);
  if (!found) throw new Error(`${filePath} was not linted`);
  return found.filter((m) => m.ruleId === rule).map((m) => m.message);
}

// Issue 12: the lint knows the architecture (DEVELOPMENT.md, "May import").
describe('module boundaries', () => {
  it.each(forbidden)('fails the lint when %s', (_what, filePath, source) => {
    expect(errorsOf('@nx/enforce-module-boundaries', filePath, source)).not.toEqual([]);
  });

  it.each(allowed)('passes when %s', (_what, filePath, source) => {
    expect(errorsOf('@nx/enforce-module-boundaries', filePath, source)).toEqual([]);
  });
});

// Issue 22: the SPA's client calls stay in its features' hooks/ and api.ts.
describe("the SPA's layers", () => {
  it.each(inComponents)('fails the lint when %s', (_what, filePath, source) => {
    expect(errorsOf('no-restricted-imports', filePath, source)).not.toEqual([]);
  });

  it.each(inHooks)('passes when %s', (_what, filePath, source) => {
    expect(errorsOf('no-restricted-imports', filePath, source)).toEqual([]);
  });
});

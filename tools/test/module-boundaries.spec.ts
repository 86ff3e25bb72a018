import { spawnSync } from 'child_process';
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
      const eslint = new ESLint({ cwd: process.cwd() });
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
    'a lib reaches into an app',
    'libs/db/src/probe.ts',
    "import { AppModule } from '../../../apps/api/src/app.module';\nexport const x = AppModule;\n",
  ],
  [
    "the API's source imports the test helpers",
    'apps/api/src/probe.ts',
    "import { createTestApp } from '@oj/testing';\nexport const x = createTestApp;\n",
  ],
  [
    'a lib imports the test helpers in its tests',
    'libs/db/src/probe.spec.ts',
    "import { createTestApp } from '@oj/testing';\nexport const x = createTestApp;\n",
  ],
  [
    'the SPA imports the test helpers in its tests',
    'apps/web/src/probe.spec.ts',
    "import { createTestApp } from '@oj/testing';\nexport const x = createTestApp;\n",
  ],
  [
    'the test helpers reach into the worker',
    'libs/testing/src/probe.ts',
    "import { WorkerModule } from '../../../apps/judge-worker/src/worker.module';\nexport const x = WorkerModule;\n",
  ],
  [
    "the system tests reach into the API's tests",
    'apps/system-tests/test/probe.spec.ts',
    "import { responseMismatches } from '../../api/test/openapi-responses';\nexport const x = responseMismatches;\n",
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
    "import { createTestApp } from '@oj/testing';\nexport const x = createTestApp;\n",
  ],
  [
    'the system tests import the test helpers and the API by path',
    'apps/system-tests/test/probe.spec.ts',
    "import { createTestApp } from '@oj/testing';\n\nimport { AppModule } from '../../api/src/app.module';\nexport const x = [createTestApp, AppModule];\n",
  ],
  [
    'the test helpers boot the API by path',
    'libs/testing/src/probe.ts',
    "import { createApiApp } from '../../../apps/api/src/app-setup';\nexport const x = createApiApp;\n",
  ],
];

// Issue 12: the lint knows the architecture (DEVELOPMENT.md, "May import").
describe('module boundaries', () => {
  const errors = new Map<string, string[]>();
  beforeAll(() => {
    const probes = [...forbidden, ...allowed].map(([, filePath, source]) => ({ filePath, source }));
    lintAs(probes).forEach((messages, i) => {
      errors.set(
        probes[i].filePath + probes[i].source,
        messages.filter((m) => m.ruleId === '@nx/enforce-module-boundaries').map((m) => m.message),
      );
    });
  });
  function boundaryErrors(filePath: string, source: string): string[] {
    const found = errors.get(filePath + source);
    if (!found) throw new Error(`${filePath} was not linted`);
    return found;
  }

  it.each(forbidden)('fails the lint when %s', (_what, filePath, source) => {
    expect(boundaryErrors(filePath, source)).not.toEqual([]);
  });

  it.each(allowed)('passes when %s', (_what, filePath, source) => {
    expect(boundaryErrors(filePath, source)).toEqual([]);
  });
});

import { spawnSync } from 'child_process';
import { join } from 'path';

const root = join(__dirname, '../..');

interface LintMessage {
  ruleId: string | null;
  message: string;
}

/** What ESLint says of `source` as if it were the file at `filePath` (nothing is written to disk). */
function lintAs(filePath: string, source: string): LintMessage[] {
  const eslint = spawnSync(
    process.execPath,
    [join(root, 'node_modules/eslint/bin/eslint.js'), '--stdin', '--stdin-filename', filePath, '--format', 'json'],
    { cwd: root, input: source, encoding: 'utf8' },
  );
  if (!eslint.stdout) throw new Error(`eslint printed nothing: ${eslint.stderr}`);
  return (JSON.parse(eslint.stdout) as { messages: LintMessage[] }[])[0].messages;
}

function boundaryErrors(filePath: string, source: string): string[] {
  return lintAs(filePath, source)
    .filter((m) => m.ruleId === '@nx/enforce-module-boundaries')
    .map((m) => m.message);
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

// Issue 12: the lint knows the architecture (DEVELOPMENT.md, "May import").
describe('module boundaries', () => {
  it.each([
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
  ])('fails the lint when %s', (_what, filePath, source) => {
    expect(boundaryErrors(filePath, source)).not.toEqual([]);
  });

  it.each([
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
  ])('passes when %s', (_what, filePath, source) => {
    expect(boundaryErrors(filePath, source)).toEqual([]);
  });
});

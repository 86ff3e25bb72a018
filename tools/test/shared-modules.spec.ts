import { spawnSync } from 'child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import path from 'path';

const ROOT = path.join(__dirname, '../..');

/** One line each check file writes: which worker ran it (process and thread), and which load of shared.ts it got. */
interface FileRun {
  file: string;
  worker: string;
  sharedModuleLoad: string;
}

/**
 * Runs Jest over `files` (name → TypeScript) with the settings the API and system suites take from
 * tools/jest/with-shared-modules.js, in two process workers: each file's test results, and each file's FileRun.
 */
function runSharedModules(files: Record<string, string>) {
  mkdirSync(path.join(ROOT, 'tmp'), { recursive: true });
  const dir = mkdtempSync(path.join(ROOT, 'tmp', 'shared-modules-'));
  try {
    writeFileSync(
      path.join(dir, 'jest.config.js'),
      `module.exports = {
        ...require(${JSON.stringify(path.join(ROOT, 'jest.preset.js'))}),
        ...require(${JSON.stringify(path.join(ROOT, 'tools/jest/with-shared-modules.js'))}),
        rootDir: ${JSON.stringify(dir)},
        testMatch: ['<rootDir>/*.check.ts'],
        maxWorkers: 2,
        reporters: [],
      };`,
    );
    writeFileSync(
      path.join(dir, 'shared.ts'),
      `import { appendFileSync } from 'fs';
      import { randomUUID } from 'crypto';
      import { threadId } from 'worker_threads';
      const load = randomUUID();
      export function recordRun(file: string): void {
        appendFileSync(${JSON.stringify(path.join(dir, 'runs.jsonl'))},
          JSON.stringify({ file, worker: process.pid + '/' + threadId, sharedModuleLoad: load }) + '\\n');
      }`,
    );
    for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
    const output = path.join(dir, 'results.json');
    const jest = spawnSync(
      process.execPath,
      [require.resolve('jest/bin/jest'), '-c', path.join(dir, 'jest.config.js'), '--json', '--outputFile', output],
      { cwd: ROOT, encoding: 'utf8', timeout: 120_000 },
    );
    const results = JSON.parse(readFileSync(output, 'utf8')) as {
      testResults: { name: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
    };
    const tests = Object.fromEntries(
      results.testResults.flatMap((file) =>
        file.assertionResults.map((test) => [
          `${path.basename(file.name)} › ${test.title}`,
          { status: test.status, failure: test.failureMessages.join('\n') },
        ]),
      ),
    );
    const runs = readFileSync(path.join(dir, 'runs.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FileRun);
    return { exitCode: jest.status, tests, runs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('test files sharing their modules (tools/jest/with-shared-modules.js)', () => {
  const checkFile = (name: string, body: string) => `import { recordRun } from './shared';\nrecordRun(${JSON.stringify(name)});\n${body}\n`;
  let outcome: ReturnType<typeof runSharedModules>;

  beforeAll(() => {
    outcome = runSharedModules({
      'a.check.ts': checkFile(
        'a.check.ts',
        `import 'reflect-metadata';
        import { MAX_STATEMENT_BYTES } from '@oj/contracts';
        class Clock {}
        const inject = (): ParameterDecorator => () => undefined;
        class Board { constructor(@inject() readonly clock: Clock) {} }
        it('compiles TypeScript with decorator metadata and resolves the workspace aliases', () => {
          expect(Reflect.getMetadata('design:paramtypes', Board)).toEqual([Clock]);
          expect(MAX_STATEMENT_BYTES).toBeGreaterThan(0);
        });
        // An open handle the file never closes: its worker must still end with the run.
        setInterval(() => undefined, 1000);`,
      ),
      'b.check.ts': checkFile(
        'b.check.ts',
        `it('fails a test that outlives its own timeout', () => new Promise(() => undefined), 300);
        it('fails a test whose done callback is given an error', (done) => {
          setTimeout(() => done(new Error('given to done')), 10);
        });
        describe('after jest.setTimeout', () => {
          jest.setTimeout(200);
          it('fails a test that outlives the file timeout', () => new Promise(() => undefined));
          it.each([1, 2])('runs each case (%s)', (n) => expect(n).toBeGreaterThan(0));
        });`,
      ),
      'c.check.ts': checkFile(
        'c.check.ts',
        `it('keeps the preset timeout in a file after one that set its own', () => new Promise((r) => setTimeout(r, 400)));`,
      ),
      'd.check.ts': checkFile('d.check.ts', `beforeAll(() => new Promise(() => undefined), 200);\nit('runs', () => undefined);`),
    });
  }, 150_000);

  it('fails what should fail, each with its own message, and passes the rest', () => {
    const { tests } = outcome;
    expect(tests['a.check.ts › compiles TypeScript with decorator metadata and resolves the workspace aliases']).toEqual({
      status: 'passed',
      failure: '',
    });
    expect(tests['b.check.ts › fails a test that outlives its own timeout'].failure).toContain(
      'Exceeded timeout of 300 ms for a test (fails a test that outlives its own timeout).',
    );
    expect(tests['b.check.ts › fails a test whose done callback is given an error'].failure).toContain('given to done');
    expect(tests['b.check.ts › fails a test that outlives the file timeout'].failure).toContain('Exceeded timeout of 200 ms');
    expect(tests['b.check.ts › runs each case (1)'].status).toBe('passed');
    expect(tests['b.check.ts › runs each case (2)'].status).toBe('passed');
    expect(tests['c.check.ts › keeps the preset timeout in a file after one that set its own'].status).toBe('passed');
    expect(tests['d.check.ts › (beforeAll)'].failure).toContain('Exceeded timeout of 200 ms for a beforeAll hook');
    expect(outcome.exitCode).toBe(1);
  });

  it('loads a module once per worker, for every file that worker runs', () => {
    const { runs } = outcome;
    expect(runs.map((run) => run.file).sort()).toEqual(['a.check.ts', 'b.check.ts', 'c.check.ts', 'd.check.ts']);
    const loadsByWorker = new Map<string, Set<string>>();
    for (const run of runs) loadsByWorker.set(run.worker, (loadsByWorker.get(run.worker) ?? new Set()).add(run.sharedModuleLoad));
    // Four files on two workers: at least one worker ran two, and each worker loaded the module once.
    expect(loadsByWorker.size).toBeLessThanOrEqual(2);
    expect([...loadsByWorker.values()].map((loads) => loads.size)).toEqual([...loadsByWorker.keys()].map(() => 1));
  });

  it('ends with the run, even when a file left a timer open', async () => {
    const pids = [...new Set(outcome.runs.map((run) => Number(run.worker.split('/')[0])))];
    expect(pids).not.toContain(process.pid);
    for (const deadline = Date.now() + 10_000; pids.some(alive) && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pids.filter(alive)).toEqual([]);
  });
});

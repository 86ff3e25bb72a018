import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { LocalEngine } from '../../src/engines/local/local-engine';
import { Grader } from '../../src/grading/grader';
import { graderOf } from '../grading/grader-of';
import { localGrader, removeWorkRoot } from './engine-fixture';
import { removeTree } from './work-roots';

const BUSY_C = 'int main(void){volatile unsigned long x=0;for(;;)x++;}';
/** Long enough for the C compile to be over: the cancel then meets the running program. */
const CANCEL_AFTER_MS = 1500;
const KILLED_WITHIN_MS = 2000;

/**
 * Aborts after CANCEL_AFTER_MS; resolves how long `work` took to end after that. The grader is made before the clock
 * starts: making an engine (its launcher build, its Java archive dump) is start-up, not the run being cancelled.
 */
async function cancelledAfterStart(
  grader: Grader,
  work: (grader: Grader, signal: AbortSignal) => Promise<unknown>,
): Promise<{ error: unknown; lateMs: number }> {
  const cancel = new AbortController();
  const reason = new Error('cancelled');
  const timer = setTimeout(() => cancel.abort(reason), CANCEL_AFTER_MS);
  const started = Date.now();
  try {
    await work(grader, cancel.signal);
    return { error: null, lateMs: Date.now() - started - CANCEL_AFTER_MS };
  } catch (error) {
    return { error, lateMs: Date.now() - started - CANCEL_AFTER_MS };
  } finally {
    clearTimeout(timer);
  }
}

/** A cancelled job's program is killed at once (its 10 s limit is never reached) and the engine answers nothing. */
describe('local engine: cancelled jobs', () => {
  const fallbackRoot = mkdtempSync(join(tmpdir(), 'oj-judge-cancel-'));
  const fallback = graderOf(
    new LocalEngine({
      workRoot: fallbackRoot,
      cgroupRoot: join(fallbackRoot, 'no-cgroups'),
      logger: { log: () => undefined, warn: () => undefined },
    }),
  );
  // The file's engine is made before any timed window: its start (a precompiled C++ header) is not a cancellation.
  beforeAll(() => localGrader(), 120_000);
  afterAll(async () => {
    await removeWorkRoot();
    removeTree(fallbackRoot);
  });
  const limits = { languageId: 50, sourceCode: BUSY_C, cpuTimeLimit: 10, memoryLimit: 64 };

  it.each([
    ['a run in a pooled box', () => localGrader()],
    ['a run in a fresh box (no cgroup)', () => fallback],
  ])(
    'kills %s',
    async (_label, engine) => {
      const { error, lateMs } = await cancelledAfterStart(engine(), (grader, signal) => grader.run({ ...limits, stdin: '', signal }));
      expect(error).toEqual(new Error('cancelled'));
      expect(lateMs).toBeLessThan(KILLED_WITHIN_MS);
    },
    30_000,
  );

  it('kills a validation midway through its tests', async () => {
    const testCases = Array.from({ length: 5 }, () => ({ input: '', output: '', points: 1 }));
    const { error, lateMs } = await cancelledAfterStart(localGrader(), (grader, signal) => grader.grade({ ...limits, testCases, signal }));
    expect(error).toEqual(new Error('cancelled'));
    expect(lateMs).toBeLessThan(KILLED_WITHIN_MS);
  }, 30_000);
});

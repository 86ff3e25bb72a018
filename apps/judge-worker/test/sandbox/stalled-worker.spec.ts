import { readdirSync, readFileSync } from 'fs';

import { localGrader, removeWorkRoot } from './engine-fixture';

/** Whether a test program ("main") runs in one of this file's run boxes right now. */
function programRunning(): boolean {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .some((pid) => {
      try {
        return (
          readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'main' &&
          readFileSync(`/proc/${pid}/cgroup`, 'utf8').includes(`/run-${process.pid}-`)
        );
      } catch {
        return false; // exited meanwhile
      }
    });
}

/**
 * Blocks the event loop, as a slow synchronous job of another submission would: the thread sleeps in
 * Atomics.wait rather than spinning, the same stall without taking a core from the tests running beside it.
 */
function block(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * One job stalling the worker's event loop must not fail another job's run: the run ends and its answer waits
 * in the pipes while the loop is blocked; when the loop is free again, timers fire before that answer is read.
 * Deadlines that counted the stall killed the run (wall clock) or declared its box dead.
 */
describe('local engine with a stalled event loop', () => {
  afterAll(removeWorkRoot);

  it('a run that finished while the event loop was blocked past its wall limit is judged on its output', async () => {
    const tests = Array.from({ length: 3 }, () => ({ input: '', output: 'ok\n', points: 1 }));
    const src = '#include <stdio.h>\n#include <unistd.h>\nint main(void){usleep(300000);puts("ok");return 0;}';
    let stalls = 0;
    const watcher = setInterval(() => {
      if (stalls < 2 && programRunning()) {
        stalls++;
        // Longer than the wall limit (2 × 0.5 s + 1 s) plus the launcher's grace, and after the poll phase (as a
        // checker run on an output's last chunk would), so the next loop iteration starts with the due timers.
        setImmediate(() => block(5000));
      }
    }, 20);
    try {
      const r = await localGrader().grade({ languageId: 50, sourceCode: src, cpuTimeLimit: 0.5, memoryLimit: 64, testCases: tests });
      expect(r.status === 'failed' ? r.message : r.testCaseResults.map((t) => t.message ?? t.status)).toEqual([
        'accepted',
        'accepted',
        'accepted',
      ]);
      expect(stalls).toBe(2);
    } finally {
      clearInterval(watcher);
    }
  }, 90_000);
});

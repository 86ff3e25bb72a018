import { readFileSync } from 'fs';

import { LocalEngine } from '../../../src/engines/local/local-engine';
import { ForkedEngines } from './forked-engines';

/**
 * A warm slot starts CPython's fork server after each reset, before its submission arrives: a Python submission
 * finds it initialised, any other closes it, and no server ever serves two submissions. Everything runs for real.
 */
const engines = new ForkedEngines();
afterAll(() => engines.close());

const CPYTHON = 71;
const CPP = 54;
/**
 * What a test sees of its box: its parent (a fork server, or the launcher, pid 1), when that parent started (host
 * uptime, seconds), when the test itself was about to end (host uptime), and the names of the box's other processes.
 */
const PROBE = `import os
me, parent = os.getpid(), os.getppid()
tick = os.sysconf('SC_CLK_TCK')
def comm(p):
    return open('/proc/%s/comm' % p).read().strip()
def started(p):
    return int(open('/proc/%s/stat' % p).read().rsplit(')', 1)[1].split()[19]) / tick
others = sorted(comm(p) for p in os.listdir('/proc') if p.isdigit() and int(p) != me)
print(parent, started(parent), open('/proc/uptime').read().split()[0], ' '.join(others))
`;
const CPP_SUM = '#include <cstdio>\nint main() { long a, b; scanf("%ld %ld", &a, &b); printf("%ld\\n", a + b); }\n';
const PYTHON_SUM = 'a, b = map(int, input().split())\nprint(a + b)\n';

/** Host uptime, seconds: the clock a process's start time in /proc counts on. */
const uptime = () => Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The probe's view of its box in one submission of `engine`. */
async function probe(engine: LocalEngine): Promise<{ parent: number; parentStarted: number; endedAt: number; others: string[] }> {
  const [ran] = await engines.run(engine, CPYTHON, PROBE, ['']);
  expect(ran.failure).toBeNull();
  const [parent, parentStarted, endedAt, ...others] = ran.stdout.trim().split(' ');
  return { parent: Number(parent), parentStarted: Number(parentStarted), endedAt: Number(endedAt), others };
}

const pythons = (names: string[]) => names.filter((name) => /python/.test(name));

describe('fork servers started before their submission', () => {
  it('a warm slot has CPython initialised before a Python submission arrives, and it serves that submission', async () => {
    await engines.on.warm();
    // Started in the background: it comes up while no submission is there (CPython starts in well under a second;
    // the wait is long enough for a machine loaded by the other test files).
    await sleep(4000);
    const submitted = uptime();
    const seen = await probe(engines.on);
    expect(seen.parent).not.toBe(1);
    expect(seen.parentStarted).toBeLessThan(submitted);
    expect(pythons(seen.others)).toHaveLength(1);
  }, 60_000);

  it('a pre-started server never serves a second submission: each one gets a server started after the last ended', async () => {
    const first = await probe(engines.on);
    const second = await probe(engines.on);
    expect(second.parent).not.toBe(1);
    expect(second.parentStarted).toBeGreaterThan(first.parentStarted);
    // When the first submission's program was about to end, read inside it: the test's own clock would read later,
    // after the box was reset and the next server started. Start times count in clock ticks (floored), so the
    // second server started no earlier than the tick the first program ended in.
    expect(second.parentStarted).toBeGreaterThanOrEqual(first.endedAt - 0.01);
  }, 60_000);

  it('a C++ submission runs in the box its pre-started server leaves, and Python after it is judged right, forked', async () => {
    await engines.on.warm();
    const cpp = await engines.run(engines.on, CPP, CPP_SUM, ['1 2\n', '40 2\n']);
    expect(cpp.map((r) => [r.failure, r.stdout])).toEqual([
      [null, '3\n'],
      [null, '42\n'],
    ]);
    const broken = engines.on.compile({ languageId: CPP, sourceCode: 'int main( {' });
    await expect(broken).rejects.toThrow();
    const python = await engines.run(engines.on, CPYTHON, PYTHON_SUM, ['1 2\n', '40 2\n']);
    expect(python.map((r) => [r.failure, r.stdout])).toEqual([
      [null, '3\n'],
      [null, '42\n'],
    ]);
    const seen = await probe(engines.on);
    expect(seen.parent).not.toBe(1);
    expect(pythons(seen.others)).toHaveLength(1);
  }, 120_000);

  it('with JUDGE_FORK_SERVER=off, warm slots start no interpreter', async () => {
    await engines.off.warm();
    await sleep(4000);
    const seen = await probe(engines.off);
    expect(seen.parent).toBe(1);
    expect(pythons(seen.others)).toEqual([]);
  }, 60_000);
});

import { readFileSync } from 'fs';

import { LocalEngine } from '../../../src/engines/local/local-engine';
import { ForkedEngines } from './forked-engines';

/**
 * A warm slot starts CPython's fork server before its submission arrives: a Python submission finds it initialised,
 * any other closes it, and it serves the next submission too unless a test changed what its children inherit.
 * Everything runs for real.
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

  it('a server serves the next submission too: the same interpreter, started before the first arrived', async () => {
    const first = await probe(engines.on);
    const second = await probe(engines.on);
    expect(second.parent).not.toBe(1);
    expect(second.parent).toBe(first.parent);
    expect(second.parentStarted).toBe(first.parentStarted);
    expect(pythons(second.others)).toHaveLength(1);
  }, 60_000);

  it('what a submission leaves behind or changes of its server, the next one never sees', async () => {
    // The next submission: its files in /tmp, its parent, its nice value and stack rlimit, and the box's processes.
    const look = `import os, resource
print(sorted(os.listdir('/tmp')), os.getppid(), os.nice(0), resource.getrlimit(resource.RLIMIT_STACK)[1] > 1 << 20, len(os.listdir('/proc')))`;
    const next = async () => {
      const [ran] = await engines.run(engines.on, CPYTHON, look, ['']);
      expect(ran.failure).toBeNull();
      return ran.stdout.trim();
    };
    const parentIn = (seen: string) => seen.split('] ')[1].split(' ')[0];
    const clean = await next();
    // Files, a process left running, SysV IPC: cleared after every test, as between two tests of one submission.
    const litter = `import os
open('/tmp/left-behind', 'w').write('x')
if os.fork() == 0:
    import time
    time.sleep(60)
print('done')`;
    const [littered] = await engines.run(engines.on, CPYTHON, litter, ['']);
    expect(littered.stdout).toBe('done\n');
    const afterLitter = await next();
    expect(afterLitter).toBe(clean);
    // What the server's children inherit, changed by a test through its uid (prlimit, setpriority): that server
    // serves no other submission, and the next one is judged as by a fresh server.
    for (const change of [
      'resource.prlimit(os.getppid(), resource.RLIMIT_STACK, (1 << 20, 1 << 20))',
      'os.setpriority(os.PRIO_PROCESS, os.getppid(), 19)',
      'os.sched_setaffinity(os.getppid(), {0})',
    ]) {
      const [changed] = await engines.run(engines.on, CPYTHON, `import os, resource\n${change}\nprint('changed')`, ['']);
      expect(changed.stdout).toBe('changed\n');
      const after = await next();
      expect(after.replace(/\] \d+ /, '] ')).toBe(clean.replace(/\] \d+ /, '] '));
      expect(parentIn(after)).not.toBe(parentIn(clean));
      const [judged] = await engines.run(engines.on, CPYTHON, PYTHON_SUM, ['1 2\n']);
      expect([judged.failure, judged.stdout]).toEqual([null, '3\n']);
    }
  }, 120_000);

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

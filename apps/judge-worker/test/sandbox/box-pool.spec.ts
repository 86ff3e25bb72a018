import { chmodSync, closeSync, constants, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, statSync, writeSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { setTimeout as sleep } from 'timers/promises';

import { BOX_UID } from '../../src/engines/local/box-command';
import { buildLauncher } from '../../src/engines/local/box-launcher';
import { BoxPool, BoxSlot, BoxSlotHost } from '../../src/engines/local/box-pool';
import { CgroupFactory } from '../../src/engines/local/cgroup';
import { LocalEngine } from '../../src/engines/local/local-engine';
import { PrivateMounts } from '../../src/engines/local/private-mounts';
import { RunBox } from '../../src/engines/local/run-box';
import { supervise } from '../../src/engines/local/run-supervision';
import { COMPILE_LIMITS, RUN_FILE_BYTES, runLimits } from '../../src/engines/local/sandbox-limits';
import { SubmissionDirs } from '../../src/engines/local/submission-boxes';
import { graderOf } from '../grading/grader-of';
import { removeTree } from './work-roots';

/**
 * Warm boxes serve one submission after another: whatever a submission (its compile or its program) leaves
 * behind must be gone before the next one, and each run must get its own limits and environment. Everything
 * here runs for real in the real sandbox.
 */
const workRoot = mkdtempSync(join(tmpdir(), 'oj-judge-pool-'));
// As the engine prepares it: the box user may traverse it to its boxes' directories.
chmodSync(workRoot, 0o711);
const cgroups = CgroupFactory.detect();
const launcher = buildLauncher(workRoot);
if ('unavailable' in cgroups || !('path' in launcher)) throw new Error('the box pool needs cgroups and the launcher');
const mounts = PrivateMounts.detect(workRoot);
const host: BoxSlotHost = { workRoot, launcher: launcher.path, cgroups, mounts: 'unavailable' in mounts ? null : mounts, binds: () => [] };
const sh = (script: string) => ({ command: ['/bin/sh', '-c', script] });
const limits = runLimits(2, 64, 0);

/** Where this process's box cgroups live in the memory hierarchy (cgroup v1) or the unified one (v2). */
function boxCgroupBase(): string {
  const memory = readFileSync('/proc/self/cgroup', 'utf8')
    .split('\n')
    .find((l) => l.split(':')[1]?.split(',').includes('memory'));
  if (memory) return join('/sys/fs/cgroup/memory', memory.split(':')[2], 'oj-boxes');
  const unified =
    readFileSync('/proc/self/cgroup', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('0::')) ?? '0::/';
  return join('/sys/fs/cgroup', unified.slice(3), 'oj-boxes');
}

const runCgroups = () => {
  const base = boxCgroupBase();
  return existsSync(base) ? readdirSync(base).filter((name) => name.startsWith(`run-${process.pid}-`)) : [];
};
/** Boxes of this process from before this file (the test process may have run other files first). */
const earlier = new Set(runCgroups());

/** This file's box cgroups (their names carry this process's pid). */
function ourBoxCgroups(): string[] {
  return runCgroups().filter((name) => !earlier.has(name));
}

function pidsIn(cgroup: string): number[] {
  return readFileSync(join(boxCgroupBase(), cgroup, 'cgroup.procs'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map(Number);
}

async function output(slot: BoxSlot, role: 'compile' | 'run', script: string, env?: Record<string, string>, runLimits = limits) {
  const command = { ...sh(script), env };
  const result = role === 'compile' ? await slot.compile(command, runLimits) : await slot.run(command, '', runLimits);
  return { result, stdout: readFileSync(slot.stdoutPath, 'utf8') };
}

describe('box pool: warm boxes shared by submissions one after another', () => {
  afterAll(() => removeTree(workRoot));

  it('warms its slots before any submission and serves the next submission from the same boxes', async () => {
    const pool = new BoxPool(host, 1);
    await pool.warm();
    const warm = ourBoxCgroups();
    expect(warm).toHaveLength(2); // the compile box and the run box
    const first = await pool.acquire();
    first.release();
    const second = await pool.acquire();
    expect(second).toBe(first);
    expect(ourBoxCgroups()).toEqual(warm);
    second.release();
    await pool.drain();
    expect(ourBoxCgroups()).toEqual([]);
  }, 60_000);

  it('a hostile compile and program leave nothing for the next submission: files, modes, processes, IPC, /tmp', async () => {
    const pool = new BoxPool(host, 1);
    const first = await pool.acquire();
    const compiled = await output(
      first,
      'compile',
      'mkdir /box/d && echo secret > /box/d/f && chmod 000 /box/d && ln -s /etc/passwd /box/link && mkfifo /box/fifo && ' +
        'echo secret > /tmp/t && ipcmk -M 4096 >/dev/null && (setsid sleep 100 &) && chmod 000 /box && echo done',
      {},
      COMPILE_LIMITS,
    );
    expect(compiled.stdout).toBe('done\n');
    const ran = await output(first, 'run', 'echo secret > /tmp/t; ipcmk -M 4096 >/dev/null; (setsid sleep 100 &); echo ran');
    expect(ran.stdout).toBe('ran\n');
    first.release();

    const second = await pool.acquire();
    expect(second).toBe(first);
    const box = statSync(second.workDir);
    expect([box.uid, box.mode & 0o777]).toEqual([BOX_UID, 0o700]);
    // Each box lists its /box and /tmp, its SysV segments, and its processes with shell builtins only (no process of
    // its own but the shell): the launcher (pid 1) and the shell must be all there is.
    const look = 'ls -A /box /tmp; wc -l < /proc/sysvipc/shm; for p in /proc/[0-9]*; do read c < $p/comm; echo $c; done';
    const clean = '/box:\n\n/tmp:\n1\nlauncher\nsh\n';
    expect((await output(second, 'compile', look, {}, COMPILE_LIMITS)).stdout).toBe(clean);
    expect((await output(second, 'run', look)).stdout).toBe(clean);
    second.release();
    await pool.drain();
  }, 60_000);

  it("a run's changes to its writable directories themselves (mode, ACLs, attributes) are undone before the next run", async () => {
    const pool = new BoxPool(host, 1);
    const slot = await pool.acquire();
    // A default ACL that gives every new file mode 0 (version 2; user::, group::, other:: all without rights).
    const acl = 'bytes([2,0,0,0, 1,0,0,0,255,255,255,255, 4,0,0,0,255,255,255,255, 32,0,0,0,255,255,255,255])';
    const tamper = (dir: string) =>
      `/usr/bin/python3 -c "import os; os.setxattr('${dir}', 'user.mark', b'1'); os.setxattr('${dir}', 'system.posix_acl_default', ${acl}); os.chmod('${dir}', 0o555); print(sorted(os.listxattr('${dir}')))"`;
    const look = `/usr/bin/python3 -c "import os; print([(d, oct(os.stat(d).st_mode & 0o7777), os.listxattr(d)) for d in ('/tmp', '/box')])"`;
    const landed = "['system.posix_acl_default', 'user.mark']\n";
    expect((await output(slot, 'compile', tamper('/box'), {}, COMPILE_LIMITS)).stdout).toBe(landed);
    expect((await output(slot, 'compile', tamper('/tmp'), {}, COMPILE_LIMITS)).stdout).toBe(landed);
    expect((await output(slot, 'run', tamper('/tmp'))).stdout).toBe(landed);
    const fresh = "[('/tmp', '0o755', []), ('/box', '0o700', [])]\n";
    expect((await output(slot, 'compile', look, {}, COMPILE_LIMITS)).stdout).toBe(fresh);
    expect((await output(slot, 'run', look)).stdout).toBe(fresh);
    slot.release();
    await pool.drain();
  }, 60_000);

  it('each run gets its own limits and environment, whatever ran before in the box', async () => {
    const pool = new BoxPool(host, 1);
    const slot = await pool.acquire();
    const report = 'ulimit -t; ulimit -Ht; ulimit -f; ulimit -s; ulimit -n; echo "${SECRET:-none}"';
    const roomy = await output(slot, 'run', report, { SECRET: 'first' }, runLimits(5, 256, 0));
    const tight = await output(slot, 'run', report, {}, runLimits(1, 32, 0));
    // dash's ulimit reports CPU seconds (soft, then hard: SIGXCPU a second before SIGKILL; see cpuRlimitSeconds), file
    // sizes in 512-byte blocks and the stack in KiB.
    expect(roomy.stdout.split('\n')).toEqual(['8', '9', '32768', String(256 * 1024), '256', 'first', '']);
    expect(tight.stdout.split('\n')).toEqual(['3', '4', '32768', String(32 * 1024), '256', 'none', '']);
    // The cgroup's memory limit follows the run too: 48 MiB cannot fit in 32 MiB, fits in 256 MiB.
    const fill = '/usr/bin/python3 -c "b = bytearray(48 << 20); print(\'fits\')"';
    expect((await output(slot, 'run', fill, {}, runLimits(2, 32, 0))).stdout).toBe('');
    expect((await output(slot, 'run', fill, {}, runLimits(2, 256, 0))).stdout).toBe('fits\n');
    slot.release();
    await pool.drain();
  }, 60_000);

  it('a box that died is replaced, not reused, and the slot goes on serving', async () => {
    const pool = new BoxPool(host, 1);
    const slot = await pool.acquire();
    expect((await output(slot, 'run', 'echo ok')).stdout).toBe('ok\n');
    const before = ourBoxCgroups();
    // Both launchers killed from the host, as a crash would: their boxes go down with them.
    for (const name of before) for (const pid of pidsIn(name)) process.kill(pid, 'SIGKILL');
    expect((await output(slot, 'compile', 'echo compiled', {}, COMPILE_LIMITS)).stdout).toBe('compiled\n');
    expect((await output(slot, 'run', 'echo again')).stdout).toBe('again\n');
    expect(ourBoxCgroups().filter((name) => before.includes(name))).toEqual([]);
    slot.release();
    await pool.drain();
    expect(ourBoxCgroups()).toEqual([]);
  }, 60_000);

  it('where the memory peak cannot restart (cgroup v2 before kernel 6.12), no box serves a second submission', async () => {
    // The real cgroups, reporting what such a kernel would: figures of the next submission would include this one's.
    const noPeakReset = {
      create: (name: string) => {
        const cgroup = (cgroups as CgroupFactory).create(name);
        return new Proxy(cgroup, { get: (target, key) => (key === 'peakResettable' ? false : Reflect.get(target, key)) });
      },
    } as unknown as CgroupFactory;
    const pool = new BoxPool({ ...host, cgroups: noPeakReset }, 1);
    const first = await pool.acquire();
    expect((await output(first, 'run', 'echo one')).stdout).toBe('one\n');
    const used = ourBoxCgroups();
    first.release();
    const second = await pool.acquire();
    expect(second).toBe(first);
    expect(ourBoxCgroups().filter((name) => used.includes(name))).toEqual([]);
    expect((await output(second, 'run', 'echo two')).stdout).toBe('two\n');
    second.release();
    await pool.drain();
    expect(ourBoxCgroups()).toEqual([]);
  }, 60_000);

  it('keeps at most its number of idle slots: a busy moment makes more, the extra ones end when given back', async () => {
    const pool = new BoxPool(host, 1);
    const [a, b] = await Promise.all([pool.acquire(), pool.acquire()]);
    expect(a).not.toBe(b);
    expect(ourBoxCgroups()).toHaveLength(4);
    a.release();
    b.release();
    await pool.drain();
    expect(ourBoxCgroups()).toEqual([]);
  }, 60_000);

  it('starts a piped run only once its peer holds both pipes: a late writer is waited for, never read as end of file', async () => {
    // An interactive pair's launchers open their pipes at about the same time; a run started before its peer's
    // write end was open read end of file at once (a C++ solution failed with exit code 255 on a loaded host).
    // Here the test plays the peer: the reader of the run's stdout at once, the writer of its stdin 300 ms late.
    const dirs = new SubmissionDirs(workRoot, 'slot', null);
    const box = await RunBox.start(dirs.mounts(false, []), launcher.path, cgroups, dirs.dir, RUN_FILE_BYTES);
    const { ioDir } = box.parts;
    const peerReads = openSync(join(ioDir, 'out'), constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const started = box.startPiped(sh('read line; echo "[$line]" >&2'), limits, { cpu: null, ignoreSigpipe: false, opensFirst: 'stdin' });
      await sleep(300);
      const peerWrites = openSync(join(ioDir, 'in'), constants.O_WRONLY | constants.O_NONBLOCK);
      writeSync(peerWrites, 'hello\n');
      closeSync(peerWrites);
      const run = await started;
      if (!run) throw new Error('the box did not take the run');
      const result = await supervise(run, limits, null).result;
      expect(result).toMatchObject({ termination: 'exited', exitCode: 0 });
      expect(result.stderr.toString()).toBe('[hello]\n');
    } finally {
      closeSync(peerReads);
      await box.close();
      dirs.remove();
    }
  }, 30_000);

  it('the engine grades submission after submission in the same warm boxes', async () => {
    const engine = new LocalEngine({ workRoot, logger: { log: () => undefined, warn: () => undefined }, warmSlots: 1 });
    await engine.warm();
    const warm = ourBoxCgroups();
    const sum = '#include <stdio.h>\nint main(void){long a,b;scanf("%ld %ld",&a,&b);printf("%ld\\n",a+b);return 0;}';
    for (let i = 0; i < 3; i++) {
      const r = await graderOf(engine).grade({
        languageId: 50,
        sourceCode: sum,
        cpuTimeLimit: 1,
        memoryLimit: 64,
        testCases: [{ input: '1 2\n', output: '3\n', points: 1 }],
      });
      expect(r.status).toBe('accepted');
    }
    expect(ourBoxCgroups()).toEqual(warm);
    await engine.close();
    expect(ourBoxCgroups()).toEqual([]);
  }, 60_000);
});

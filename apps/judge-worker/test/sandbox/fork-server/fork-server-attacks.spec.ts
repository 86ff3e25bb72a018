import { ForkedEngines, Ran } from './forked-engines';

const PYTHON = 71;
const engines = new ForkedEngines();
afterAll(() => engines.close());

/** Each test prints its parent's pid last: a forked child's is the server (the same for every test), a fresh one's 1. */
const PARENT = 'import os as _os\nprint(_os.getppid())\n';
const parents = (ran: Ran[]) => ran.map((r) => r.stdout.trim().split('\n').pop());
const verdicts = (ran: Ran[]) => ran.map(({ failure, exitCode, stdout }) => ({ status: failure?.status ?? null, exitCode, stdout }));

/** Runs `source` on `inputs` in one submission forked and fresh: the forked outcomes, checked to give the same verdicts. */
async function sameVerdicts(source: string, inputs: string[]): Promise<Ran[]> {
  const forked = await engines.run(engines.on, PYTHON, source, inputs);
  const fresh = await engines.run(engines.off, PYTHON, source, inputs);
  const withoutParent = (ran: Ran[]) => verdicts(ran).map((v) => ({ ...v, stdout: v.stdout.replace(/\d+\n$/, '') }));
  expect(withoutParent(forked)).toEqual(withoutParent(fresh));
  return forked;
}

describe('a forked test cannot reach its fork server', () => {
  it('cannot ptrace it, read or write its memory, or open its descriptors through /proc', async () => {
    const source = `
import ctypes, os
ppid = os.getppid()
seen = []
for path, flags in ((f'/proc/{ppid}/mem', os.O_RDWR), (f'/proc/{ppid}/mem', os.O_RDONLY), (f'/proc/{ppid}/fd/0', os.O_RDONLY), (f'/proc/{ppid}/environ', os.O_RDONLY)):
    try:
        os.close(os.open(path, flags))
        seen.append('opened ' + path)
    except OSError as e:
        seen.append(type(e).__name__)
try:
    seen.append(len(os.listdir(f'/proc/{ppid}/fd')))
except OSError as e:
    seen.append(type(e).__name__)
libc = ctypes.CDLL(None, use_errno=True)
seen.append(libc.ptrace(16, ppid, 0, 0) == -1)
local = (ctypes.c_char * 8)()
iov = (ctypes.c_void_p * 2)(ctypes.cast(local, ctypes.c_void_p), 8)
seen.append(libc.process_vm_writev(ppid, iov, 1, iov, 1, 0) == -1)
print(seen)
${PARENT}`;
    const forked = await engines.run(engines.on, PYTHON, source, ['', '']);
    for (const r of forked)
      expect(r.stdout.split('\n')[0]).toBe(
        "['PermissionError', 'PermissionError', 'PermissionError', 'PermissionError', 'PermissionError', True, True]",
      );
    // Both were children of the one server, which the first could not disturb.
    expect(new Set(parents(forked)).size).toBe(1);
    expect(parents(forked)[0]).not.toBe('1');
  }, 60_000);

  it("cannot forge the server's answers: its control FIFO is at no path a test can know, /io cannot be listed", async () => {
    const source = `
import os
seen = []
for attempt in (lambda: os.open('/io/ctl-reply', os.O_WRONLY | os.O_NONBLOCK), lambda: os.listdir('/io')):
    try:
        attempt()
        seen.append('reached')
    except OSError as e:
        seen.append(type(e).__name__)
print(seen)
${PARENT}`;
    const forked = await engines.run(engines.on, PYTHON, source, ['', '']);
    for (const r of forked) expect(r.stdout.split('\n')[0]).toBe("['FileNotFoundError', 'PermissionError']");
    expect(new Set(parents(forked)).size).toBe(1);
  }, 60_000);

  it('cannot signal it to change a later test: catchable signals are ignored, the server serves on', async () => {
    const source = `
import os, signal, sys
if sys.stdin.read() == 'attack':
    for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP, signal.SIGUSR1, signal.SIGUSR2, signal.SIGALRM, signal.SIGCONT, signal.SIGTSTP):
        os.kill(os.getppid(), s)
print('ok')
${PARENT}`;
    // Not compared with fresh starts: there the parent is the box's launcher, whose SIGUSR1 ends the run.
    const forked = await engines.run(engines.on, PYTHON, source, ['attack', '', '']);
    expect(verdicts(forked).map((v) => v.status)).toEqual([null, null, null]);
    expect(new Set(parents(forked)).size).toBe(1);
  }, 60_000);

  it.each([
    ['kills', 'SIGKILL'],
    ['stops', 'SIGSTOP'],
  ])(
    'a test that %s it: the remaining tests start fresh, with the same verdicts',
    async (_how, signal) => {
      const source = `
import os, signal, sys
a, b, *attack = sys.stdin.read().split()
if attack:
    os.kill(os.getppid(), signal.${signal})
print(int(a) + int(b))
${PARENT}`;
      const forked = await sameVerdicts(source, ['1 2', '3 4 attack', '5 6', '7 8']);
      const [first, ...rest] = parents(forked);
      expect(first).not.toBe('1');
      // The attacking test itself ran again afresh, as did every later one.
      expect(rest).toEqual(['1', '1', '1']);
      expect(forked.map((r) => r.stdout.split('\n')[0])).toEqual(['3', '7', '11', '15']);
    },
    60_000,
  );
});

describe('a forked test leaves nothing to the next', () => {
  it('files it left in /tmp are gone, even an unreadable directory', async () => {
    const source = `
import os, sys
if sys.stdin.read() == 'write':
    open('/tmp/secret', 'w').write('x')
    os.makedirs('/tmp/d/e')
    open('/tmp/d/e/f', 'w').write('y')
    os.chmod('/tmp/d', 0)
print(sorted(os.listdir('/tmp')))
${PARENT}`;
    const forked = await sameVerdicts(source, ['write', '']);
    expect(forked.map((r) => r.stdout.split('\n')[0])).toEqual(["['d', 'secret']", '[]']);
    expect(new Set(parents(forked)).size).toBe(1);
  }, 60_000);

  it('a process it left running is gone before the next test starts', async () => {
    const source = `
import os, sys, time
if sys.stdin.read() == 'spawn':
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(0.5)
            open('/tmp/late', 'w').write('x')
        time.sleep(5)
        os._exit(0)
else:
    time.sleep(1)
print(os.path.exists('/tmp/late'), len([p for p in os.listdir('/proc') if p.isdigit()]))
${PARENT}`;
    const forked = await engines.run(engines.on, PYTHON, source, ['spawn', '']);
    // The second test sees only the launcher, the server and itself.
    expect(forked.map((r) => r.failure)).toEqual([null, null]);
    expect(forked[1].stdout.split('\n')[0]).toBe('False 3');
    expect(new Set(parents(forked)).size).toBe(1);
  }, 60_000);

  it('SysV IPC objects it made are removed', async () => {
    const source = `
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
if sys.stdin.read() == 'make':
    print(libc.shmget(4242, 4096, 0o1666) >= 0)
else:
    print(libc.shmget(4242, 0, 0o666) == -1)
${PARENT}`;
    const forked = await sameVerdicts(source, ['make', '']);
    expect(forked.map((r) => r.stdout.split('\n')[0])).toEqual(['True', 'True']);
    expect(new Set(parents(forked)).size).toBe(1);
  }, 60_000);
});

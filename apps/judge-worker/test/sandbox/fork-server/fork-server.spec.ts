import { CgroupFactory } from '../../../src/engines/local/cgroup';
import { discoverLanguages, PYPY3_LANGUAGE_ID } from '../../../src/engines/local/language-catalog';
import { ForkedEngines, Ran } from './forked-engines';

const PYTHON = 71;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const engines = new ForkedEngines();
afterAll(() => engines.close());

/** What must not differ between a forked and a fresh run; figures only plausibly close (see `plausible`). */
const observable = ({ failure, exitCode, signal, stdout, stderr }: Ran) => ({
  status: failure?.status ?? null,
  exitCode,
  signal,
  stdout,
  stderr,
});

/** The program as `python -S <program>` sees itself: everything a forked child must show the same. */
const INTERPRETER_STATE = `
import sys
m = sys.modules['__main__']
print(sys.argv, __name__, __file__, __package__, __spec__, __doc__, __cached__, type(__loader__).__name__, m is sys.modules[__name__])
print(sorted(sys.modules))
print(sys.path, sys.flags, sys.getrecursionlimit(), getattr(sys, 'orig_argv', None)[1:])
print(sorted(k for k in globals()))
import signal
print([signal.getsignal(s) for s in (signal.SIGINT, signal.SIGPIPE, signal.SIGXFSZ, signal.SIGTERM, signal.SIGUSR1, signal.SIGXCPU)])
import resource
print(resource.getrlimit(resource.RLIMIT_CPU), resource.getrlimit(resource.RLIMIT_FSIZE), resource.getrlimit(resource.RLIMIT_STACK), resource.getrlimit(resource.RLIMIT_NOFILE))
import os
print(os.getcwd(), sorted(os.listdir('/proc/self/fd')), os.environ.get('PATH'), sys.stdout.line_buffering, sys.stdin.encoding)
`;

/** Corner cases of how a script ends, each the same forked and fresh. */
const PROGRAMS: Record<string, string> = {
  'interpreter state': INTERPRETER_STATE,
  'sys.exit(3)': 'import sys\nprint("before")\nsys.exit(3)\n',
  'exit() without site': 'exit(3)\n',
  'exit code past a byte': 'import sys\nsys.exit(300)\n',
  'exit from a thread and a finalizer':
    'import sys, threading, weakref\nclass A: pass\na = A()\nweakref.finalize(a, print, "finalized")\nthreading.Thread(target=sys.exit).start()\nprint("end")\n',
  'SystemExit with a message': 'print("out")\nraise SystemExit("bye")\n',
  'SystemExit(None) and a subclass': 'class Done(SystemExit): pass\nraise Done(7)\n',
  'uncaught exception': 'def f():\n    raise ValueError("boom")\nprint("partial", end="")\nf()\n',
  'chained exception': 'try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    raise KeyError("k") from e\n',
  'input() at EOF': 'print(input())\nprint(input())\n',
  'buffered output lost to os._exit': 'import os\nprint("lost " * 100)\nos._exit(4)\n',
  'buffered output flushed at exit': 'import sys\nsys.stdout.write("x" * 100000)\n',
  'all of stdin': 'import sys\ndata = sys.stdin.buffer.read()\nprint(len(data), data.count(b"\\n"))\n',
  'atexit and threads at exit':
    'import atexit, threading, time\natexit.register(lambda: print("atexit"))\nthreading.Thread(target=lambda: (time.sleep(0.05), print("thread"))).start()\nprint("main")\n',
  'deep recursion under the default limit': 'import sys\ndef f(n):\n    return 0 if n == 0 else 1 + f(n - 1)\nprint(f(990))\n',
  'excepthook of its own': 'import sys\nsys.excepthook = lambda t, v, tb: print("hook", t.__name__, file=sys.stderr)\nraise RuntimeError\n',
  'killed by a signal': 'import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n',
  'coding cookie': '# -*- coding: latin-1 -*-\nprint(len("\\xe9"))\n',
};

const inputs = ['1 2\n' + 'line\n'.repeat(20000), ''];

describe.each([
  ['Python 3', PYTHON],
  ['PyPy 3', PYPY3_LANGUAGE_ID],
])('%s as a child of a fork server', (_name, language) => {
  const maybe = available.has(language) ? it : it.skip;

  maybe.each(Object.entries(PROGRAMS))(
    '%s: the same as a fresh start',
    async (_case, source) => {
      const forked = await engines.run(engines.on, language, source, inputs);
      const fresh = await engines.run(engines.off, language, source, inputs);
      expect(forked.map(observable)).toEqual(fresh.map(observable));
    },
    60_000,
  );

  maybe(
    "recursion past the default limit: the same verdict, two frames sooner (the server's own)",
    async () => {
      const source = 'def f(n):\n    return f(n + 1)\nf(0)\n';
      const repeats = (r: Ran) => ({ ...observable(r), stderr: r.stderr.replace(/repeated \d+ more/, 'repeated N more') });
      const forked = await engines.run(engines.on, language, source, inputs);
      const fresh = await engines.run(engines.off, language, source, inputs);
      expect(forked.map(repeats)).toEqual(fresh.map(repeats));
    },
    60_000,
  );

  maybe(
    'runs every test of a submission in one server, counted alone',
    async () => {
      const source = 'import os, sys\nx = bytearray(int(sys.stdin.readline()) * 1024 * 1024)\nprint(os.getppid())\n';
      const forked = await engines.run(engines.on, language, source, ['40\n', '1\n', '40\n']);
      const fresh = await engines.run(engines.off, language, source, ['40\n', '1\n', '40\n']);
      // A fresh program's parent is the box's launcher (pid 1); a forked one's is the server, the same for every test.
      expect(new Set(forked.map((r) => r.stdout)).size).toBe(1);
      expect(forked[0].stdout).not.toBe('1\n');
      expect(fresh.map((r) => r.stdout)).toEqual(['1\n', '1\n', '1\n']);
      // Each test's own memory: the 40 MB tests, not the 1 MB one, near a fresh start's figure.
      const memory = forked.map((r) => r.memoryKB ?? 0);
      expect(memory[1]).toBeLessThan(memory[0] - 30 * 1024);
      for (const [i, r] of forked.entries()) expect(Math.abs((r.memoryKB ?? 0) - (fresh[i].memoryKB ?? 0))).toBeLessThan(12 * 1024);
    },
    60_000,
  );

  maybe(
    "reuses finished tests' cgroups: a new one is not made per test, and each test is still counted alone",
    async () => {
      const source = 'import sys\nx = bytearray(int(sys.stdin.readline()) * 1024 * 1024)\nprint(len(x))\n';
      await engines.run(engines.on, language, source, ['1\n']);
      const create = jest.spyOn(CgroupFactory.prototype, 'create');
      try {
        const sizes = ['30\n', '1\n', '30\n', '1\n', '30\n', '1\n'];
        const forked = await engines.run(engines.on, language, source, sizes);
        expect(forked.map((r) => r.stdout)).toEqual(sizes.map((size) => `${Number(size) * 1024 * 1024}\n`));
        // Two cgroups alternate (the test's and the next's); a new one per test would be six.
        expect(create.mock.calls.length).toBeLessThanOrEqual(2);
        // A test that follows a 30 MB one in the same cgroup is counted without it.
        const memory = forked.map((r) => r.memoryKB ?? 0);
        for (const i of [1, 3, 5]) expect(memory[i]).toBeLessThan(memory[i - 1] - 20 * 1024);
      } finally {
        create.mockRestore();
      }
    },
    60_000,
  );
});

import { CompileError, RunInput } from '../../../src/engines/judge-engine';
import { ForkServer } from '../../../src/engines/local/fork-server/fork-server';
import { discoverLanguages, PYPY3_LANGUAGE_ID } from '../../../src/engines/local/language-catalog';
import { RunBox } from '../../../src/engines/local/run-box';
import { ForkedEngines } from './forked-engines';

const PYTHON = 71;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const engines = new ForkedEngines();
afterAll(() => engines.close());

const LIMITS = { cpuSeconds: 2, memoryMb: 128, outputMb: 8 };

/** Runs `check` with `method` of `target` spied on (still called through), and restores it however `check` ends. */
async function watching<T extends object>(
  target: T,
  method: jest.FunctionPropertyNames<Required<T>>,
  check: (spy: jest.SpyInstance) => Promise<void>,
): Promise<void> {
  const spy: jest.SpyInstance = jest.spyOn(target, method);
  try {
    await check(spy);
  } finally {
    spy.mockRestore();
  }
}

/**
 * The compile error a source gets, or null when it compiles: compiled, then run on `inputs` (the fork server's
 * check is its first test's child's first step, so the error may come from the first run instead of compile()).
 */
async function compileError(engine: ForkedEngines['on'], languageId: number, sourceCode: string, inputs = ['']): Promise<string | null> {
  try {
    const program = await engine.compile({ languageId, sourceCode });
    try {
      const feed = async function* (): AsyncIterable<RunInput> {
        for (const stdin of inputs) yield { stdin, label: 'test' };
      };
      for await (const _outcome of program.runMany(feed(), LIMITS)) {
        // the outcomes of a source that compiles are not this file's concern
      }
    } finally {
      await program.release();
    }
    return null;
  } catch (error) {
    if (error instanceof CompileError) return error.output;
    throw error;
  }
}

const SOURCES: Record<string, string> = {
  'an unclosed parenthesis': 'a, b = map(int, input().split())\nprint(a + b\n',
  'mixed indentation in a function never called': 'def never():\n\tif True:\n        return 1\nprint(3)\n',
  'a null byte': 'print(1)\0\n',
  'a coding cookie the source breaks': '# -*- coding: ascii -*-\nprint("é")\n',
  'valid code that would fail if it ran': 'import sys\nsys.exit(3)\n',
};

/**
 * The syntax check of a Python submission is done by its warm fork server, as the first step of its first test's
 * child (it compiles the source and runs none of it unless that succeeds), instead of a fresh interpreter in the
 * compile box: the same compile error, word for word, as the compile box gives, and no run in any box for it.
 */
describe.each([
  ['Python 3', PYTHON],
  ['PyPy 3', PYPY3_LANGUAGE_ID],
])('%s: the syntax check in the fork server', (_name, language) => {
  const maybe = available.has(language) ? it : it.skip;

  maybe.each(Object.entries(SOURCES))(
    '%s: the same compile result as in the compile box',
    async (_case, source) => {
      const forked = await compileError(engines.on, language, source);
      const boxed = await compileError(engines.off, language, source);
      expect(forked).toEqual(boxed);
    },
    60_000,
  );

  maybe.each([
    ['no test at all', []],
    ['two tests', ['1\n', '2\n']],
  ])(
    'a syntax error is the compile error with %s, the same as in the compile box',
    async (_case, inputs) => {
      const source = SOURCES['an unclosed parenthesis'];
      const forked = await compileError(engines.on, language, source, inputs);
      expect(forked).toMatch(/SyntaxError/);
      expect(forked).toEqual(await compileError(engines.off, language, source, inputs));
    },
    60_000,
  );

  maybe(
    'one child checks and runs the first test: no child for the check alone, none in a box',
    async () => {
      await compileError(engines.on, language, 'print(1)\n');
      await watching(ForkServer.prototype, 'run', async (tasks) => {
        expect(await compileError(engines.on, language, 'print(input())\n', ['a\n', 'b\n'])).toBeNull();
        expect(tasks.mock.calls.map((call) => call[4])).toEqual(['checked-test', 'test']);
      });
    },
    60_000,
  );

  maybe(
    'a program cannot say its own syntax was wrong: the reply FIFO is closed before it runs',
    async () => {
      // Every descriptor above stderr is tried, as a program hunting for the server's FIFO would; then it fails as a
      // program whose check passed: a runtime error, never a compile error.
      const source = [
        'import os, sys',
        'for fd in range(3, 1024):',
        '    try:',
        "        os.write(fd, b'c\\n')",
        "        print('wrote', fd)",
        '    except OSError:',
        '        pass',
        'sys.exit(1)',
      ].join('\n');
      expect(await compileError(engines.on, language, source)).toBeNull();
      const [ran] = await engines.run(engines.on, language, source, ['']);
      expect(ran).toMatchObject({ exitCode: 1, stdout: '' });
    },
    60_000,
  );

  maybe(
    'starts no interpreter in a box for the check: its fork server, already waiting, does it',
    async () => {
      // Warm: the slot and its pre-started server are there before the submission, as in a running worker.
      await compileError(engines.on, language, 'print(1)\n');
      await watching(RunBox.prototype, 'run', async (runs) => {
        expect(await compileError(engines.on, language, 'print(1\n')).toMatch(/SyntaxError/);
        expect(runs).not.toHaveBeenCalled();
        expect(await compileError(engines.off, language, 'print(1\n')).toMatch(/SyntaxError/);
        expect(runs).toHaveBeenCalledTimes(1);
      });
    },
    60_000,
  );
});

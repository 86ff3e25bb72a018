import { CompileError } from '../../../src/engines/judge-engine';
import { discoverLanguages, PYPY3_LANGUAGE_ID } from '../../../src/engines/local/language-catalog';
import { RunBox } from '../../../src/engines/local/run-box';
import { ForkedEngines } from './forked-engines';

const PYTHON = 71;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const engines = new ForkedEngines();
afterAll(() => engines.close());

/** The compile error a source gets, or null when it compiles (its program released at once). */
async function compileError(engine: ForkedEngines['on'], languageId: number, sourceCode: string): Promise<string | null> {
  try {
    await (await engine.compile({ languageId, sourceCode })).release();
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
 * The syntax check of a Python submission is done by its warm fork server (a child that compiles the source and
 * runs none of it) instead of a fresh interpreter in the compile box: the same compile error, word for word, as
 * the compile box gives, and no run in any box for it.
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

  maybe(
    'starts no interpreter in a box for the check: its fork server, already waiting, does it',
    async () => {
      // Warm: the slot and its pre-started server are there before the submission, as in a running worker.
      await compileError(engines.on, language, 'print(1)\n');
      const runs = jest.spyOn(RunBox.prototype, 'run');
      try {
        expect(await compileError(engines.on, language, 'print(1\n')).toMatch(/SyntaxError/);
        expect(runs).not.toHaveBeenCalled();
        expect(await compileError(engines.off, language, 'print(1\n')).toMatch(/SyntaxError/);
        expect(runs).toHaveBeenCalledTimes(1);
      } finally {
        runs.mockRestore();
      }
    },
    60_000,
  );
});

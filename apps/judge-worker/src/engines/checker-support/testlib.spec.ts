import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

import { TESTLIB_HEADER_FILE } from './testlib-header';

/** Uses most of the header: ranges, reals, lines, tokens, the extra-output check, ensuref, quitp and _pc. */
const CHECKER = `
#include "testlib.h"
int main(int argc, char *argv[]) {
  registerTestlibCmd(argc, argv);
  setName("header self-test");
  int n = inf.readInt(1, 10, "n");
  inf.readEoln();
  std::string title = inf.readLine();
  ensuref(title == "numbers", "title is %s", title.c_str());
  int right = 0;
  for (int i = 0; i < n; i++) {
    double want = ans.readDouble();
    if (doubleCompare(want, ouf.readReal(-1e9, 1e9, format("%d%s value", i + 1, englishEnding(i + 1).c_str())), 1e-6)) right++;
  }
  if (right == n) quitf(_ok, "%d numbers", n);
  if (right == 0) quitf(_wa, "nothing right");
  if (right * 2 == n) quit(_pc(50), "half");
  quitp(double(right) / n, "%d of %d", right, n);
}
`;

/** Asks for the double of each number of its input, writes how many were right to its output file. */
const INTERACTOR = `
#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  int n = inf.readInt(1, 100, "n"), right = 0;
  for (int i = 0; i < n; i++) {
    int x = inf.readInt();
    std::cout << x << std::endl;
    if (ouf.readInt() == 2 * x) right++;
  }
  tout << right << std::endl;
  if (right == n) quitf(_ok, "%d doubled", n);
  quitp(double(right) / n, "%d of %d", right, n);
}
`;

/** Compiles with our header, every warning an error. */
const compile = (source: string, std: string, output: string) =>
  spawnSync(
    '/usr/bin/g++',
    [`-std=${std}`, '-Wall', '-Wextra', '-Werror', '-O2', `-I${dirname(TESTLIB_HEADER_FILE)}`, '-x', 'c++', '-o', output, '-'],
    { input: source, encoding: 'utf8' },
  );

describe('our testlib.h', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-testlib-'));
  const binary = join(dir, 'checker');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function check(output: string): [number | null, string] {
    writeFileSync(join(dir, 'in'), '4\nnumbers\n');
    writeFileSync(join(dir, 'ans'), '1 2.5 -3 4\n');
    writeFileSync(join(dir, 'out'), output);
    const run = spawnSync(
      binary,
      ['in', 'out', 'ans'].map((f) => join(dir, f)),
      { encoding: 'utf8', cwd: dir },
    );
    return [run.status, run.stderr];
  }

  it('compiles with every warning an error, in C++11 and C++20', () => {
    for (const std of ['c++11', 'gnu++20']) {
      const cc = compile(CHECKER, std, binary);
      expect([std, cc.status, cc.stderr]).toEqual([std, 0, '']);
    }
  }, 60_000);

  it.each([
    ['1 2.5000000001 -3 4\n', 0, 'ok 4 numbers\n'],
    ['9 9 9 9', 1, 'wrong answer nothing right\n'],
    ['1 2.5 9 9', 66, 'partially correct (50) half\n'],
    ['1 2.5 -3 9', 7, 'points 0.75 3 of 4\n'],
    ['1 2.5 -3 4 5', 2, 'wrong output format Extra information in the output file\n'],
    ['1 2.5 x', 2, 'wrong output format Expected a real number, found "x"\n'],
    ['1 2.5 -3', 2, 'wrong output format Unexpected end of file - token expected\n'],
    ['1 2.5 -3 1e10', 1, 'wrong answer 4th value 1e+10 violates the range [-1e+09, 1e+09]\n'],
  ])('judges %j: exit %i, %j', (output, code, stderr) => {
    expect(check(output)).toEqual([code, stderr]);
  });
});

describe('our testlib.h for interactors (registerInteraction, ouf on stdin, tout)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-testlib-interactor-'));
  const binary = join(dir, 'interactor');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The interactor on input `3\n4 5 6\n`, reading `answers` as what the program wrote. */
  function interact(answers: string) {
    writeFileSync(join(dir, 'in'), '3\n4 5 6\n');
    writeFileSync(join(dir, 'out'), 'stale');
    const run = spawnSync(binary, [join(dir, 'in'), join(dir, 'out')], { input: answers, encoding: 'utf8', cwd: dir });
    return { code: run.status, sent: run.stdout, message: run.stderr, output: readFileSync(join(dir, 'out'), 'utf8') };
  }

  it('compiles with every warning an error', () => {
    const cc = compile(INTERACTOR, 'gnu++20', binary);
    expect([cc.status, cc.stderr]).toEqual([0, '']);
  }, 60_000);

  it('reads the input file, talks on stdin and stdout, writes its output file, and says its verdict', () => {
    expect(interact('8\n10\n12\n')).toEqual({ code: 0, sent: '4\n5\n6\n', message: 'ok 3 doubled\n', output: '3\n' });
    expect(interact('8 0 12')).toMatchObject({ code: 7, message: 'points 0.6666666667 2 of 3\n', output: '2\n' });
  });

  it('takes a dialogue that stops early as a presentation error, and accepts without looking for more', () => {
    expect(interact('8\n')).toMatchObject({ code: 2, message: 'wrong output format Unexpected end of file - token expected\n' });
    expect(interact('8 10 12 14 16')).toMatchObject({ code: 0, message: 'ok 3 doubled\n' });
  });
});

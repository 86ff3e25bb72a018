import { TestCaseData } from '@oj/contracts';

import { CPYTHON_LANGUAGE_ID } from '../../src/engines/local/language-catalog';
import { grade, removeWorkRoot } from './engine-fixture';

/**
 * The problem's output limit (MB per test, 8 by default as in DOMjudge) is enforced per test by the sandbox, and
 * "Output limit exceeded" is its own verdict, `ole`: it wins over a time limit only when it was hit first.
 */
const C = 50;
const ok: TestCaseData[] = [{ input: '', output: 'ok\n', points: 1 }];

/** Writes `mib` MiB of 'A' (in 64 KiB pieces), then spins `spin` on the CPU (a busy loop forever), then exits. */
const writeThenSpin = (mib: number, spin: 'no' | 'forever') => `#include <stdio.h>
#include <string.h>
int main(void){ static char b[1<<16]; memset(b,'A',sizeof b);
  for(int i=0;i<${mib}*16;i++) fwrite(b,1,sizeof b,stdout);
  fflush(stdout);
  ${spin === 'forever' ? 'volatile unsigned long x=0; for(;;) x++;' : ''}
  return 0; }`;

describe('output limit: per test, its own verdict', () => {
  afterAll(removeWorkRoot);

  it('the default is 8 MB: 9 MiB of output is ole, 7 MiB is only a wrong answer', async () => {
    const over = await grade(C, writeThenSpin(9, 'no'), { tests: ok, cpu: 3 });
    expect({ status: over.status, message: over.testCaseResults[0].message }).toEqual({ status: 'ole', message: 'Output limit exceeded' });
    const under = await grade(C, writeThenSpin(7, 'no'), { tests: ok, cpu: 3 });
    expect(under.status).toBe('wrong_answer');
  }, 60_000);

  it("the problem's limit applies: 2 MiB is ole under a 1 MB limit, and fine under 4 MB", async () => {
    expect((await grade(C, writeThenSpin(2, 'no'), { tests: ok, cpu: 3, output: 1 })).status).toBe('ole');
    expect((await grade(C, writeThenSpin(2, 'no'), { tests: ok, cpu: 3, output: 4 })).status).toBe('wrong_answer');
  }, 60_000);

  it('ole came first: output past the limit, then a busy loop, is ole, not tle', async () => {
    const r = await grade(C, writeThenSpin(2, 'forever'), { tests: ok, cpu: 1, output: 1 });
    expect(r.status).toBe('ole');
  }, 60_000);

  it('tle came first: a busy loop past the time limit before any output is tle, whatever it would have written', async () => {
    const src = `#include <stdio.h>
#include <string.h>
#include <time.h>
int main(void){ static char b[1<<16]; memset(b,'A',sizeof b);
  while(clock() < 3*CLOCKS_PER_SEC) {}
  for(;;) fwrite(b,1,sizeof b,stdout); }`;
    const r = await grade(C, src, { tests: ok, cpu: 1, output: 1 });
    expect(r.status).toBe('tle');
  }, 60_000);

  it('the first failing test decides: ole on test 2 after an accepted test 1, in Python too', async () => {
    const src = 'n = int(input())\nprint("x" * n)\n';
    const tests: TestCaseData[] = [
      { input: '3\n', output: 'xxx\n', points: 1 },
      { input: `${3 * 1024 * 1024}\n`, output: 'x\n', points: 1 },
    ];
    const r = await grade(CPYTHON_LANGUAGE_ID, src, { tests, output: 1, cpu: 3 });
    expect(r.testCaseResults.map((t) => t.status)).toEqual(['accepted', 'ole']);
    expect(r.status).toBe('ole');
  }, 60_000);

  it('a correct answer larger than the limit is never cut off (the cap is at least twice the answer)', async () => {
    const answer = 'A'.repeat(2 * 1024 * 1024);
    const r = await grade(C, writeThenSpin(2, 'no'), { tests: [{ input: '', output: answer, points: 1 }], cpu: 3, output: 1 });
    expect(r.status).toBe('accepted');
  }, 60_000);
});

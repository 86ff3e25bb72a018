import { mkdtempSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { LocalEngine } from '../../src/engines/local/local-engine';
import { graderOf } from '../grading/grader-of';
import { removeTree } from './work-roots';

/** Where no cgroup is writable the engine still grades, bounded by rlimits, and says so in the log. */
describe('local engine without cgroups', () => {
  const workRoot = mkdtempSync(join(tmpdir(), 'oj-judge-rlimit-'));
  const warnings: string[] = [];
  const engine = new LocalEngine({
    workRoot,
    cgroupRoot: join(workRoot, 'no-cgroups'),
    logger: { log: () => undefined, warn: (m) => warnings.push(m) },
  });
  afterAll(() => removeTree(workRoot));
  const grade = (sourceCode: string, cpuTimeLimit: number) =>
    graderOf(engine).grade({
      languageId: 50,
      sourceCode,
      cpuTimeLimit,
      memoryLimit: 64,
      testCases: [{ input: '2 3\n', output: '5\n', points: 1 }],
    });

  it('warns that it falls back to rlimits', () => {
    expect(warnings.join('\n')).toMatch(/falling back to rlimits/);
  });

  it('grades a correct program and stops a busy loop', async () => {
    const sum = await grade('#include <stdio.h>\nint main(void){int a,b;scanf("%d %d",&a,&b);printf("%d\\n",a+b);return 0;}', 1);
    expect(sum.status).toBe('accepted');
    const loop = await grade('int main(void){volatile unsigned long x=0;for(;;)x++;}', 0.3);
    expect(loop.status).toBe('tle');
  }, 30_000);

  it('keeps the address-space bound: a memory hog fails', async () => {
    const hog = await grade(
      '#include <stdlib.h>\n#include <string.h>\nint main(void){size_t n=512u<<20;char*p=malloc(n);if(!p)return 3;memset(p,1,n);return 0;}',
      2,
    );
    expect(hog.status).toBe('rte');
  }, 30_000);
});

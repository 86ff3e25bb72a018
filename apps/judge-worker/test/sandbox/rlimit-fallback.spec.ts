import { ChildProcess, spawn } from 'child_process';
import { mkdtempSync, readFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { BOX_UID, TOOLS } from '../../src/engines/local/box-command';
import { LocalEngine } from '../../src/engines/local/local-engine';
import { COMPILE_LIMITS, RUN_MAX_PIDS } from '../../src/engines/local/sandbox-limits';
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

  /** Processes of the box user outside every box, started by this test: as many as a box may hold, and more. */
  async function boxUserSleepers(count: number): Promise<ChildProcess[]> {
    const sleepers = Array.from({ length: count }, () =>
      spawn(TOOLS.setpriv, [`--reuid=${BOX_UID}`, `--regid=${BOX_UID}`, '--clear-groups', '/usr/bin/sleep', '120'], { stdio: 'ignore' }),
    );
    const asBoxUser = (child: ChildProcess) => {
      try {
        return new RegExp(`^Uid:\\s+${BOX_UID}\\s`, 'm').test(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 200 && !sleepers.every(asBoxUser); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    if (sleepers.every(asBoxUser)) return sleepers;
    // Not left for two minutes on a machine other tests share.
    for (const sleeper of sleepers) sleeper.kill('SIGKILL');
    throw new Error(`only ${sleepers.filter(asBoxUser).length} of ${count} sleepers run as uid ${BOX_UID}`);
  }

  /** Forks `children` that sleep a second, then prints a + b if every fork succeeded. */
  const forksThenSums = (children: number) =>
    `#include <stdio.h>\n#include <unistd.h>\nint main(void){int a,b,n=0;scanf("%d %d",&a,&b);
for(int i=0;i<${children};i++){pid_t p=fork();if(p==0){sleep(1);_exit(0);}if(p>0)n++;}
printf("%d\\n",n==${children}?a+b:-n);return 0;}`;

  it("counts a box's processes apart from every other process of the box user", async () => {
    // All boxes run as one host uid: were the process limit counted per uid, these would keep every box from starting.
    const sleepers = await boxUserSleepers(Math.max(COMPILE_LIMITS.maxPids, RUN_MAX_PIDS) + 2);
    try {
      const forked = await grade(forksThenSums(20), 2);
      expect(forked.status).toBe('accepted');
    } finally {
      for (const sleeper of sleepers) sleeper.kill('SIGKILL');
    }
  }, 60_000);

  it("still bounds a box's own processes: a program forks no more than the limit", async () => {
    const bounded = `#include <stdio.h>\n#include <unistd.h>\nint main(void){int a,b,n=0;scanf("%d %d",&a,&b);
for(int i=0;i<1000;i++){pid_t p=fork();if(p==0){sleep(2);_exit(0);}if(p<0)break;n++;}
printf("%d\\n",n<${RUN_MAX_PIDS}?a+b:n);return 0;}`;
    expect((await grade(bounded, 2)).status).toBe('accepted');
  }, 60_000);
});

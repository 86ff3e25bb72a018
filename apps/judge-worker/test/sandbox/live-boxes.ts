import { readdirSync, readFileSync } from 'fs';

/** Whether process `pid` is in a box cgroup of this test process's engines (v1 or v2: `<kind>-<worker pid>-…`). */
function inOwnBox(pid: string): boolean {
  try {
    return new RegExp(`/oj-boxes/(box|run)-${process.pid}-`).test(readFileSync(`/proc/${pid}/cgroup`, 'utf8'));
  } catch {
    return false; // exited meanwhile
  }
}

/**
 * The live processes of this test process's boxes, as `<pid> <name>`: none once every engine it started is closed.
 * A box's processes take a moment to be reaped after its close, hence the retries.
 */
export async function liveBoxProcesses(): Promise<string[]> {
  let live: string[] = [];
  for (let attempt = 0; attempt < 20; attempt++) {
    live = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid) && inOwnBox(pid))
      .flatMap((pid) => {
        try {
          return [`${pid} ${/^Name:\s*(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]}`];
        } catch {
          return [];
        }
      });
    if (!live.length) return live;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return live;
}

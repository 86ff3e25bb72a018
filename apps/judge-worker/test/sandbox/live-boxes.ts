import { readdirSync, readFileSync } from 'fs';

/** Whether a cgroup path is one of this test process's boxes (`/oj-boxes/<kind>-<worker pid>-…`, v1 or v2). */
export const isOwnBoxCgroup = (cgroupPath: string): boolean => new RegExp(`/oj-boxes/(box|run)-${process.pid}-`).test(cgroupPath);

/**
 * What `list` finds once it finds nothing, or after about a second: a box's processes take a moment to be reaped
 * after its close.
 */
export async function onceEmpty(list: () => string[]): Promise<string[]> {
  let found = list();
  for (let attempt = 0; attempt < 20 && found.length; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    found = list();
  }
  return found;
}

/** The live processes of this test process's boxes, as `<pid> <name>`: none once every engine it started is closed. */
export function liveBoxProcesses(): Promise<string[]> {
  return onceEmpty(() =>
    readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .flatMap((pid) => {
        try {
          if (!isOwnBoxCgroup(readFileSync(`/proc/${pid}/cgroup`, 'utf8'))) return [];
          return [`${pid} ${/^Name:\s*(.*)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]}`];
        } catch {
          return []; // exited meanwhile
        }
      }),
  );
}

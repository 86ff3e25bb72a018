/**
 * What a worker names `<kind>-<worker pid>-<random>` in a work root or its cgroup: submissions' and warm slots'
 * directories, their outputs, boxes' and runs' cgroups, checkers' builds, and what it makes at start (the mount
 * probe, the tools tmpfs, Java's archives, C++'s header). Every such name is made by `ownedPrefix`, so a kind is in
 * this list by construction: a kind missing here would never be swept after a worker killed before its exit
 * listener ran (worker-leftovers.ts).
 */
const MADE_KINDS = ['sub', 'slot', 'out', 'probe', 'tools', 'box', 'run', 'chk', 'jcds', 'javacds', 'pch'] as const;
export type WorkerOwnedKind = (typeof MADE_KINDS)[number];

/** Every kind the sweep removes: what workers make now, and `io`, which workers before 2ce6624 made in the work root. */
export const WORKER_OWNED_KINDS = [...MADE_KINDS, 'io'] as const;

const OWNED_NAME = new RegExp(`^(?:${WORKER_OWNED_KINDS.join('|')})-(\\d+)-`);

/** This worker's prefix for a name of `kind`, `<kind>-<pid>-`: mkdtemp or the caller adds the random part. */
export function ownedPrefix(kind: WorkerOwnedKind): string {
  return `${kind}-${process.pid}-`;
}

/** The pid of the worker that made a directory or cgroup of one of the kinds above; null for any other name. */
export function ownerPid(name: string): number | null {
  const match = OWNED_NAME.exec(name);
  return match ? Number(match[1]) : null;
}

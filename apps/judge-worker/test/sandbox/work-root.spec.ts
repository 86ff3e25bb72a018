import { spawnSync } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { LocalEngine } from '../../src/engines/local/local-engine';
import { processAlive } from '../../src/engines/local/worker-leftovers';
import { WORKER_OWNED_KINDS } from '../../src/engines/local/worker-owned-names';

describe('local engine work root', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-judge-root-'));
  const quiet = { log: () => undefined, warn: () => undefined };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a work root that is a symlink (someone could have planted it in /tmp)', () => {
    const target = mkdtempSync(join(dir, 'target-'));
    const link = join(dir, 'link');
    symlinkSync(target, link);
    expect(() => new LocalEngine({ workRoot: link, logger: quiet })).toThrow(/not a directory/);
    expect(statSync(target).mode & 0o777).toBe(0o700);
  });

  it('takes a work root over: owned by the worker, traversable but not listable by the box user', () => {
    const root = join(dir, 'root');
    new LocalEngine({ workRoot: root, logger: quiet });
    const st = statSync(root);
    expect([st.uid, st.mode & 0o777]).toEqual([process.getuid?.(), 0o711]);
  });

  it('clears what a dead worker left (a directory of every kind a worker names), nothing of live ones or of others', () => {
    const root = join(dir, 'shared');
    let dead = 4_000_000;
    while (processAlive(dead)) dead--;
    const left = WORKER_OWNED_KINDS.filter((kind) => kind !== 'tools').map((kind) => `${kind}-${dead}-a1`);
    const kept = [`sub-${process.pid}-c3`, `io-1-d4`, `cache-${dead}-b2`, 'oj-judge-pch-cache'];
    for (const name of [...left, ...kept]) mkdirSync(join(root, name), { recursive: true });
    // A dead worker's toolchain copies are a tmpfs of their own: unmounted, then removed.
    const tools = join(root, `tools-${dead}-e5`);
    mkdirSync(tools);
    expect(spawnSync('/usr/bin/mount', ['-t', 'tmpfs', '-o', 'size=1m', 'oj-box', tools]).status).toBe(0);
    new LocalEngine({ workRoot: root, logger: quiet });
    expect([...left, ...kept, `tools-${dead}-e5`].filter((name) => existsSync(join(root, name)))).toEqual(kept);
    expect(readFileSync('/proc/self/mountinfo', 'utf8')).not.toContain(tools);
  });
});

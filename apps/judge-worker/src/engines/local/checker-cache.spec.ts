import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { CheckerCache } from './checker-cache';

const KIB = 1024;

describe('CheckerCache', () => {
  let root: string;
  let builds: string;
  let clock: number;

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'oj-checker-cache-'));
    builds = mkdtempSync(join(tmpdir(), 'oj-checker-builds-'));
    clock = Date.now() / 1000 - 1000;
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(builds, { recursive: true, force: true });
  });

  const cached = () =>
    readdirSync(join(root, 'checkers'))
      .filter((name) => !name.endsWith('.tmp'))
      .sort();
  const cachedBytes = () => cached().reduce((sum, name) => sum + statSync(join(root, 'checkers', name)).size, 0);
  /** Dates the entry's last use a second after the previous one's (a clock of the test's, in the past). */
  const touch = (key: string) => {
    clock += 1;
    utimesSync(join(root, 'checkers', key), clock, clock);
  };
  /** Adds a binary of `kib` KiB under `key` and returns its lease. */
  const hold = (cache: CheckerCache, key: string, kib: number) => {
    const built = join(builds, key);
    writeFileSync(built, Buffer.alloc(kib * KIB, key));
    const lease = cache.add(key, built);
    touch(key);
    return lease;
  };
  /** Adds a binary and is done with it. */
  const add = (cache: CheckerCache, key: string, kib: number) => hold(cache, key, kib).release();
  /** Leases the entry `key`. */
  const lease = (cache: CheckerCache, key: string) => {
    const held = cache.lease(key);
    if (!held) throw new Error(`${key} is not cached`);
    touch(key);
    return held;
  };

  it('keeps its entries within the cap, evicting the least recently used first', () => {
    const cache = new CheckerCache(root, 30 * KIB);
    add(cache, 'a', 10);
    add(cache, 'b', 10);
    add(cache, 'c', 10);
    lease(cache, 'a').release();
    add(cache, 'd', 10);
    expect(cached()).toEqual(['a', 'c', 'd']);
    add(cache, 'e', 15);
    expect(cached()).toEqual(['d', 'e']);
    expect(cachedBytes()).toBeLessThanOrEqual(30 * KIB);
  });

  it('never evicts an entry in use, and trims it once released', () => {
    const cache = new CheckerCache(root, 20 * KIB);
    add(cache, 'old', 10);
    const old = lease(cache, 'old');
    add(cache, 'new', 10);
    add(cache, 'newer', 10);
    expect(cached()).toEqual(['newer', 'old']);
    expect(readFileSync(old.program)).toEqual(Buffer.alloc(10 * KIB, 'old'));
    old.release();
    expect(existsSync(old.program)).toBe(false);
    expect(cached()).toEqual(['newer', 'old']);
    add(cache, 'newest', 10);
    expect(cached()).toEqual(['newer', 'newest']);
  });

  it('keeps a new entry it had to go over its cap for, and goes back under once the leases end', () => {
    const cache = new CheckerCache(root, 15 * KIB);
    add(cache, 'a', 10);
    const a = lease(cache, 'a');
    const b = hold(cache, 'b', 10);
    expect(cached()).toEqual(['a', 'b']);
    a.release();
    expect(cached()).toEqual(['b']);
    b.release();
    expect(cachedBytes()).toBeLessThanOrEqual(15 * KIB);
  });

  it('keeps a leased binary whoever removes the entry, and answers null for what is not cached', () => {
    const cache = new CheckerCache(root, 100 * KIB);
    add(cache, 'a', 1);
    const a = lease(cache, 'a');
    rmSync(join(root, 'checkers', 'a'));
    expect(cache.lease('a')).toBeNull();
    expect(readFileSync(a.program)).toEqual(Buffer.alloc(KIB, 'a'));
    a.release();
  });

  it("removes a copy a crashed worker left half made, and leaves a live worker's alone", () => {
    const cache = new CheckerCache(root, 100 * KIB);
    add(cache, 'a', 1);
    const dead = join(root, 'checkers', 'x.999999999.tmp');
    const live = join(root, 'checkers', `y.${process.pid}.tmp`);
    writeFileSync(dead, 'half');
    writeFileSync(live, 'half');
    add(cache, 'b', 1);
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live)).toBe(true);
  });
});

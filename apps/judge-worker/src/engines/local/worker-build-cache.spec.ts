import { spawn, spawnSync } from 'child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { BUILD_WAIT_MS, WorkerBuildCache } from './worker-build-cache';

describe('WorkerBuildCache', () => {
  let base: string;
  let cache: WorkerBuildCache;
  let compiler: string;
  let header: string;
  beforeEach(() => {
    base = mkdtempSync(join(tmpdir(), 'oj-pch-cache-'));
    chmodSync(base, 0o755);
    cache = new WorkerBuildCache(join(base, 'work'), 'pch', '.gch');
    compiler = join(base, 'g++');
    header = join(base, 'stdc++.h');
    writeFileSync(compiler, 'compiler');
    writeFileSync(header, 'header');
  });
  afterEach(() => rmSync(base, { recursive: true, force: true }));

  const built = (content: string) => {
    const path = join(base, `built-${content}`);
    writeFileSync(path, content, { mode: 0o444 });
    return path;
  };

  it('gives back what a worker kept, for the same files and options only', () => {
    const entry = cache.entry([compiler, header], ['-O2']);
    expect(cache.take(entry, join(base, 'out'))).toBe(false);
    cache.keep(built('gch'), entry);
    expect(cache.take(entry, join(base, 'out'))).toBe(true);
    expect(readFileSync(join(base, 'out'), 'utf8')).toBe('gch');
    expect(cache.entry([compiler, header], ['-O0'])).not.toBe(entry);
    writeFileSync(header, 'another header');
    expect(cache.entry([compiler, header], ['-O2'])).not.toBe(entry);
  });

  it('never takes an entry whose content is not what was kept, nor one kept without its digest, nor throws', () => {
    const entry = cache.entry([compiler, header], ['-O2']);
    cache.keep(built('a whole gch'), entry);
    const out = join(base, 'out');
    chmodSync(entry, 0o644);
    truncateSync(entry, 3);
    expect(cache.take(entry, out)).toBe(false);
    expect(existsSync(out)).toBe(false);
    cache.keep(built('a whole gch'), entry);
    expect(cache.take(entry, out)).toBe(true);
    expect(cache.take(entry, join(base, 'no-such-dir', 'out'))).toBe(false);
    rmSync(`${entry}.sha256`);
    expect(cache.take(entry, join(base, 'out-2'))).toBe(false);
  });

  it('never takes an entry others could have written', () => {
    const entry = cache.entry([compiler, header], ['-O2']);
    cache.keep(built('gch'), entry);
    chmodSync(entry, 0o666);
    expect(cache.take(entry, join(base, 'out'))).toBe(false);
    chmodSync(entry, 0o444);
    chmodSync(`${entry}.sha256`, 0o666);
    expect(cache.take(entry, join(base, 'out'))).toBe(false);
    chmodSync(`${entry}.sha256`, 0o444);
    expect(cache.take(entry, join(base, 'out'))).toBe(true);
    chmodSync(join(base, 'oj-judge-pch-cache'), 0o777);
    expect(cache.take(entry, join(base, 'out'))).toBe(false);
  });

  it('never follows a planted symlink', () => {
    mkdirSync(join(base, 'oj-judge-pch-cache'), { mode: 0o755 });
    const entry = cache.entry([compiler, header], ['-O2']);
    symlinkSync(built('planted'), entry);
    expect(cache.take(entry, join(base, 'out'))).toBe(false);
  });

  describe('takeOrBuild', () => {
    /** A build that writes `content` to the target and counts its runs. */
    const counted = (content: string) => {
      const build = Object.assign(
        (target: string) => () => {
          build.runs++;
          writeFileSync(target, content);
          return null;
        },
        { runs: 0 },
      );
      return build;
    };
    const modeOf = (path: string) => lstatSync(path).mode & 0o777;

    it('builds once, keeps what passed read-only, and gives that copy to the next worker', () => {
      const entry = cache.entry([compiler, header], ['-O2']);
      const build = counted('gch');
      expect(cache.takeOrBuild(entry, join(base, 'first'), build(join(base, 'first')))).toBeNull();
      expect(cache.takeOrBuild(entry, join(base, 'second'), build(join(base, 'second')))).toBeNull();
      expect(build.runs).toBe(1);
      expect(readFileSync(join(base, 'second'), 'utf8')).toBe('gch');
      expect([modeOf(join(base, 'first')), modeOf(join(base, 'second'))]).toEqual([0o444, 0o444]);
      expect(existsSync(`${entry}.lock`)).toBe(false);
    });

    it('keeps nothing of a build that failed, releases its lock, and builds again next time', () => {
      const entry = cache.entry([compiler, header], ['-O2']);
      expect(cache.takeOrBuild(entry, join(base, 'out'), () => 'precompiling failed: no room')).toBe('precompiling failed: no room');
      expect([existsSync(entry), existsSync(`${entry}.lock`)]).toEqual([false, false]);
      const build = counted('gch');
      expect(cache.takeOrBuild(entry, join(base, 'out'), build(join(base, 'out')))).toBeNull();
      expect(build.runs).toBe(1);
    });

    it("waits while another worker builds the same entry, then takes that worker's copy instead of building", async () => {
      const entry = cache.entry([compiler, header], ['-O2']);
      // The other worker's file, kept through a cache of its own, then moved into place as its build ends.
      const staged = new WorkerBuildCache(join(base, 'staging', 'work'), 'pch', '.gch');
      mkdirSync(join(base, 'staging'), { mode: 0o755 });
      const stagedEntry = staged.entry([compiler, header], ['-O2']);
      staged.keep(built('their gch'), stagedEntry);
      mkdirSync(join(base, 'oj-judge-pch-cache'), { mode: 0o755 });
      const other = spawn('sh', [
        '-c',
        'sleep 0.6; cp -p "$1" "$2"; cp -p "$1.sha256" "$2.sha256"; rm "$2.lock"',
        'sh',
        stagedEntry,
        entry,
      ]);
      writeFileSync(`${entry}.lock`, String(other.pid));
      const exited = new Promise((resolve) => other.once('exit', resolve));
      const started = Date.now();
      const build = counted('our gch');
      expect(cache.takeOrBuild(entry, join(base, 'out'), build(join(base, 'out')))).toBeNull();
      expect(Date.now() - started).toBeGreaterThanOrEqual(500);
      expect(build.runs).toBe(0);
      expect(readFileSync(join(base, 'out'), 'utf8')).toBe('their gch');
      expect(modeOf(join(base, 'out'))).toBe(0o444);
      await exited;
    });

    it('takes over the lock of a worker that died, or of one that has held it too long', () => {
      const entry = cache.entry([compiler, header], ['-O2']);
      mkdirSync(join(base, 'oj-judge-pch-cache'), { mode: 0o755 });
      const dead = spawnSync('true').pid as number;
      writeFileSync(`${entry}.lock`, String(dead));
      const build = counted('gch');
      expect(cache.takeOrBuild(entry, join(base, 'out'), build(join(base, 'out')))).toBeNull();
      expect(build.runs).toBe(1);

      const other = cache.entry([compiler, header], ['-O3']);
      // A live holder (Jest's parent process) whose lock is older than any build.
      writeFileSync(`${other}.lock`, String(process.ppid));
      const old = (Date.now() - BUILD_WAIT_MS - 1000) / 1000;
      utimesSync(`${other}.lock`, old, old);
      expect(cache.takeOrBuild(other, join(base, 'out-3'), build(join(base, 'out-3')))).toBeNull();
      expect(build.runs).toBe(2);
      expect(existsSync(`${other}.lock`)).toBe(false);
    });

    it('builds without waiting or keeping when the cache directory cannot be trusted', () => {
      const entry = cache.entry([compiler, header], ['-O2']);
      mkdirSync(join(base, 'oj-judge-pch-cache'), { mode: 0o755 });
      chmodSync(join(base, 'oj-judge-pch-cache'), 0o777);
      // Another user's lock in a directory anyone may write: never waited for.
      writeFileSync(`${entry}.lock`, String(process.ppid));
      const build = counted('gch');
      expect(cache.takeOrBuild(entry, join(base, 'out'), build(join(base, 'out')))).toBeNull();
      expect(build.runs).toBe(1);
      expect(existsSync(entry)).toBe(false);
      expect(existsSync(`${entry}.lock`)).toBe(true);
    });
  });
});

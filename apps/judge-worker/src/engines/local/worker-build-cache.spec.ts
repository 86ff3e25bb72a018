import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { WorkerBuildCache } from './worker-build-cache';

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
});

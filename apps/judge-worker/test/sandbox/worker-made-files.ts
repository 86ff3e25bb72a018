import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { LocalEngine } from '../../src/engines/local/local-engine';
import { removeTree } from './work-roots';

/** A file the engine makes at start in a directory `<prefix>-<pid>-*` of its work root, and binds into boxes. */
export interface WorkerMadeFile {
  prefix: string;
  file: string;
  languageIds: number[];
}

/**
 * Engines in work roots of their own, each with the made file passed to `change` before any box starts; all are
 * closed and removed after the file's tests.
 */
export function enginesWithMadeFile(made: WorkerMadeFile): (change: (path: string) => void) => LocalEngine {
  const roots: string[] = [];
  const engines: LocalEngine[] = [];
  afterAll(async () => {
    for (const engine of engines) await engine.close();
    for (const root of roots) removeTree(root);
  });
  return (change) => {
    const root = mkdtempSync(join(tmpdir(), `oj-judge-${made.prefix}-`));
    roots.push(root);
    const engine = new LocalEngine({
      workRoot: root,
      languageIds: made.languageIds,
      logger: { log: () => undefined, warn: () => undefined },
    });
    engines.push(engine);
    const dir = readdirSync(root).find((name) => name.startsWith(`${made.prefix}-${process.pid}-`));
    if (!dir) throw new Error(`the engine made no ${made.file}`);
    change(join(root, dir, made.file));
    return engine;
  };
}

/** Runs `verdictsWithout` against an engine whose made file was found corrupt, and one whose file was missing. */
export function describeDamaged(
  open: (change: (path: string) => void) => LocalEngine,
  verdictsWithout: (engine: () => LocalEngine) => void,
): void {
  const damages: Record<string, (path: string) => void> = {
    corrupt: (path) => {
      chmodSync(path, 0o644);
      writeFileSync(path, Buffer.alloc(1 << 20, 0x5a));
    },
    missing: (path) => rmSync(path),
  };
  for (const [name, damage] of Object.entries(damages)) {
    describe(name, () => {
      let engine: LocalEngine;
      beforeAll(() => {
        engine = open(damage);
      }, 180_000);
      verdictsWithout(() => engine);
    });
  }
}

import * as childProcess from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { buildLauncher } from './box-launcher';

describe('box launcher build', () => {
  const dir = mkdtempSync(join(tmpdir(), 'oj-launcher-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles box-launcher.c with every warning an error, once per source version', () => {
    const first = buildLauncher(dir);
    expect(first).toEqual({ path: expect.stringMatching(/box-launcher-[0-9a-f]{12}$/) });
    const { path } = first as { path: string };
    expect(existsSync(path)).toBe(true);
    // The same source is not compiled again: the build is found by its hash.
    expect(buildLauncher(dir)).toEqual({ path });
  });

  it("copies the machine's kept build into another work root instead of compiling it again", () => {
    // Two work roots side by side share the build cache beside them, as workers (and test engines) on one machine do.
    const parent = mkdtempSync(join(tmpdir(), 'oj-launcher-cache-'));
    try {
      const [a, b] = ['a', 'b'].map((name) => join(parent, name));
      [a, b].forEach((root) => mkdirSync(root));
      const built = buildLauncher(a) as { path: string };
      const spawn = jest.spyOn(childProcess, 'spawnSync');
      try {
        const taken = buildLauncher(b) as { path: string };
        // Preprocessed for its name, never compiled again.
        const compiles = spawn.mock.calls.filter(([, args]) => !(args as string[]).includes('-E'));
        expect(compiles).toEqual([]);
        expect(taken.path.startsWith(b)).toBe(true);
        expect(readFileSync(taken.path).equals(readFileSync(built.path))).toBe(true);
        // Runnable by the boxes, writable by nobody.
        expect(statSync(taken.path).mode & 0o777).toBe(0o555);
      } finally {
        spawn.mockRestore();
      }
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });

  it('reports the launcher unavailable, rather than failing the worker, when its source is missing', () => {
    jest.isolateModules(() => {
      jest.doMock('fs', () => ({
        ...jest.requireActual('fs'),
        readFileSync: () => {
          throw new Error('ENOENT: no such file');
        },
      }));
      const { buildLauncher: build } = require('./box-launcher');
      expect(build(dir)).toEqual({ unavailable: expect.stringContaining("cannot read the box launcher's source") });
    });
  });
});

import { existsSync, mkdtempSync, rmSync } from 'fs';
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

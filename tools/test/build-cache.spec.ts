import { execFileSync } from 'child_process';
import { existsSync, rmSync } from 'fs';
import { join } from 'path';
import { stripVTControlCharacters } from 'util';

const root = join(__dirname, '../..');
const entries = ['dist/api/apps/api/src/main.js', 'dist/judge-worker/apps/judge-worker/src/main.js'];
// The worker compiles its sandbox launcher from the C source the build copies beside it, and checkers with testlib.h.
const libs = [
  'dist/api/libs/db/src/index.js',
  'dist/judge-worker/libs/db/src/index.js',
  'dist/judge-worker/apps/judge-worker/src/engines/local/box-launcher.c',
  'dist/judge-worker/apps/judge-worker/src/engines/checker-support/testlib.h',
];

/** `npm start`'s build. */
function build(): string {
  const output = execFileSync(
    process.execPath,
    [join(root, 'node_modules/nx/bin/nx.js'), 'run-many', '-t', 'build', '-p', 'api', 'judge-worker', '--outputStyle=static'],
    {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      encoding: 'utf8',
    },
  );
  return stripVTControlCharacters(output);
}

const missing = () => [...entries, ...libs].filter((file) => !existsSync(join(root, file)));

// The API and the worker once declared the same output folder: restoring one from the Nx cache wiped the
// other's files, and the second `npm start` died with "Cannot find module …/main.js".
describe('server builds through the Nx cache', () => {
  it('leaves both entry points in place when both builds come from the cache, again and again', () => {
    build();
    expect(missing()).toEqual([]);
    for (let round = 0; round < 2; round++) {
      rmSync(join(root, 'dist/api'), { recursive: true, force: true });
      rmSync(join(root, 'dist/judge-worker'), { recursive: true, force: true });
      const output = build();
      expect(output).toMatch(/api:build +\[local cache\]/);
      expect(output).toMatch(/judge-worker:build +\[local cache\]/);
      expect(missing()).toEqual([]);
      // Unchanged outputs are not restored again, and stay whole.
      build();
      expect(missing()).toEqual([]);
    }
  });
});

import { spawnSync } from 'child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { dirname, join } from 'path';

const script = join(__dirname, '../import-cycles.js');

/**
 * A workspace of its own laid out like the repository (a lib and an app, an alias in tsconfig.base.json), with
 * the given files; the check runs on it exactly as on the repository (`npx nx run tools:import-cycles`).
 */
function checkProbe(files: Record<string, string>): { status: number | null; output: string } {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  try {
    const tsconfig = { compilerOptions: { baseUrl: '.', paths: { '@probe/shapes': ['libs/shapes/src'] } } };
    for (const [path, text] of Object.entries({ 'tsconfig.base.json': JSON.stringify(tsconfig), ...files })) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    const check = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    return { status: check.status, output: check.stdout + check.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A lib imported by an app through its alias. */
const lib = {
  'libs/shapes/src/index.ts': "export * from './circle';\n",
  'libs/shapes/src/circle.ts': 'export interface Circle {\n  radius: number;\n}\n',
  'apps/draw/src/draw.ts': "import { Circle } from '@probe/shapes';\n\nexport const draw = (c: Circle) => c.radius;\n",
};

// Issue 35: no file of the repository imports itself back, whatever the path (relative, alias, require, type).
describe('the import-cycle check', () => {
  it('passes a workspace without a circle', () => {
    const check = checkProbe(lib);
    expect(check.output).toContain('no import circle');
    expect(check.status).toBe(0);
  });

  it('fails on a circle through a path alias, and names its files', () => {
    const check = checkProbe({
      ...lib,
      'libs/shapes/src/circle.ts': "import { draw } from '../../../apps/draw/src/draw';\n\nexport const size = draw;\n",
    });
    expect(check.status).toBe(1);
    const circle = check.output.split('\n').find((line) => line.startsWith('import circle: '));
    for (const file of ['apps/draw/src/draw.ts', 'libs/shapes/src/index.ts', 'libs/shapes/src/circle.ts']) expect(circle).toContain(file);
  });

  it('fails on a circle of type-only imports and of requires', () => {
    const check = checkProbe({
      ...lib,
      'apps/draw/src/a.ts': "import type { B } from './b';\n\nexport interface A {\n  b?: B;\n}\n",
      'apps/draw/src/b.ts': "import type { A } from './a';\n\nexport interface B {\n  a?: A;\n}\n",
      'tools/one.js': "module.exports = () => require('./two');\n",
      'tools/two.js': "module.exports = () => require('./one');\n",
    });
    expect(check.status).toBe(1);
    expect(check.output).toMatch(/import circle: apps\/draw\/src\/(a|b)\.ts -> apps\/draw\/src\/(a|b)\.ts -> /);
    expect(check.output).toMatch(/import circle: tools\/(one|two)\.js -> tools\/(one|two)\.js -> /);
  });
});

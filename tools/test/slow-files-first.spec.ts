const SlowFilesFirst = require('../jest/slow-files-first.js');

interface FakeTest {
  path: string;
  duration?: number;
  context: { config: { globals: Record<string, unknown> }; hasteFS: { getSize: (path: string) => number } };
}

/** Tests as Jest hands them to a sequencer: a project config (with its globals) and file sizes, no timings yet. */
function tests(paths: string[], slowFiles?: string[]): FakeTest[] {
  const sizes = new Map(paths.map((path, i) => [path, (paths.length - i) * 1000]));
  const context = { config: { globals: slowFiles ? { slowFiles } : {} }, hasteFS: { getSize: (path: string) => sizes.get(path) ?? 0 } };
  return paths.map((path) => ({ path, context }));
}

describe('the slow-files-first test sequencer', () => {
  const sequencer = new SlowFilesFirst();
  const order = (list: FakeTest[]) => sequencer.sort(list).map((t: FakeTest) => t.path.replace('/repo/test/', ''));

  it("starts the files a config names first, in Jest's order, and the rest after them in Jest's order", () => {
    const list = tests(
      ['/repo/test/big.spec.ts', '/repo/test/medium.spec.ts', '/repo/test/outage.spec.ts', '/repo/test/small.spec.ts'],
      ['outage.spec.ts', 'small.spec.ts'],
    );
    expect(order(list)).toEqual(['outage.spec.ts', 'small.spec.ts', 'big.spec.ts', 'medium.spec.ts']);
  });

  it("keeps Jest's own order (largest file first) where a config names no slow files", () => {
    expect(order(tests(['/repo/test/a.spec.ts', '/repo/test/b.spec.ts', '/repo/test/c.spec.ts']))).toEqual([
      'a.spec.ts',
      'b.spec.ts',
      'c.spec.ts',
    ]);
  });
});

#!/usr/bin/env node
// No file of the repository imports itself back: every project's source, tests, tools and benchmarks, through
// relative imports, requires, dynamic imports and the path aliases of tsconfig.base.json (dpdm follows them all).
// Type-only imports count too: a circle of types is still a circle to read, and one type moved into a file of
// types breaks it (see apps/judge-worker/src/engines/local/sandbox-types.ts).
// Usage: node tools/import-cycles.js [root=the repository]; prints each circle and exits 1 when there is one.
// tools/test/import-cycles.spec.ts proves it fails on a probe that makes a circle.
const { resolve } = require('path');

/** The files checked, relative to the root: every project of the workspace (apps/*, libs/*), tools/ and bench/. */
const FILES = ['apps/**/*.{ts,tsx,js,mjs}', 'libs/**/*.{ts,tsx,js,mjs}', 'tools/**/*.{ts,js}', 'bench/**/*.{ts,js}'];
const NOT_SOURCE = /node_modules|\/dist\/|\/test-results\//;

/** Each import circle among the files under `root`, as the list of its files. */
async function importCycles(root) {
  // dpdm's helpers load ESM-only packages (chalk), which only Node's own require reads, not Jest's: hence a script.
  const { parseCircular, parseDependencyTree } = require('dpdm');
  const tree = await parseDependencyTree(FILES, {
    context: root,
    cwd: root,
    tsconfig: resolve(root, 'tsconfig.base.json'),
    extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'],
    exclude: NOT_SOURCE,
    transform: false,
  });
  return parseCircular(tree);
}

importCycles(resolve(process.argv[2] ?? resolve(__dirname, '..'))).then(
  (cycles) => {
    for (const cycle of cycles) console.error(`import circle: ${[...cycle, cycle[0]].join(' -> ')}`);
    if (cycles.length) {
      console.error(`${cycles.length} import circle(s): move what the files share into a module they both import.`);
      process.exit(1);
    }
    console.log('no import circle');
  },
  (error) => {
    console.error(error);
    process.exit(2);
  },
);

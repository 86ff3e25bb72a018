// Resolves the workspace aliases (@oj/contracts, @oj/db, ...) to the libraries compiled with the entry script.
// Each app builds into a tree of its own (dist/api, dist/judge-worker: one Nx output per build target, so the
// cache never restores one app over the other), holding its apps/<name>/src and the libs it imports.
// Scripts outside dist (tools/migrate.js, benchmarks) take the libs from whichever tree is built.
const path = require('path');

const dist = path.join(__dirname, '..', 'dist');
const entry = path.relative(dist, path.resolve(process.argv[1] ?? ''));
const inDist = entry !== '' && !entry.startsWith('..') && !path.isAbsolute(entry);
const trees = inDist ? [entry.split(path.sep)[0]] : ['api', 'judge-worker'];

require('tsconfig-paths').register({
  baseUrl: dist,
  paths: { '@oj/*': trees.map((tree) => `${tree}/libs/*/src`) },
});

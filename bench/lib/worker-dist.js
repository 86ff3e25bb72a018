// The judge worker as built (`npx nx run judge-worker:build`): its modules, with the workspace aliases (@oj/*)
// resolved to the libraries compiled into the same tree, never to another app's older build. WORKER_DIST names
// another build (another checkout's dist/judge-worker), so a bench can run two commits' engines side by side.
const path = require('path');

const DIST = process.env.WORKER_DIST ? path.resolve(process.env.WORKER_DIST) : path.join(__dirname, '../../dist/judge-worker');
require('tsconfig-paths').register({ baseUrl: DIST, paths: { '@oj/*': ['libs/*/src'] } });

/** A module of the built worker, by its path under apps/judge-worker/src. */
function workerModule(modulePath) {
  return require(path.join(DIST, 'apps/judge-worker/src', modulePath));
}

module.exports = { workerModule };

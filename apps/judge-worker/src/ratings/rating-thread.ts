import type { RateContestsInput, RatedContestChanges } from '@oj/contracts';
import { join } from 'path';
import { Worker } from 'worker_threads';

/**
 * The thread's code. It loads the algorithm (rateContests, @oj/contracts) from the tree this file runs from, whose
 * layout is the same built or not (`<root>/apps/judge-worker/src/ratings`, `<root>/libs/<name>/src`): the compiled
 * worker's dist/judge-worker, or the sources under Jest, which it compiles as it requires them (typescript's
 * transpileModule), since a thread shares neither the main thread's path aliases nor Jest's transform. Its
 * packages are named by their paths, as an eval'd thread would look for them from the working directory.
 */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('worker_threads');
if (workerData.typescript) {
  const { readFileSync } = require('fs');
  const ts = require(workerData.typescript);
  const options = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true };
  require.extensions['.ts'] = (module, filename) =>
    module._compile(ts.transpileModule(readFileSync(filename, 'utf8'), { compilerOptions: options }).outputText, filename);
}
require(workerData.tsconfigPaths).register({ baseUrl: workerData.root, paths: { '@oj/*': ['libs/*/src'] } });
const { rateContests } = require('@oj/contracts');
parentPort.once('message', (input) => parentPort.postMessage(rateContests(input)));
`;

/**
 * Rates contests (rateContests) on a thread of its own, one per recompute, so the worker's event loop keeps
 * answering its queues, locks and probes while a large contest is rated (bench/BENCHMARKS.md "Ratings": the loop's
 * longest pause is 14 ms while 10,000 participants are rated, median of 5 runs). The thread ends with its answer; an
 * error in it rejects, and the job fails as a recompute that threw here would.
 */
export function rateOnThread(input: RateContestsInput): Promise<RatedContestChanges[]> {
  const root = join(__dirname, '..', '..', '..', '..');
  const typescript = __filename.endsWith('.ts') ? require.resolve('typescript') : null;
  const workerData = { root, tsconfigPaths: require.resolve('tsconfig-paths'), typescript };
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData });
  return new Promise((resolve, reject) => {
    worker.once('message', (rated: RatedContestChanges[]) => {
      resolve(rated);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The rating thread stopped (exit code ${code}) before it answered.`)));
    worker.postMessage(input);
  });
}

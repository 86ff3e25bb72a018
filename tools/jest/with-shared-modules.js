// The Jest settings of a suite whose test files share their modules (the API's and the system tests'): each worker
// loads the app's modules (Nest, TypeORM, the API's and the libs' sources: about 2,800 modules, 2 s of CPU) once, not
// once per test file as Jest's own runner does in a fresh module registry per file. jest-light-runner runs the files in
// worker threads (each its own globals, process.env and module cache), and the files here add what it leaves out:
// TypeScript and the workspace aliases (typescript-hooks.js) and the timeouts (test-timeouts.js).
//
// Threads, not the runner's process workers: those ask Jest's process for their settings over one channel shared by
// all of them, and a worker that asked while another's answer was on its way never got one (the run hung, one file
// short, with five workers).
//
// What a file changes in a module or a global outlives the file in its worker: a test sets back what it changes
// (test-archive-reader.spec.ts), and the API's test apps start from fresh logging (freshLogging in test-app.ts).
// jest.mock and jest.replaceProperty do not exist here, and a project's own testTimeout is not seen (the preset's is:
// test-timeouts.js); a file sets another with jest.setTimeout. bench/BENCHMARKS.md ("Shared modules") has the times.
const path = require('path');

const here = (file) => path.join(__dirname, 'shared-modules', file);

module.exports = {
  runner: 'jest-light-runner',
  setupFiles: [here('typescript-hooks.js')],
  setupFilesAfterEnv: [here('test-timeouts.js')],
};

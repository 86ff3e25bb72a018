module.exports = {
  ...require('../../jest.preset.js'),
  // PostgreSQL and Redis: as given, in containers or local (tools/jest/test-services.js).
  ...require('../../tools/jest/with-test-services.js'),
  rootDir: __dirname,
  // Test files run side by side (each has its own boxes, cgroups, database and Redis prefix): much of a file's time
  // is spent waiting on compilers and sandboxed programs, so three workers on two cores take 40 s where one took 100.
  // The time-limit tests still hold: their wall limit is 2 × CPU + 1 s, and a program gets at least 2/3 of a core.
  maxWorkers: 3,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // The longest files, started first on a clean clone (tools/jest/slow-files-first.js).
  testSequencer: require.resolve('../../tools/jest/slow-files-first.js'),
  globals: { slowFiles: ['grading/judge-submission.spec.ts', 'sandbox/verdicts.spec.ts', 'checkers/checkers.spec.ts'] },
};

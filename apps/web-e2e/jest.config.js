module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.e2e.ts'],
  globalSetup: '<rootDir>/src/global-setup.ts',
  globalTeardown: '<rootDir>/src/global-teardown.ts',
  testTimeout: 120_000,
  // Two files at a time, each with its own browser, against the one app global setup starts: every journey makes
  // its own users, problems and contests, so they do not see each other's (a list's newest row may be another
  // file's: a journey picks its own). In band, one browser and its app kept one of the two cores busy and left the
  // other to whatever Nx ran beside (bench/BENCHMARKS.md, "npm test's time").
  maxWorkers: 2,
  // The longest journeys start first, so neither worker is left with one at the end (tools/jest/slow-files-first.js).
  testSequencer: require.resolve('../../tools/jest/slow-files-first.js'),
  globals: { slowFiles: ['accessibility.e2e.ts', 'contest-day.e2e.ts', 'journeys.e2e.ts', 'contests.e2e.ts'] },
};

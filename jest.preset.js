// Shared Jest settings: TypeScript through ts-jest (transpile only; `lint` type-checks),
// workspace path aliases mapped to their sources.
const path = require('path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.spec.json') }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: {
    '^@oj/contracts$': path.join(__dirname, 'libs/contracts/src'),
    '^@oj/db$': path.join(__dirname, 'libs/db/src'),
    '^@oj/observability$': path.join(__dirname, 'libs/observability/src'),
    '^@oj/messaging$': path.join(__dirname, 'libs/messaging/src'),
    '^@oj/api-client$': path.join(__dirname, 'libs/api-client/src'),
    '^@oj/api-testing$': path.join(__dirname, 'apps/api/testing/src'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Integration suites boot a Nest app on its own database in beforeAll; on a loaded 2-core machine that
  // alone can pass Jest's 5 s default, which would fail every test of the file for a reason unrelated to it.
  testTimeout: 30_000,
  // Where a run's time goes, file by file, when asked (.ci/run and bench/test-times.js set TEST_FILE_TIMES).
  reporters: process.env.TEST_FILE_TIMES ? ['default', path.join(__dirname, 'tools/jest/file-times-reporter.js')] : ['default'],
};

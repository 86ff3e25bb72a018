// Shared Jest settings: TypeScript through @swc/jest (transpile only; `typecheck-lint` type-checks; the options and
// why swc: tools/jest/typescript-settings.js), workspace path aliases mapped to their sources.
const path = require('path');

const { moduleNameMapper, swcOptions } = require('./tools/jest/typescript-settings');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions(false)],
    '^.+\\.tsx$': ['@swc/jest', swcOptions(true)],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Integration suites boot a Nest app on its own database in beforeAll; on a loaded 2-core machine that
  // alone can pass Jest's 5 s default, which would fail every test of the file for a reason unrelated to it.
  testTimeout: 30_000,
  // Where a run's time goes, file by file, when asked (.ci/run and bench/test-times.js set TEST_FILE_TIMES).
  reporters: process.env.TEST_FILE_TIMES ? ['default', path.join(__dirname, 'tools/jest/file-times-reporter.js')] : ['default'],
};

// Shared Jest settings: TypeScript through @swc/jest (transpile only; `typecheck-lint` type-checks), workspace path
// aliases mapped to their sources.
//
// Why swc rather than ts-jest: every project transforms the shared sources (the API's, libs/*) again on a clean clone,
// since Jest keys its transform cache by project: tsc's transpileModule (ts-jest's transpile-only mode) takes about 7
// CPU-s over those sources, swc 0.3 s (bench/BENCHMARKS.md, "Jest transforms"). Its options give what tsc gives with
// tsconfig.base.json: legacy decorators with their design:* metadata (Nest's injection, TypeORM's columns), ES2022
// class fields defined as tsc defines them at that target (useDefineForClassFields), CommonJS with esModuleInterop's
// interop, React's automatic JSX runtime (tsconfig.spec.json's react-jsx), inline source maps.
const path = require('path');

/** swc's options for a .ts file, or a .tsx one (JSX is parsed only there: `<T>value` is a cast in .ts). */
function swcOptions(tsx) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx, decorators: true },
      target: 'es2022',
      transform: {
        legacyDecorator: true,
        decoratorMetadata: true,
        useDefineForClassFields: true,
        react: { runtime: 'automatic' },
      },
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
    // The options are all here: a stray .swcrc in the working directory must not change them.
    swcrc: false,
  };
}

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions(false)],
    '^.+\\.tsx$': ['@swc/jest', swcOptions(true)],
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

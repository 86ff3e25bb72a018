// How the suites' TypeScript becomes JavaScript, and where the workspace aliases point: one home for Jest's
// transform (jest.preset.js) and the shared-modules runner's require hook (tools/jest/shared-modules).
//
// Why swc rather than ts-jest: every project transforms the shared sources (the API's, libs/*) again on a clean clone,
// since Jest keys its transform cache by project: tsc's transpileModule (ts-jest's transpile-only mode) takes about 7
// CPU-s over those sources, swc 0.3 s (bench/BENCHMARKS.md, "Jest transforms"). Its options give what tsc gives with
// tsconfig.base.json: legacy decorators with their design:* metadata (Nest's injection, TypeORM's columns), ES2022
// class fields defined as tsc defines them at that target (useDefineForClassFields), CommonJS with esModuleInterop's
// interop, React's automatic JSX runtime (tsconfig.spec.json's react-jsx), inline source maps.
const path = require('path');

const ROOT = path.join(__dirname, '../..');

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

const moduleNameMapper = {
  '^@oj/contracts$': path.join(ROOT, 'libs/contracts/src'),
  '^@oj/db$': path.join(ROOT, 'libs/db/src'),
  '^@oj/observability$': path.join(ROOT, 'libs/observability/src'),
  '^@oj/messaging$': path.join(ROOT, 'libs/messaging/src'),
  '^@oj/api-client$': path.join(ROOT, 'libs/api-client/src'),
  '^@oj/api-testing$': path.join(ROOT, 'apps/api/testing/src'),
};

module.exports = { swcOptions, moduleNameMapper };

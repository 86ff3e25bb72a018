module.exports = {
  ...require('../../jest.preset.js'),
  // PostgreSQL and Redis as given, in containers or local (tools/jest/test-services.js), and one migrated template
  // database per run that each file copies (tools/jest/template-database-setup.js).
  ...require('../../tools/jest/with-template-database.js'),
  // The files share the app's modules in each worker (tools/jest/with-shared-modules.js).
  ...require('../../tools/jest/with-shared-modules.js'),
  rootDir: __dirname,
  // Test files run side by side (each has its own database and Redis prefix): two workers halve the suite on two
  // cores (a third gains nothing: the files are CPU-bound). Fixed rather than per core, so a big machine does not
  // open hundreds of database connections.
  maxWorkers: 2,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Integration suites start Bull queues and Redis subscribers; a pending job promise of a timed-out validation
  // (no worker runs here) can keep the event loop alive after every app has closed.
  forceExit: true,
  // The longest files, started first on a clean clone (tools/jest/slow-files-first.js).
  testSequencer: require.resolve('../../tools/jest/slow-files-first.js'),
  globals: { slowFiles: ['robustness/openapi-fuzz.spec.ts'] },
};

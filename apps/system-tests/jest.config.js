// End-to-end tests across the apps: the API with a real judge worker (in process, or compiled and spawned).
module.exports = {
  ...require('../../jest.preset.js'),
  // PostgreSQL and Redis as given, in containers or local (tools/jest/test-services.js), and one migrated template
  // database per run that each file copies (tools/jest/template-database-setup.js).
  ...require('../../tools/jest/with-template-database.js'),
  // The files share the apps' modules in each worker (tools/jest/with-shared-modules.js).
  ...require('../../tools/jest/with-shared-modules.js'),
  rootDir: __dirname,
  // Test files run side by side (each has its own database, Redis prefix and workers): the outage files spend most
  // of their time waiting (PostgreSQL is down for 30 s), so three workers on two cores take 47 s where one took 117.
  maxWorkers: 3,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  // Suites start Bull queues, Redis subscribers and workers; a pending job promise of a timed-out validation can
  // keep the event loop alive after every app has closed.
  forceExit: true,
  // The longest files, started first on a clean clone (tools/jest/slow-files-first.js).
  testSequencer: require.resolve('../../tools/jest/slow-files-first.js'),
  globals: {
    slowFiles: [
      'reliability/postgres-outage.spec.ts',
      'reliability/worker-kills.spec.ts',
      'reliability/redis-outage.spec.ts',
      'submissions/worker-crash.spec.ts',
    ],
  },
};

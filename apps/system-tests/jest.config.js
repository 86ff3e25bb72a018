// End-to-end tests across the apps: the API with a real judge worker (in process, or compiled and spawned).
module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  // Suites start Bull queues, Redis subscribers and workers; a pending job promise of a timed-out validation can
  // keep the event loop alive after every app has closed.
  forceExit: true,
};

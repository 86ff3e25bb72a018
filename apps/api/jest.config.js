module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Integration suites start Bull queues and Redis subscribers; a pending job promise of a timed-out validation
  // (no worker runs here) can keep the event loop alive after every app has closed.
  forceExit: true,
};

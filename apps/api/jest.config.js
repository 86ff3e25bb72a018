module.exports = {
  ...require('../../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Integration suites start Bull queues, Redis subscribers and in-process workers; a pending job promise of a
  // timed-out validation can keep the event loop alive after every app has closed.
  forceExit: true,
};

module.exports = {
  ...require('../../jest.preset.js'),
  // PostgreSQL and Redis: as given, in containers or local (tools/jest/test-services.js).
  ...require('../../tools/jest/with-test-services.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
};

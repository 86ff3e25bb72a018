// Tests of the start script, the builds it runs and the deployment files.
module.exports = {
  ...require('../jest.preset.js'),
  // PostgreSQL and Redis: as given, in containers or local (tools/jest/test-services.js).
  ...require('./jest/with-test-services.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testTimeout: 600_000,
};

// Tests of the start script, the builds it runs and the deployment files.
module.exports = {
  ...require('../jest.preset.js'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.spec.ts'],
  testTimeout: 600_000,
};

const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  rootDir: __dirname,
  testEnvironment: '<rootDir>/jest-environment.js',
  forceExit: true,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.spec.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/test-setup.ts'],
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': 'identity-obj-proxy' },
};

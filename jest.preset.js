// Shared Jest settings: TypeScript through ts-jest (transpile only; `lint` type-checks),
// workspace path aliases mapped to their sources.
const path = require('path');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.spec.json') }],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'json'],
  moduleNameMapper: {
    '^@oj/contracts$': path.join(__dirname, 'libs/contracts/src'),
    '^@oj/db$': path.join(__dirname, 'libs/db/src'),
    '^@oj/api-client$': path.join(__dirname, 'libs/api-client/src'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

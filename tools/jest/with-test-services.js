// The Jest settings of a suite that uses PostgreSQL or Redis: test-services.js chooses them once per run.
const path = require('path');

module.exports = {
  globalSetup: path.join(__dirname, 'test-services-setup.js'),
  globalTeardown: path.join(__dirname, 'test-services-teardown.js'),
};

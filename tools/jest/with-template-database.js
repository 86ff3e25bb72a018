// The Jest settings of a suite whose files start the API from @oj/api-testing: the run's services
// (test-services.js) and one migrated template database the files copy (template-database-setup.js).
const path = require('path');

module.exports = {
  globalSetup: path.join(__dirname, 'template-database-setup.js'),
  globalTeardown: path.join(__dirname, 'template-database-teardown.js'),
};

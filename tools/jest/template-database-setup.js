// Jest global setup of the suites whose files each start the API on a database of their own (api, system-tests):
// first the run's PostgreSQL and Redis (test-services.js), then one migrated template database, which each file
// copies (apps/api/testing/src/test-database.ts). Global setups are transformed by Jest but not given its module name
// mapper, so the workspace aliases are registered here.
const path = require('path');

require('tsconfig-paths').register({ baseUrl: path.join(__dirname, '../..'), paths: { '@oj/*': ['libs/*/src'] } });

module.exports = async () => {
  await require('./test-services').globalSetup();
  await require('../../apps/api/testing/src/test-database').setUpTemplateDatabase();
};

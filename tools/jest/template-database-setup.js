// Jest global setup of the suites whose files each start on a database of their own (api and
// system-tests): one migrated template per run, copied by each file (apps/api/testing/src/test-database.ts). Global
// setups are transformed by Jest but not given its module name mapper, so the workspace aliases are registered here.
const path = require('path');

require('tsconfig-paths').register({ baseUrl: path.join(__dirname, '../..'), paths: { '@oj/*': ['libs/*/src'] } });

module.exports = () => require('../../apps/api/testing/src/test-database').setUpTemplateDatabase();

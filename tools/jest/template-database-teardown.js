// Jest global teardown: drops the run's template database, then stops what test-services.js started.
module.exports = async () => {
  await require('../../apps/api/testing/src/test-database').tearDownTemplateDatabase();
  await require('./test-services').globalTeardown();
};

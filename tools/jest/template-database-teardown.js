// Jest global teardown: drops the run's template database (see template-database-setup.js).
module.exports = () => require('../../apps/api/testing/src/test-database').tearDownTemplateDatabase();

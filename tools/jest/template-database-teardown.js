// Jest global teardown: drops the run's template database (see template-database-setup.js).
module.exports = () => require('../../libs/testing/src/test-database').tearDownTemplateDatabase();

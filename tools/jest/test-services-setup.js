// Jest globalSetup of the suites that use PostgreSQL or Redis: see test-services.js.
module.exports = require('./test-services').globalSetup;

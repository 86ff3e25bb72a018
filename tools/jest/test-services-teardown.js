// Jest globalTeardown of the suites that use PostgreSQL or Redis: stops the containers test-services.js started.
module.exports = require('./test-services').globalTeardown;

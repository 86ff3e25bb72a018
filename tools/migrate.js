#!/usr/bin/env node
// Creates the database when missing and applies pending migrations (needs the built server: npx nx run api:build).
require('./register-paths');
const { migrate } = require('@oj/db');
const { DEFAULT_DATABASE_URL } = require('./service-check');

const url = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;
migrate(url)
  .then((applied) => console.log(applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.'))
  .catch((error) => {
    console.error(`Migration failed: ${error.message}`);
    process.exit(1);
  });

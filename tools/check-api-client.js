#!/usr/bin/env node
// Fails when libs/api-client/openapi.json or the generated schema differs from what the API produces now.
const { mkdtempSync, mkdirSync, readFileSync } = require('fs');
const { execFileSync } = require('child_process');
const os = require('os');
const path = require('path');

const root = path.join(__dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'api-client-'));
mkdirSync(path.join(tmp, 'src'));
execFileSync(process.execPath, [path.join(__dirname, 'generate-api-client.js'), tmp], { cwd: root, stdio: 'inherit' });

const stale = ['openapi.json', 'src/schema.d.ts'].filter(
  (file) => readFileSync(path.join(tmp, file), 'utf8') !== readFileSync(path.join(root, 'libs/api-client', file), 'utf8'),
);
if (stale.length) {
  console.error(`Stale generated client: ${stale.join(', ')}. Run \`npm run openapi\` and commit the result.`);
  process.exit(1);
}
console.log('libs/api-client matches the API.');

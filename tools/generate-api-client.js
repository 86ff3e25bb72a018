#!/usr/bin/env node
// Exports the API's OpenAPI document and generates the typed client schema from it.
// Usage: node tools/generate-api-client.js [outDir]   (default libs/api-client; the API must be built)
const { execFileSync } = require('child_process');
const path = require('path');

const root = path.join(__dirname, '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'libs/api-client'));
const run = (cmd, args) => execFileSync(cmd, args, { cwd: root, stdio: 'inherit' });

run(process.execPath, [
  '-r',
  './tools/register-paths.js',
  'dist/api/apps/api/src/openapi/export-openapi.js',
  path.join(outDir, 'openapi.json'),
]);
run(process.execPath, [
  path.join(root, 'node_modules/openapi-typescript/bin/cli.js'),
  path.join(outDir, 'openapi.json'),
  '--output',
  path.join(outDir, 'src/schema.d.ts'),
  '--alphabetize',
]);

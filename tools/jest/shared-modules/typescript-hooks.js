// A worker's TypeScript, compiled as Jest's transform compiles it (swc with the same options), and the workspace
// aliases resolved as jest.preset.js maps them. Loaded once, a module then serves the worker's later files.
const Module = require('module');
const path = require('path');
const { pathToFileURL } = require('url');
const { transformSync } = require('@swc/core');
const { addHook } = require('pirates');

const { moduleNameMapper, swcOptions } = require('../typescript-settings');

addHook((code, filename) => transformSync(code, { ...swcOptions(false), filename }).code, {
  exts: ['.ts'],
  ignoreNodeModules: true,
});

/** '@oj/db' → libs/db/src, from the preset's exact-name patterns ('^@oj/db$'). */
const aliases = new Map(Object.entries(moduleNameMapper).map(([pattern, target]) => [pattern.replace(/^\^|\$$/g, ''), target]));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspaceAlias(request, ...rest) {
  return resolveFilename.call(this, aliases.get(request) ?? request, ...rest);
};

// The runner imports each test file with import(): its .ts is CommonJS, for the hooks above to load.
Module.register(pathToFileURL(path.join(__dirname, 'typescript-load-hook.mjs')));

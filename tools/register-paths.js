// Resolves the workspace aliases (@oj/contracts, @oj/db, ...) to the compiled libraries in dist/server.
const path = require('path');
require('tsconfig-paths').register({
  baseUrl: path.join(__dirname, '..', 'dist', 'server'),
  paths: { '@oj/*': ['libs/*/src'] },
});

// Preloaded into a bench stack's API (`NODE_OPTIONS=--require …`, see sqlRecorderEnv): appends to BENCH_SQL_LOG every
// SQL statement sent while serving a request whose X-Request-Id starts with `bench-sql-`, with its parameters, in
// the order they were sent, so a benchmark can send again exactly what the API asked of PostgreSQL
// (readStatements, replayStatements). Untagged requests cost one header look-up: nothing is written while they are timed.
const { AsyncLocalStorage } = require('async_hooks');
const { appendFileSync, existsSync, readFileSync } = require('fs');
const http = require('http');
const path = require('path');

const TAG = 'bench-sql-';

/** The environment that loads this recorder into a stack's processes, writing to `logFile`. */
function sqlRecorderEnv(logFile) {
  return {
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${path.join(__dirname, 'sql-recorder.js')}`.trim(),
    BENCH_SQL_LOG: logFile,
  };
}

/**
 * The statements the recorder wrote for the request tagged `bench-sql-<name>`, in the order they were sent; none
 * when it did not run (a benchmark attached to a running site through BASE_URL).
 */
function readStatements(logFile, name) {
  if (!existsSync(logFile)) return [];
  return readFileSync(logFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
    .filter((s) => s.requestId === `${TAG}${name}`);
}

/** Sends the statements one after another on `db`, as psql would; resolves with the ms taken. */
async function replayStatements(db, statements) {
  const started = process.hrtime.bigint();
  for (const s of statements) await db.query(s.text, s.values);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function install(logFile) {
  const { Client } = require('pg');
  const requests = new AsyncLocalStorage();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, req, ...rest) {
    const id = event === 'request' ? req.headers['x-request-id'] : undefined;
    if (typeof id === 'string' && id.startsWith(TAG)) return requests.run(id, () => emit.call(this, event, req, ...rest));
    return emit.call(this, event, req, ...rest);
  };
  const query = Client.prototype.query;
  Client.prototype.query = function (config, values) {
    const requestId = requests.getStore();
    if (requestId) {
      const text = typeof config === 'string' ? config : config.text;
      const params = Array.isArray(values) ? values : (config.values ?? []);
      appendFileSync(logFile, `${JSON.stringify({ requestId, text, values: params })}\n`);
    }
    return query.apply(this, arguments);
  };
}

if (process.env.BENCH_SQL_LOG) install(process.env.BENCH_SQL_LOG);

module.exports = { sqlRecorderEnv, readStatements, replayStatements, TAG };

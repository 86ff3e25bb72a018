#!/usr/bin/env node
// GET /api/problems with 100 public problems as a guest: requests per second over C keep-alive connections for
// D seconds, against a bare node:http + pg server answering the same JSON (bare-problems-server.js), the two
// measured alternately in the same run. Usage: node bench/submissions/problems.js [--connections 10] [--seconds 5] [--rounds 3]
const http = require('http');
const { fork } = require('child_process');
const path = require('path');
const { Client } = require('pg');
const { startStack, arg } = require('./stack');
const { median } = require('../lib/floors');

const CONNECTIONS = arg('connections', 10);
const SECONDS = arg('seconds', 5);
const ROUNDS = arg('rounds', 3);

/** Completed requests per second of GET `url` by CONNECTIONS loops on keep-alive sockets for SECONDS. */
async function requestsPerSecond(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const deadline = Date.now() + SECONDS * 1000;
  let done = 0;
  const get = () =>
    new Promise((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url} → ${res.statusCode}`))));
        })
        .on('error', reject);
    });
  const loop = async () => {
    while (Date.now() < deadline) {
      await get();
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  agent.destroy();
  return done / SECONDS;
}

async function main() {
  const stack = await startStack({ workers: 0 });
  const db = new Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const bare = fork(path.join(__dirname, 'bare-problems-server.js'), [stack.databaseUrl], { stdio: 'inherit' });
  try {
    await db.query(`INSERT INTO problems (title, statement, difficulty, is_public, tags, algorithms)
                    SELECT 'Problem ' || g, repeat('A statement paragraph. ', 200), 'EASY', true, '["math","io"]', '["Greedy"]'
                      FROM generate_series(1, 100) g`);
    const { port } = await new Promise((resolve) => bare.once('message', resolve));
    const api = `${stack.baseUrl}/api/problems?limit=100`;
    const floor = `http://127.0.0.1:${port}/`;
    await requestsPerSecond(api); // warm-up of both
    await requestsPerSecond(floor);
    const apiRates = [];
    const floorRates = [];
    for (let i = 0; i < ROUNDS; i++) {
      apiRates.push(await requestsPerSecond(api));
      floorRates.push(await requestsPerSecond(floor));
    }
    const result = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      rounds: ROUNDS,
      apiRps: Math.round(median(apiRates)),
      bareRps: Math.round(median(floorRates)),
    };
    console.log(JSON.stringify({ ...result, ratio: +(result.apiRps / result.bareRps).toFixed(2) }, null, 2));
  } finally {
    bare.disconnect();
    await db.end();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

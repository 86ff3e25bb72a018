// The physical floors the targets are measured against, in the same run: what the same work costs with no
// judge around it (a bare process, one PostgreSQL round trip, a bare compile).
const { spawn } = require('child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('fs');
const { cpus, tmpdir } = require('os');
const { join } = require('path');
const { Client } = require('pg');

const now = () => Number(process.hrtime.bigint()) / 1e6;

/** Runs `command` with `input` on stdin and resolves with its wall time in ms (rejects on a non-zero exit). */
function timedRun(command, args, input = '') {
  return new Promise((resolve, reject) => {
    const started = now();
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on('error', () => undefined); // a program that never reads its input closes the pipe first
    child.stdin.end(input);
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(now() - started) : reject(new Error(`${command} exited ${code}`))));
  });
}

/** `count` runs of the same command by `concurrency` tight loops; resolves with the total wall time in ms. */
async function tightLoop(count, concurrency, command, args, inputs) {
  let next = 0;
  const started = now();
  const loop = async () => {
    while (next < count) {
      const i = next++;
      await timedRun(command, args, inputs[i % inputs.length]);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return now() - started;
}

/** Median ms of one `SELECT 1` round trip to the database. */
async function postgresRoundTrip(databaseUrl, runs = 50) {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const samples = [];
    for (let i = 0; i < runs + 5; i++) {
      const started = now();
      await db.query('SELECT 1');
      if (i >= 5) samples.push(now() - started);
    }
    return median(samples);
  } finally {
    await db.end();
  }
}

/** Median ms of compiling `source` with g++ as the judge does, then running it once. */
async function bareCompileAndRun(source, runs = 5) {
  const dir = mkdtempSync(join(tmpdir(), 'oj-bench-floor-'));
  try {
    writeFileSync(join(dir, 'main.cpp'), source);
    const samples = [];
    for (let i = 0; i < runs; i++) {
      const compile = await timedRun('g++', ['-O2', '-std=gnu++20', '-o', join(dir, 'main'), join(dir, 'main.cpp')]);
      samples.push(compile + (await timedRun(join(dir, 'main'), [], '1 2\n')));
    }
    return median(samples);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

module.exports = { timedRun, tightLoop, postgresRoundTrip, bareCompileAndRun, median, cores: cpus().length, now };

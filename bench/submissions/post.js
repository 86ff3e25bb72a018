#!/usr/bin/env node
// Server time of POST /api/submissions on an idle API (the judge queue is paused once the worker has published
// its languages, so grading competes for nothing), against GET /api/health/live, the API's cheapest route, measured interleaved over the same
// keep-alive connection: the difference is what the submit path itself costs.
// Usage: node bench/submissions/post.js [--requests 200]
const http = require('http');
const Bull = require('bull');
const { startStack, api, percentile, arg, waitForLanguages } = require('./stack');
const { now } = require('../lib/floors');

const REQUESTS = arg('requests', 200);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function request(baseUrl, method, path, token, body) {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = now();
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method,
        agent,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => (res.statusCode < 300 ? resolve(now() - started) : reject(new Error(`${method} ${path} → ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function main() {
  const stack = await startStack();
  const queue = new Bull('judge', { redis: stack.redisUrl, prefix: stack.redisPrefix });
  try {
    await waitForLanguages(stack);
    await queue.pause();
    const problem = await api(stack.baseUrl, 'POST', '/api/problems', stack.token, {
      title: 'Post',
      statement: 'p',
      difficulty: 'BASIC',
      isPublic: true,
      judge0LanguageIds: [71],
      testCases: [{ input: '1\n', output: '1\n', points: 1 }],
      cpuTimeLimit: 1,
      memoryLimit: 128,
    });
    const body = { problemId: problem.problemId, languageId: 71, sourceCode: 'print(input())' };
    const post = [];
    const live = [];
    for (let i = 0; i < REQUESTS + 10; i++) {
      const p = await request(stack.baseUrl, 'POST', '/api/submissions', stack.token, body);
      const l = await request(stack.baseUrl, 'GET', '/api/health/live', stack.token);
      if (i < 10) continue; // warm-up
      post.push(p);
      live.push(l);
    }
    const summary = (xs) => ({ p50: +percentile(xs, 50).toFixed(2), p95: +percentile(xs, 95).toFixed(2) });
    console.log(JSON.stringify({ requests: REQUESTS, post: summary(post), healthLive: summary(live) }, null, 2));
  } finally {
    agent.destroy();
    await queue.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

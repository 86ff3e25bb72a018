#!/usr/bin/env node
// Submit-to-final-event latency on an idle judge (hello world, Python 3 and C++), then throughput with
// 200 submissions queued at once. Usage: node bench/submissions/judging.js [--runs 15] [--queued 200]
const { startStack, api, waitForLanguages, percentile } = require('./stack');
const { openStream } = require('./sse');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 15);
const QUEUED = arg('queued', 200);
const HELLO = {
  71: 'print("hello")',
  54: '#include <cstdio>\nint main(){std::puts("hello");}',
};

async function main() {
  const stack = await startStack();
  try {
    await waitForLanguages(stack);
    const problem = await api(stack.baseUrl, 'POST', '/api/problems', stack.token, {
      title: 'Hello',
      statement: 'Print hello.',
      difficulty: 'BASIC',
      isPublic: true,
      judge0LanguageIds: [71, 54],
      testCases: [{ input: '1\n', output: 'hello\n', points: 1 }],
      cpuTimeLimit: 1,
      memoryLimit: 128,
    });
    const finished = new Map();
    const waiters = new Map();
    const stream = await openStream(stack.baseUrl, `/api/problems/${problem.problemId}/submissions/stream`, stack.token, (event, at) => {
      if (event._eventType !== 'finished') return;
      finished.set(event.id, { at, status: event.status });
      waiters.get(event.id)?.();
    });
    const submit = (languageId) =>
      api(stack.baseUrl, 'POST', '/api/submissions', stack.token, {
        problemId: problem.problemId,
        languageId,
        sourceCode: HELLO[languageId],
      }).then((r) => r.submissionId);
    const untilFinished = (id) => (finished.has(id) ? Promise.resolve() : new Promise((r) => waiters.set(id, r)));

    const results = {};
    for (const languageId of [71, 54]) {
      const latencies = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const started = Date.now();
        const id = await submit(languageId);
        await untilFinished(id);
        if (finished.get(id).status !== 'accepted') throw new Error(`hello world in ${languageId} was ${finished.get(id).status}`);
        if (i >= 2) latencies.push(finished.get(id).at - started); // two warm-up runs
      }
      results[languageId === 71 ? 'python' : 'cpp'] = {
        runs: RUNS,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        max: Math.max(...latencies),
      };
    }

    const started = Date.now();
    const ids = [];
    for (let i = 0; i < QUEUED; i++) ids.push(await submit(71));
    const enqueuedMs = Date.now() - started;
    await Promise.all(ids.map(untilFinished));
    const elapsedMs = Date.now() - started;
    const accepted = ids.filter((id) => finished.get(id).status === 'accepted').length;
    results.throughput = { queued: QUEUED, accepted, enqueuedMs, elapsedMs, perMinute: Math.round((QUEUED / elapsedMs) * 60_000) };
    stream.close();
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

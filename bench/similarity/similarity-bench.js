#!/usr/bin/env node
// A similarity report over N submissions (default 2,000: 5 problems × 400 users; C++, Python and Java; one in 20 a
// renamed copy of another), computed by the built worker's computeSimilarityReport, beside its floor measured in
// the same run: tokenizing the same sources once (the Lezer parse every report must do).
// Usage: node bench/similarity/similarity-bench.js [submissions] [--json]   (needs `npx nx run judge-worker:build`)
const { performance } = require('perf_hooks');
const { workerModule } = require('../lib/worker-dist');

const { computeSimilarityReport } = workerModule('similarity/similarity-report');
const { tokenize, tokenizerFor } = workerModule('similarity/tokenizer');

const SUBMISSIONS = Number(process.argv[2] ?? 2000);
const PROBLEMS = 5;
const COPY_EVERY = 20;

/** A deterministic generator, so every run compares the same sources. */
let seed = 36;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
const pick = (list) => list[Math.floor(random() * list.length)];
const name = () =>
  pick(['a', 'b', 'n', 'm', 'x', 'y', 'sum', 'best', 'cur', 'cnt', 'res', 'tmp', 'val', 'lo', 'hi']) + Math.floor(random() * 9);

/** Statements of each language, random names and constants: unrelated programs share only short runs. */
const STATEMENTS = {
  cpp: [
    () => `long long ${name()} = ${name()} * ${Math.floor(random() * 100)} + ${name()};`,
    () => `for (int i = 0; i < ${name()}; i++) ${name()} += ${name()}[i];`,
    () => `if (${name()} > ${name()}) { ${name()} = ${name()}; } else { ${name()}++; }`,
    () => `cout << ${name()} << "\\n";`,
    () => `vector<long long> ${name()}(${name()} + 1, 0);`,
    () => `while (${name()} > 0) { ${name()} /= 2; ${name()} ^= ${name()}; }`,
    () => `sort(${name()}.begin(), ${name()}.end());`,
    () => `${name()} = max(${name()}, ${name()} - ${name()});`,
  ],
  python: [
    () => `${name()} = ${name()} * ${Math.floor(random() * 100)} + ${name()}`,
    () => `for i in range(${name()}):\n        ${name()} += ${name()}[i]`,
    () => `if ${name()} > ${name()}:\n        ${name()} = ${name()}\n    else:\n        ${name()} += 1`,
    () => `print(${name()})`,
    () => `${name()} = [0] * (${name()} + 1)`,
    () => `while ${name()} > 0:\n        ${name()} //= 2`,
    () => `${name()}.sort()`,
    () => `${name()} = max(${name()}, ${name()} - ${name()})`,
  ],
  java: [
    () => `long ${name()} = ${name()} * ${Math.floor(random() * 100)} + ${name()};`,
    () => `for (int i = 0; i < ${name()}; i++) ${name()} += ${name()}[i];`,
    () => `if (${name()} > ${name()}) { ${name()} = ${name()}; } else { ${name()}++; }`,
    () => `System.out.println(${name()});`,
    () => `long[] ${name()} = new long[${name()} + 1];`,
    () => `while (${name()} > 0) { ${name()} /= 2; }`,
    () => `Arrays.sort(${name()});`,
    () => `${name()} = Math.max(${name()}, ${name()} - ${name()});`,
  ],
};

function program(language) {
  const functions = Array.from({ length: 3 + Math.floor(random() * 3) }, (_, f) => {
    const body = Array.from({ length: 6 + Math.floor(random() * 10) }, () => pick(STATEMENTS[language])());
    if (language === 'python') return `def f${f}(${name()}, ${name()}):\n    ${body.join('\n    ')}\n    return ${name()}\n`;
    if (language === 'java')
      return `  static long f${f}(long ${name()}, long ${name()}) {\n    ${body.join('\n    ')}\n    return ${name()};\n  }\n`;
    return `long long f${f}(long long ${name()}, long long ${name()}) {\n  ${body.join('\n  ')}\n  return ${name()};\n}\n`;
  });
  if (language === 'python') return `import sys\n\n${functions.join('\n')}\nprint(f0(1, 2))\n`;
  if (language === 'java')
    return `import java.util.*;\n\npublic class Main {\n${functions.join('\n')}\n  public static void main(String[] a) { System.out.println(f0(1, 2)); }\n}\n`;
  return `#include <bits/stdc++.h>\nusing namespace std;\n\n${functions.join('\n')}\nint main() { cout << f0(1, 2) << endl; }\n`;
}

/** A copy with every name renamed (consistently) and a comment added. */
const renamed = (source) => `// mine\n${source.replace(/\b([a-z]+)(\d)\b/g, (_, word, digit) => `q${word.length}${digit}z`)}`;

const LANGUAGE_NAMES = { cpp: 'C++ (GCC 12.2.0)', python: 'Python (3.11.2)', java: 'Java (OpenJDK 17.0.13)' };

function submissions() {
  const out = [];
  for (let i = 0; i < SUBMISSIONS; i++) {
    const problemId = 1 + (i % PROBLEMS);
    const language = pick(['cpp', 'cpp', 'cpp', 'cpp', 'cpp', 'python', 'python', 'python', 'java', 'java']);
    const earlier = out.filter((s) => s.problemId === problemId && s.language === language);
    const copied = i % COPY_EVERY === COPY_EVERY - 1 && earlier.length ? pick(earlier) : null;
    out.push({
      id: `s${i}`,
      problemId,
      userName: `user${i}`,
      languageId: 1,
      languageName: LANGUAGE_NAMES[language],
      language,
      sourceCode: copied ? renamed(copied.sourceCode) : program(language),
      copyOf: copied?.id ?? null,
    });
  }
  return out;
}

async function main() {
  const list = submissions();
  const characters = list.reduce((sum, s) => sum + s.sourceCode.length, 0);
  // Warm the parsers and the JIT on a few sources first, as a worker that has run a report is.
  for (const s of list.slice(0, 30)) tokenize(s.sourceCode, tokenizerFor(s.languageName));
  const floorStarted = performance.now();
  for (const s of list) tokenize(s.sourceCode, tokenizerFor(s.languageName));
  const floorMs = performance.now() - floorStarted;
  const started = performance.now();
  let longestPauseMs = 0;
  let last = performance.now();
  const ticker = setInterval(() => {
    longestPauseMs = Math.max(longestPauseMs, performance.now() - last);
    last = performance.now();
  }, 1);
  const report = await computeSimilarityReport(list, []);
  clearInterval(ticker);
  const reportMs = performance.now() - started;
  const copies = list.filter((s) => s.copyOf);
  const found = copies.filter((c) => report.pairs.some((p) => p.rightSubmissionId === c.id && p.leftSubmissionId === c.copyOf)).length;
  const result = {
    submissions: list.length,
    characters,
    pairs: report.pairs.length,
    copies: copies.length,
    copiesFound: found,
    reportMs: Math.round(reportMs),
    floorMs: Math.round(floorMs),
    ratio: +(reportMs / floorMs).toFixed(2),
    longestEventLoopPauseMs: Math.round(longestPauseMs),
  };
  console.log(process.argv.includes('--json') ? JSON.stringify(result) : result);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

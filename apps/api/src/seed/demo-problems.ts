import type { Difficulty, InteractorSettings } from '@oj/contracts';

import { seededRandom } from './seeded-random';

export interface DemoProblem {
  title: string;
  difficulty: Difficulty;
  statement: string;
  inputFormat: string;
  outputFormat: string;
  constraints: string;
  tags: string[];
  algorithms: string[];
  cpuTimeLimit: number;
  memoryLimit: number;
  samples: { input: string; output: string; explanation?: string }[];
  /** Test inputs; expected outputs come from `solve` (an interactive problem's answer files, which a checker may read). */
  inputs: string[];
  solve: (input: string) => string;
  /** An interactive problem's interactor. */
  interactor?: InteractorSettings;
}

/** C, C++, Java, JavaScript, Python 3 (Judge0 CE ids). */
export const DEMO_LANGUAGE_IDS = [50, 54, 62, 63, 71];

const ints = (input: string) => input.trim().split(/\s+/).map(Number);

function aPlusB(): DemoProblem {
  const rnd = seededRandom(1);
  const inputs = ['1 2\n', '0 0\n', '-5 5\n', '1000000000 1000000000\n'];
  for (let i = 0; i < 6; i++) inputs.push(`${rnd(-1e9, 1e9)} ${rnd(-1e9, 1e9)}\n`);
  return {
    title: 'A + B',
    difficulty: 'BASIC',
    statement: 'Given two integers $a$ and $b$, print their sum $a + b$.',
    inputFormat: 'One line with two integers $a$ and $b$ separated by a space.',
    outputFormat: 'One line with the integer $a + b$.',
    constraints: '$-10^9 \\le a, b \\le 10^9$',
    tags: ['beginner'],
    algorithms: ['Math', 'Implementation'],
    cpuTimeLimit: 1,
    memoryLimit: 64,
    samples: [{ input: '1 2\n', output: '3\n', explanation: '$1 + 2 = 3$.' }],
    inputs,
    solve: (input) => {
      const [a, b] = ints(input);
      return `${a + b}\n`;
    },
  };
}

function fibonacci(): DemoProblem {
  const MOD = 1_000_000_007n;
  const fib = (n: number) => {
    let [x, y] = [0n, 1n];
    for (let i = 0; i < n; i++) [x, y] = [y, (x + y) % MOD];
    return x;
  };
  return {
    title: 'Fibonacci Modulo',
    difficulty: 'EASY',
    statement: 'The Fibonacci numbers are $F_0 = 0$, $F_1 = 1$ and $F_n = F_{n-1} + F_{n-2}$. Print $F_n \\bmod (10^9 + 7)$.',
    inputFormat: 'One integer $n$.',
    outputFormat: 'One integer: $F_n \\bmod (10^9+7)$.',
    constraints: '$0 \\le n \\le 10^6$',
    tags: ['sequences'],
    algorithms: ['Dynamic Programming', 'Math'],
    cpuTimeLimit: 1,
    memoryLimit: 64,
    samples: [
      { input: '10\n', output: '55\n' },
      { input: '1\n', output: '1\n' },
    ],
    inputs: ['0\n', '1\n', '2\n', '10\n', '50\n', '90\n', '1000\n', '123456\n', '1000000\n'],
    solve: (input) => `${fib(ints(input)[0])}\n`,
  };
}

function maxSubarray(): DemoProblem {
  const rnd = seededRandom(3);
  const inputs = ['5\n-1 2 3 -2 4\n', '3\n-3 -1 -2\n', '1\n7\n'];
  for (const n of [10, 1000, 100000]) {
    inputs.push(`${n}\n${Array.from({ length: n }, () => rnd(-10000, 10000)).join(' ')}\n`);
  }
  return {
    title: 'Maximum Subarray',
    difficulty: 'MEDIUM',
    statement: 'Given an array of $n$ integers, find the largest possible sum of a non-empty contiguous subarray.',
    inputFormat: 'The first line holds $n$. The second line holds $n$ integers $a_1, \\dots, a_n$.',
    outputFormat: 'One integer: the maximum subarray sum.',
    constraints: '$1 \\le n \\le 10^5$, $|a_i| \\le 10^4$',
    tags: ['arrays', 'classic'],
    algorithms: ['Dynamic Programming', 'Greedy'],
    cpuTimeLimit: 1,
    memoryLimit: 128,
    samples: [{ input: '5\n-1 2 3 -2 4\n', output: '7\n', explanation: 'Take $2 + 3 - 2 + 4 = 7$.' }],
    inputs,
    solve: (input) => {
      const [n, ...a] = ints(input);
      let best = -Infinity;
      let run = 0;
      for (let i = 0; i < n; i++) {
        run = Math.max(a[i], run + a[i]);
        best = Math.max(best, run);
      }
      return `${best}\n`;
    },
  };
}

function shortestPath(): DemoProblem {
  const rnd = seededRandom(4);
  const graph = (n: number, m: number) => {
    const edges: string[] = [];
    for (let i = 0; i < m; i++) edges.push(`${rnd(1, n)} ${rnd(1, n)} ${rnd(1, 1000)}`);
    return `${n} ${m}\n${edges.join('\n')}\n`;
  };
  const inputs = ['4 4\n1 2 1\n2 4 2\n1 3 5\n3 4 1\n', '3 1\n1 2 5\n', '1 0\n', graph(50, 200), graph(1000, 5000), graph(20000, 50000)];
  return {
    title: 'Shortest Path',
    difficulty: 'HARD',
    statement:
      'A road network has $n$ towns and $m$ one-way roads, each with a length. Print the length of the shortest route from town $1$ to town $n$, or $-1$ if town $n$ cannot be reached.',
    inputFormat: 'The first line holds $n$ and $m$. Each of the next $m$ lines holds $u$, $v$, $w$: a road from $u$ to $v$ of length $w$.',
    outputFormat: 'One integer: the shortest distance, or $-1$.',
    constraints: '$1 \\le n \\le 2 \\cdot 10^4$, $0 \\le m \\le 5 \\cdot 10^4$, $1 \\le w \\le 1000$',
    tags: ['graphs', 'classic'],
    algorithms: ['Dijkstra', 'Shortest Paths', 'Graphs'],
    cpuTimeLimit: 2,
    memoryLimit: 128,
    samples: [{ input: '4 4\n1 2 1\n2 4 2\n1 3 5\n3 4 1\n', output: '3\n', explanation: 'Take $1 \\to 2 \\to 4$.' }],
    inputs,
    solve: (input) => {
      const [n, m, ...rest] = ints(input);
      const adj: [number, number][][] = Array.from({ length: n + 1 }, () => []);
      for (let i = 0; i < m; i++) adj[rest[3 * i]].push([rest[3 * i + 1], rest[3 * i + 2]]);
      // Bellman-Ford style relaxation queue (SPFA): independent of the Dijkstra the statement suggests.
      const dist = new Array(n + 1).fill(Infinity);
      dist[1] = 0;
      const queue = [1];
      const inQueue = new Array(n + 1).fill(false);
      inQueue[1] = true;
      while (queue.length) {
        const u = queue.shift() as number;
        inQueue[u] = false;
        for (const [v, w] of adj[u]) {
          if (dist[u] + w < dist[v]) {
            dist[v] = dist[u] + w;
            if (!inQueue[v]) {
              inQueue[v] = true;
              queue.push(v);
            }
          }
        }
      }
      return `${dist[n] === Infinity ? -1 : dist[n]}\n`;
    },
  };
}

function brackets(): DemoProblem {
  const rnd = seededRandom(5);
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  const random = (len: number) => Array.from({ length: len }, () => '()[]{}'[rnd(0, 5)]).join('');
  const balanced = (depth: number): string => (depth === 0 ? '' : `(${balanced(depth - 1)})[]{${balanced(depth - 1).slice(0, 4)}}`);
  const inputs = [
    '()[]{}\n',
    '([)]\n',
    '((\n',
    '{[()()]}\n',
    `${balanced(8)}\n`,
    `${random(20)}\n`,
    `${random(1000)}\n`,
    `${'('.repeat(50000)}${')'.repeat(50000)}\n`,
  ];
  return {
    title: 'Balanced Brackets',
    difficulty: 'EASY',
    statement:
      'A string of the characters `()[]{}` is *balanced* when every bracket is closed by the matching bracket in the right order. Print `YES` if the given string is balanced, `NO` otherwise.',
    inputFormat: 'One line with the string $s$.',
    outputFormat: '`YES` or `NO`.',
    constraints: '$1 \\le |s| \\le 10^5$',
    tags: ['strings'],
    algorithms: ['Stack'],
    cpuTimeLimit: 1,
    memoryLimit: 64,
    samples: [
      { input: '([]{})\n', output: 'YES\n' },
      { input: '([)]\n', output: 'NO\n', explanation: 'The `)` closes a `[`.' },
    ],
    inputs,
    solve: (input) => {
      const stack: string[] = [];
      for (const c of input.trim()) {
        if (pairs[c]) {
          if (stack.pop() !== pairs[c]) return 'NO\n';
        } else stack.push(c);
      }
      return stack.length ? 'NO\n' : 'YES\n';
    },
  };
}

/**
 * The interactive demo's jury: answers each query "? x" with "<", ">" or "=" and takes the answer "! x", in at
 * most 30 queries; its output file holds the number of queries asked.
 */
export const GUESS_THE_NUMBER_INTERACTOR = `#include "testlib.h"
#include <iostream>

int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  const long long hidden = inf.readLong(1, 1000000000, "n");
  int asked = 0;
  while (true) {
    const std::string what = ouf.readToken();
    const long long x = ouf.readLong(1, 1000000000, "x");
    if (what == "!") {
      tout << asked << std::endl;
      quitif(x != hidden, _wa, "answered %lld, the hidden number is %lld", x, hidden);
      quitf(_ok, "found %lld with %d queries", hidden, asked);
    }
    quitif(what != "?", _pe, "a line starts with ? or !, not %s", what.c_str());
    asked += 1;
    quitif(asked > 30, _wa, "asked more than 30 queries");
    std::cout << (hidden < x ? '<' : hidden > x ? '>' : '=') << std::endl;
  }
}
`;

function guessTheNumber(): DemoProblem {
  const rnd = seededRandom(6);
  const inputs = ['1\n', '1000000000\n', '500000000\n', '42\n'];
  for (let i = 0; i < 6; i++) inputs.push(`${rnd(1, 1e9)}\n`);
  return {
    title: 'Guess the Number',
    difficulty: 'EASY',
    statement:
      'This is an **interactive** problem: your program talks to the judge. The judge has chosen an integer $n$. Find it ' +
      'by asking at most $30$ queries. To ask whether $n$ is $x$, print `? x`; the judge answers `<` if $n < x$, `>` if ' +
      '$n > x$ and `=` if $n = x$. When you know $n$, print `! n` and stop. Flush the output after every line (`fflush(stdout)`, ' +
      '`std::endl`, `print(..., flush=True)`, `System.out.flush()`), or the judge never sees it.',
    inputFormat: 'Nothing: the number is the judge’s. Read its answers, one per line, after each query.',
    outputFormat: 'Queries `? x` ($1 \\le x \\le 10^9$), then the answer `! n`.',
    constraints: '$1 \\le n \\le 10^9$; at most $30$ queries.',
    tags: ['interactive'],
    algorithms: ['Binary Search'],
    cpuTimeLimit: 1,
    memoryLimit: 64,
    samples: [
      {
        input: '42\n',
        output: '! 42\n',
        explanation:
          'The hidden number is $42$ (the input is the judge’s, never your program’s). A lucky program answers at once; a ' +
          'binary search asks `? 500000000`, hears `<`, asks `? 250000000`, hears `<`, … and answers `! 42`.',
      },
    ],
    inputs,
    // The answer file: the number itself (the interactor judges; a checker, had the problem one, could read it).
    solve: (input) => input,
    interactor: { languageId: 54, source: GUESS_THE_NUMBER_INTERACTOR },
  };
}

export function demoProblems(): DemoProblem[] {
  return [aPlusB(), fibonacci(), maxSubarray(), shortestPath(), brackets(), guessTheNumber()];
}

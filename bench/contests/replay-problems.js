// The replayed round's problem set: eight short ICPC problems of the kinds a real round opens with (a+b, a sum, a
// sort, a DP or two, a sieve, strings, gcd), each with three tests (the sample, a medium and a large one, generated
// here with their answers), and an accepted solution to each in Python, C++ and Java as contestants write them.
// Wrong submissions are the usual kinds: a wrong answer (the answer `0`, never right here), a time limit (a busy
// loop) and a run-time error (an uncaught exception); a C++ one includes <bits/stdc++.h>, as contestants' files do,
// so it costs what a real compile costs.

const MOD = 1_000_000_007;

/** A small deterministic generator (LCG) so every run grades the same tests. */
function numbers(seed, count, lo, hi) {
  let state = seed >>> 0;
  const out = [];
  for (let i = 0; i < count; i++) {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    out.push(lo + (state % (hi - lo + 1)));
  }
  return out;
}

const arrayInput = (values) => `${values.length}\n${values.join(' ')}\n`;

function kadane(values) {
  let best = -Infinity;
  let run = 0;
  for (const v of values) {
    run = Math.max(v, run + v);
    best = Math.max(best, run);
  }
  return best;
}

function stairs(n) {
  let [a, b] = [1, 1];
  for (let i = 2; i <= n; i++) [a, b] = [b, (a + b) % MOD];
  return b;
}

function primesUpTo(n) {
  const composite = new Uint8Array(n + 1);
  let count = 0;
  for (let i = 2; i <= n; i++) {
    if (composite[i]) continue;
    count += 1;
    for (let j = i * i; j <= n; j += i) composite[j] = 1;
  }
  return count;
}

const gcd = (a, b) => (b ? gcd(b, a % b) : a);

/** Java's fast input, as contestants paste it. */
const JAVA_IN =
  'import java.io.*;\nimport java.util.*;\npublic class Main {\n  public static void main(String[] args) throws IOException {\n    StreamTokenizer in = new StreamTokenizer(new BufferedReader(new InputStreamReader(System.in)));\n';
const javaMain = (body) => `${JAVA_IN}${body}\n  }\n}\n`;
const cppMain = (body) =>
  `#include <bits/stdc++.h>\nusing namespace std;\nint main() {\n  ios::sync_with_stdio(false); cin.tie(nullptr);\n${body}\n}\n`;
const JAVA_READ_ARRAY =
  '    in.nextToken(); int n = (int) in.nval; long[] a = new long[n];\n    for (int i = 0; i < n; i++) { in.nextToken(); a[i] = (long) in.nval; }\n';
const CPP_READ_ARRAY = '  int n; cin >> n; vector<long long> a(n); for (auto &x : a) cin >> x;';
const PY_READ_ARRAY = 'import sys\ndata = sys.stdin.buffer.read().split()\nn = int(data[0])\na = list(map(int, data[1:1 + n]))\n';

/** Each problem: its title, tests as [input, answer] and its accepted solutions by language. */
const PROBLEMS = [
  {
    title: 'Sum of two',
    tests: [
      [1, 2],
      [40, 2],
      [123456789, 987654321],
    ].map(([a, b]) => [`${a} ${b}\n`, a + b]),
    python: 'a, b = map(int, input().split())\nprint(a + b)\n',
    cpp: cppMain('  long long a, b; cin >> a >> b; cout << a + b << "\\n";'),
    java: javaMain('    in.nextToken(); long a = (long) in.nval; in.nextToken(); long b = (long) in.nval;\n    System.out.println(a + b);'),
  },
  {
    title: 'Array sum',
    tests: [numbers(1, 5, 1, 9), numbers(2, 1000, 1, 1e9), numbers(3, 100_000, 1, 1e9)].map((a) => [
      arrayInput(a),
      a.reduce((s, x) => s + x, 0),
    ]),
    python: `${PY_READ_ARRAY}print(sum(a))\n`,
    cpp: cppMain(`${CPP_READ_ARRAY}\n  cout << accumulate(a.begin(), a.end(), 0LL) << "\\n";`),
    java: javaMain(`${JAVA_READ_ARRAY}    long s = 0; for (long x : a) s += x;\n    System.out.println(s);`),
  },
  {
    title: 'Sorting',
    tests: [numbers(4, 6, 1, 99), numbers(5, 1000, 1, 1e6), numbers(6, 50_000, 1, 1e9)].map((a) => [
      arrayInput(a),
      [...a].sort((x, y) => x - y).join(' '),
    ]),
    python: `${PY_READ_ARRAY}a.sort()\nprint(' '.join(map(str, a)))\n`,
    cpp: cppMain(
      `${CPP_READ_ARRAY}\n  sort(a.begin(), a.end());\n  for (int i = 0; i < n; i++) cout << a[i] << (i + 1 < n ? ' ' : '\\n');`,
    ),
    java: javaMain(
      `${JAVA_READ_ARRAY}    Arrays.sort(a);\n    StringBuilder out = new StringBuilder();\n    for (int i = 0; i < n; i++) out.append(a[i]).append(i + 1 < n ? ' ' : '\\n');\n    System.out.print(out);`,
    ),
  },
  {
    title: 'Best stretch (maximum subarray)',
    tests: [numbers(7, 8, 1, 20).map((x) => x - 8), numbers(8, 1000, 0, 20_000), numbers(9, 100_000, 0, 20_000)]
      .map((a, i) => (i ? a.map((x) => x - 10_000) : a))
      .map((a) => [arrayInput(a), kadane(a)]),
    python: `${PY_READ_ARRAY}best = run = a[0]\nfor x in a[1:]:\n    run = max(x, run + x)\n    best = max(best, run)\nprint(best)\n`,
    cpp: cppMain(
      `${CPP_READ_ARRAY}\n  long long best = a[0], run = a[0];\n  for (int i = 1; i < n; i++) { run = max(a[i], run + a[i]); best = max(best, run); }\n  cout << best << "\\n";`,
    ),
    java: javaMain(
      `${JAVA_READ_ARRAY}    long best = a[0], run = a[0];\n    for (int i = 1; i < n; i++) { run = Math.max(a[i], run + a[i]); best = Math.max(best, run); }\n    System.out.println(best);`,
    ),
  },
  {
    title: 'Staircase (ways mod 1e9+7)',
    tests: [5, 1000, 200_000].map((n) => [`${n}\n`, stairs(n)]),
    python: 'n = int(input())\na, b = 1, 1\nfor _ in range(n - 1):\n    a, b = b, (a + b) % 1000000007\nprint(b)\n',
    cpp: cppMain(
      '  int n; cin >> n; long long a = 1, b = 1;\n  for (int i = 2; i <= n; i++) { long long c = (a + b) % 1000000007; a = b; b = c; }\n  cout << b << "\\n";',
    ),
    java: javaMain(
      '    in.nextToken(); int n = (int) in.nval; long a = 1, b = 1;\n    for (int i = 2; i <= n; i++) { long c = (a + b) % 1000000007; a = b; b = c; }\n    System.out.println(b);',
    ),
  },
  {
    title: 'Counting primes',
    tests: [10, 5000, 100_000].map((n) => [`${n}\n`, primesUpTo(n)]),
    python:
      'n = int(input())\nsieve = bytearray([1]) * (n + 1)\nsieve[0] = sieve[1] = 0\nfor i in range(2, int(n ** 0.5) + 1):\n    if sieve[i]:\n        sieve[i * i::i] = bytearray(len(range(i * i, n + 1, i)))\nprint(sum(sieve))\n',
    cpp: cppMain(
      '  int n; cin >> n; vector<bool> composite(n + 1); int count = 0;\n  for (long long i = 2; i <= n; i++) { if (composite[i]) continue; count++; for (long long j = i * i; j <= n; j += i) composite[j] = true; }\n  cout << count << "\\n";',
    ),
    java: javaMain(
      '    in.nextToken(); int n = (int) in.nval; boolean[] composite = new boolean[n + 1]; int count = 0;\n    for (long i = 2; i <= n; i++) { if (composite[(int) i]) continue; count++; for (long j = i * i; j <= n; j += i) composite[(int) j] = true; }\n    System.out.println(count);',
    ),
  },
  {
    title: 'Mirror (reverse a word)',
    tests: ['abc', 'judge'.repeat(200), 'xyzzy'.repeat(20_000)].map((s) => [`${s}\n`, [...s].reverse().join('')]),
    python: 'print(input()[::-1])\n',
    cpp: cppMain('  string s; cin >> s; reverse(s.begin(), s.end()); cout << s << "\\n";'),
    java: 'import java.io.*;\npublic class Main {\n  public static void main(String[] args) throws IOException {\n    String s = new BufferedReader(new InputStreamReader(System.in)).readLine().trim();\n    System.out.println(new StringBuilder(s).reverse());\n  }\n}\n',
  },
  {
    title: 'Greatest common divisor',
    tests: [
      [12, 18],
      [1071, 462],
      [982451653, 57885161 * 7],
    ].map(([a, b]) => [`${a} ${b}\n`, gcd(a, b)]),
    python: 'from math import gcd\na, b = map(int, input().split())\nprint(gcd(a, b))\n',
    cpp: cppMain('  long long a, b; cin >> a >> b; cout << __gcd(a, b) << "\\n";'),
    java: javaMain(
      '    in.nextToken(); long a = (long) in.nval; in.nextToken(); long b = (long) in.nval;\n    while (b != 0) { long t = a % b; a = b; b = t; }\n    System.out.println(a);',
    ),
  },
];

/** The wrong submissions by kind and language. */
const WRONG = {
  wa: {
    python: 'print(0)\n',
    cpp: cppMain('  cout << 0 << "\\n";'),
    java: 'public class Main {\n  public static void main(String[] args) {\n    System.out.println(0);\n  }\n}\n',
  },
  tle: {
    python: 'x = 0\nwhile True:\n    x += 1\n',
    cpp: cppMain('  volatile unsigned long long x = 0;\n  for (;;) x++;'),
    java: 'public class Main {\n  static volatile long x;\n  public static void main(String[] args) {\n    for (;;) x++;\n  }\n}\n',
  },
  re: {
    python: 'a = []\nprint(a[1])\n',
    cpp: cppMain('  vector<int> a;\n  cout << a.at(1) << "\\n";'),
    java: 'public class Main {\n  public static void main(String[] args) {\n    int[] a = new int[0];\n    System.out.println(a[1]);\n  }\n}\n',
  },
};

/** The judge's language ids (language-catalog.ts). */
const LANGUAGE_IDS = { python: 71, cpp: 54, java: 62 };

/** What a scheduled submission sends: its source for `language`, accepted (`ok`) or wrong in the given way. */
function sourceFor(problemIndex, language, outcome) {
  return outcome === 'ok' ? PROBLEMS[problemIndex][language] : WRONG[outcome][language];
}

/** The verdict each outcome must get. */
const EXPECTED_STATUS = { ok: 'accepted', wa: 'wrong_answer', tle: 'tle', re: 'rte' };

module.exports = { PROBLEMS, LANGUAGE_IDS, EXPECTED_STATUS, sourceFor };

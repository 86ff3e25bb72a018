import { TestCaseData } from '@oj/contracts';

import { discoverLanguages, PYPY3_LANGUAGE_ID } from '../../../src/engines/local/language-catalog';
import { graderOf } from '../../grading/grader-of';
import { sumTests } from '../engine-fixture';
import { PROGRAMS } from '../language-programs';
import { ForkedEngines } from './forked-engines';

const PYTHON = 71;
const available = new Set(discoverLanguages().map((l) => l.language.id));
const engines = new ForkedEngines();
afterAll(() => engines.close());

interface Case {
  source: string;
  cpu?: number;
  memory?: number;
  tests?: TestCaseData[];
}

const one = (output = ''): TestCaseData[] => [{ input: '', output, points: 1 }];

/** The verdict corpus (language-programs.ts) and the attack corpus's cases that apply to Python, in Python. */
function corpus(language: number): Record<string, Case> {
  const p = PROGRAMS.find((x) => x.id === language);
  if (!p) throw new Error(`no verdict programs for ${language}`);
  return {
    accepted: { source: p.accepted },
    'wrong answer': { source: p.wrongAnswer },
    'time limit': { source: p.busyLoop, cpu: 0.5, tests: one() },
    'runtime error': { source: p.crash },
    'memory limit': { source: p.memoryHog, memory: 64, cpu: 5, tests: one('268435456\n') },
    'under the memory limit by 20 MB': {
      source: 'x = bytearray(40 << 20)\nprint(len(x))\n',
      memory: 64,
      cpu: 5,
      tests: one(`${40 << 20}\n`),
    },
    'over the memory limit by 20 MB': {
      source: 'x = bytearray(84 << 20)\nprint(len(x))\n',
      memory: 64,
      cpu: 5,
      tests: one(`${84 << 20}\n`),
    },
    'fork bomb': {
      source: 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
      cpu: 0.5,
      tests: one(),
    },
    'sleep past the wall clock': { source: 'import time\ntime.sleep(5)\n', cpu: 0.5, tests: one() },
    'output flood': { source: 'import sys\nwhile True:\n    sys.stdout.write("x" * 65536)\n', cpu: 3, tests: one() },
    'disk fill': {
      source:
        'n = 0\ntry:\n    with open("/tmp/f", "wb") as f:\n        while True:\n            f.write(b"x" * 65536)\n            n += 1\nexcept OSError as e:\n    print(type(e).__name__)\n',
      cpu: 3,
      tests: one('OSError\n'),
    },
    network: {
      source:
        'import socket\ntry:\n    socket.create_connection(("127.0.0.1", 5432), timeout=1)\n    print("connected")\nexcept OSError:\n    print("refused")\n',
      tests: one('refused\n'),
    },
  };
}

describe.each([
  ['Python 3', PYTHON],
  ['PyPy 3', PYPY3_LANGUAGE_ID],
])('%s: the same verdicts with the fork server on and off', (_name, language) => {
  const maybe = available.has(language) ? it : it.skip;
  const cases = available.has(language) ? Object.entries(corpus(language)) : [['(not installed)', { source: '' }] as [string, Case]];

  maybe.each(cases)(
    '%s',
    async (_case, { source, cpu, memory, tests }) => {
      const grade = (engine: typeof engines.on) =>
        graderOf(engine).grade({
          languageId: language,
          sourceCode: source,
          cpuTimeLimit: cpu ?? 1,
          memoryLimit: memory ?? 128,
          testCases: tests ?? sumTests,
        });
      const forked = await grade(engines.on);
      const fresh = await grade(engines.off);
      const verdict = (r: typeof forked) => ({
        status: r.status,
        score: r.score,
        tests: r.testCaseResults.map((t) => ({ status: t.status, points: t.points, message: t.message })),
      });
      expect(verdict(forked)).toEqual(verdict(fresh));
      // Plausible figures: a test's time of the fresh start's order (not, say, the server's life since it started;
      // the bound leaves room for a loaded machine's hiccups), its memory near a fresh start's: within 12 MiB or a
      // quarter of it, as PyPy's collector peaks differently from run to run (13 MiB apart seen on a ~70 MiB run),
      // where counting the server's own memory too would double it.
      for (const [i, t] of forked.testCaseResults.entries()) {
        const f = fresh.testCaseResults[i];
        if (t.status !== 'accepted' && t.status !== 'wrong_answer') continue;
        expect(t.timeMs ?? 0).toBeLessThanOrEqual(Math.max(1000, 3 * (f.timeMs ?? 0)));
        expect(Math.abs((t.memoryKB ?? 0) - (f.memoryKB ?? 0))).toBeLessThan(Math.max(12 * 1024, (f.memoryKB ?? 0) / 4));
      }
      expect(engines.warnings).toEqual([]);
    },
    120_000,
  );
});

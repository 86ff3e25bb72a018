import { RunResult, TRANSCRIPT_CAP_CHUNKS } from '@oj/contracts';

import { localGrader, removeWorkRoot } from '../sandbox/engine-fixture';
import { GUESS_INTERACTOR, GUESS_PROGRAMS } from './interactive-programs';

/**
 * A custom run on an interactive problem, in the real sandbox: the worker relays the pair's pipes and answers
 * what each side wrote, in order (issue 33, defect 11).
 */
const CPP = 54;

/** Says 0, 1, 2 … 299, one a line, each after the program's answer to the previous: 600 chunks in all. */
const PING_INTERACTOR = `
#include "testlib.h"
#include <iostream>
int main(int argc, char *argv[]) {
  registerInteraction(argc, argv);
  for (int i = 0; i < 300; i++) {
    std::cout << i << std::endl;
    if (ouf.readInt() != i) quitf(_wa, "no echo of %d", i);
  }
  quitf(_ok, "300 echoes");
}
`;

const ECHO = `
#include <iostream>
int main() { for (int x; std::cin >> x;) std::cout << x << std::endl; }
`;

/** Writes 200 000 queries without reading an answer: far past the transcript's 64 KiB. */
const FLOOD = `
#include <cstdio>
int main() { for (int i = 0; i < 200000; i++) printf("? 1\\n"); }
`;

const run = (sourceCode: string, stdin: string, interactor = GUESS_INTERACTOR): Promise<RunResult> =>
  localGrader().run({
    languageId: CPP,
    sourceCode,
    stdin,
    cpuTimeLimit: 1,
    memoryLimit: 128,
    interactor: { languageId: CPP, source: interactor },
  });

describe('a custom run on an interactive problem shows the exchange', () => {
  afterAll(removeWorkRoot);

  it('records each side’s writes in order, and the interactor’s verdict', async () => {
    const result = await run(GUESS_PROGRAMS[0].binarySearch, '777\n');
    expect(result).toMatchObject({ status: 'ok', verdict: 'accepted', transcriptTruncated: false });
    const transcript = result.transcript ?? [];
    expect(transcript[0]).toEqual({ from: 'program', text: '? 500000000\n' });
    expect(transcript[1]).toEqual({ from: 'interactor', text: '<\n' });
    expect(transcript[transcript.length - 1]).toEqual({ from: 'program', text: '! 777\n' });
    transcript.forEach((chunk, i) => expect(chunk.from).toBe(i % 2 === 0 ? 'program' : 'interactor'));
    for (const chunk of transcript.filter((c) => c.from === 'interactor')) expect(chunk.text).toMatch(/^[<>=]\n$/);
    const queries = transcript.filter((c) => c.text.startsWith('?')).length;
    expect(result.message).toBe(`ok guessed in ${queries} queries`);
  }, 60_000);

  it('cuts a long dialogue at 200 chunks, still in order', async () => {
    const result = await run(ECHO, '', PING_INTERACTOR);
    expect(result).toMatchObject({ status: 'ok', verdict: 'accepted', transcriptTruncated: true });
    const transcript = result.transcript ?? [];
    expect(transcript).toHaveLength(TRANSCRIPT_CAP_CHUNKS);
    transcript.forEach((chunk, i) =>
      expect(chunk).toEqual({ from: i % 2 === 0 ? 'interactor' : 'program', text: `${Math.floor(i / 2)}\n` }),
    );
  }, 60_000);

  it('cuts a flood at 64 KiB, and the interactor still judges it', async () => {
    const result = await run(FLOOD, '5\n');
    expect(result).toMatchObject({ verdict: 'wrong_answer', message: 'wrong answer more than 30 queries', transcriptTruncated: true });
    const text = (result.transcript ?? []).map((c) => c.text).join('');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(64 * 1024);
    expect(text.startsWith('? 1\n? 1\n')).toBe(true);
  }, 60_000);
});

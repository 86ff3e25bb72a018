import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

import { BuiltinCheckerSettings } from './builtin-checker';
import { builtinJudge } from './output-judge';

const dir = mkdtempSync(join(tmpdir(), 'oj-output-judge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Judges `output` against `expected` with a built-in checker, the output in a file as a run leaves it. */
async function judged(settings: BuiltinCheckerSettings, expected: string, output: string): Promise<string> {
  const path = join(dir, 'stdout');
  writeFileSync(path, output);
  return (await builtinJudge(settings)({ input: '', output: expected, points: 1 }, path, 0)).status;
}

// 40,000 numbered lines, about 270 KB: several of the judge's 64 KiB chunks, so it is streamed.
const LARGE = Array.from({ length: 40_000 }, (_, i) => `${i}`).join('\n') + '\n';
const changedAt = (text: string, at: number) => text.slice(0, at) + 'x' + text.slice(at + 1);

describe.each<[string, BuiltinCheckerSettings]>([
  ['lines', { type: 'lines' }],
  ['tokens', { type: 'tokens' }],
  ['exact', { type: 'exact' }],
])('the %s checker on an output file, small (read at once) or large (streamed)', (_name, settings) => {
  it.each([
    ['a small output', '3\n'],
    ['an empty output', ''],
    ['an output of exactly one chunk', 'a'.repeat(64 * 1024)],
    ['a large output', LARGE],
  ])('accepts %s that matches', async (_case, output) => {
    expect(await judged(settings, output, output)).toBe('accepted');
  });

  it.each([
    ['in a small output', '3\n', '4\n'],
    ['at the end of an output one byte over a chunk', 'a'.repeat(64 * 1024) + 'b', 'a'.repeat(64 * 1024) + 'c'],
    ['in the first chunk of a large output', LARGE, changedAt(LARGE, 10)],
    ['in the last chunk of a large output', LARGE, changedAt(LARGE, LARGE.length - 3)],
  ])('rejects a difference %s', async (_case, expected, output) => {
    expect(await judged(settings, expected, output)).toBe('wrong_answer');
  });
});

import { isGate, type Subtask } from '@oj/contracts';

import type { ProblemDto } from '../dto/problem-response.dto';
import { SAMPLE_GROUP } from './icpc-test-data';
import type { PackageEntry } from './package-files';

type ExportedProblem = Pick<ProblemDto, 'samples' | 'subtasks' | 'type'> & { testCases: NonNullable<ProblemDto['testCases']> };

export const numbered = (i: number) => String(i + 1).padStart(3, '0');

export function testFiles(stem: string, input: string, answer: string): PackageEntry[] {
  return [
    { path: `${stem}.in`, content: input },
    { path: `${stem}.ans`, content: answer },
  ];
}

/** The subtask that judges the samples, as an ICPC import makes it (`sample`, all or nothing, worth 0); -1 if none. */
export function sampleGateIndex(subtasks: readonly Subtask[]): number {
  return subtasks.findIndex((s) => s.name === SAMPLE_GROUP && isGate(s));
}

/**
 * `data/sample`: the samples' gate's tests as the judged `.in`/`.ans`, with what the statement shows where it
 * differs (`.in.statement`, `.ans.statement`; an interactive problem's `.interaction` log). Without such a gate the
 * samples were never judged here: they are written as shown, and the root grader ignores them (legacy
 * `grader_flags: ignore_sample`), which an import here reads back so.
 */
export function sampleEntries(problem: ExportedProblem): PackageEntry[] {
  const gate = sampleGateIndex(problem.subtasks);
  const judged = gate >= 0 ? problem.testCases.filter((t) => t.subtask === gate) : [];
  const interactive = problem.type === 'interactive';
  const entries: PackageEntry[] = gate >= 0 ? [] : [{ path: 'data/testdata.yaml', content: 'grader_flags: ignore_sample\n' }];
  for (let i = 0; i < Math.max(judged.length, problem.samples.length); i++) {
    const stem = `data/sample/${numbered(i)}`;
    const [test, shown] = [judged[i], problem.samples[i]];
    if (test) entries.push(...testFiles(stem, test.input, test.output));
    if (!shown) continue;
    // A sample only shown, beside judged ones: an interactive one is only its log, so it stays unjudged.
    if (!test && interactive && gate >= 0) entries.push({ path: `${stem}.interaction`, content: interactionLog(shown) });
    else if (!test) entries.push(...testFiles(stem, shown.input, shown.output));
    else if (interactive) entries.push({ path: `${stem}.interaction`, content: interactionLog(shown) });
    else {
      if (shown.input !== test.input) entries.push({ path: `${stem}.in.statement`, content: shown.input });
      if (shown.output !== test.output) entries.push({ path: `${stem}.ans.statement`, content: shown.output });
    }
  }
  return entries;
}

/**
 * An interactive sample as the format's log (`<` the judge's lines, `>` the submission's): the dialogue an import
 * kept in the explanation, else the judge's lines, then the submission's.
 */
function interactionLog(sample: ExportedProblem['samples'][number]): string {
  const block = /```\n([\s\S]*?)\n```/.exec(sample.explanation ?? '')?.[1];
  if (block && block.split('\n').every((line) => /^[<>]/.test(line))) return `${block}\n`;
  const side = (mark: string, text: string) =>
    text
      .split('\n')
      .filter((line, i, all) => line !== '' || i < all.length - 1)
      .map((line) => `${mark}${line}\n`)
      .join('');
  return side('<', sample.input) + side('>', sample.output);
}

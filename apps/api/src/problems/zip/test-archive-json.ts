import type { CheckerSettings, InteractorSettings, TestArchiveResult } from '@oj/contracts';
import { setImmediate as nextTurn } from 'timers/promises';

import type { ParsedArchive } from './test-case-pairing';
import { textSlices, trimmedSlices } from './test-text-slices';

/** An archive's import, ready to send: its tests as bytes, the rest as it will be sent. */
export interface ImportedArchive extends ParsedArchive {
  checker?: CheckerSettings;
  interactor?: InteractorSettings;
}

/** One file as the inside of a JSON string, slice by slice, giving the event loop a turn after each. */
async function* jsonStringContent(content: Buffer, trimWhitespace: boolean): AsyncGenerator<string> {
  for (const slice of trimWhitespace ? trimmedSlices(textSlices(content)) : textSlices(content)) {
    // No slice splits a surrogate pair, so the slices' escapes are those of the whole string.
    yield JSON.stringify(slice).slice(1, -1);
    await nextTurn();
  }
}

/**
 * The JSON of a TestArchiveResult, in pieces: JSON.stringify of 64 MiB of tests held the event loop for half a
 * second (issue 20), while each piece here is one slice of one file. The text is that of JSON.stringify.
 */
export async function* testArchiveJson(archive: ImportedArchive, trimWhitespace: boolean): AsyncGenerator<string> {
  yield '{"testCases":[';
  for (const [i, { input, output, ...scoring }] of archive.testCases.entries()) {
    yield `${i ? ',' : ''}{"input":"`;
    yield* jsonStringContent(input, trimWhitespace);
    yield '","output":"';
    yield* jsonStringContent(output, trimWhitespace);
    yield `",${JSON.stringify(scoring).slice(1)}`;
  }
  const { subtasks, warnings, checker, interactor } = archive;
  const rest: Omit<TestArchiveResult, 'testCases'> = { subtasks, warnings, ...(checker && { checker }), ...(interactor && { interactor }) };
  yield `],${JSON.stringify(rest).slice(1)}`;
}

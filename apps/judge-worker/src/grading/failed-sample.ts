import { type FailedSample, type Sample, SAMPLE_TEXT_MAX_BYTES, type TestCaseData } from '@oj/contracts';
import { open } from 'fs/promises';

/** A text as tests and samples compare: line endings and trailing blanks are how it was typed, not what it says. */
const normalized = (text: string) =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trimEnd();

/** Which of the statement's samples the test is (its input and output), if any. */
export function sampleIndexOf(test: Pick<TestCaseData, 'input' | 'output'>, samples: Sample[]): number | undefined {
  const [input, output] = [normalized(test.input), normalized(test.output)];
  const at = samples.findIndex((sample) => normalized(sample.input) === input && normalized(sample.output) === output);
  return at < 0 ? undefined : at;
}

/** The first SAMPLE_TEXT_MAX_BYTES of a text, and whether it was cut (never inside a character). */
function capped(text: Buffer): { text: string; cut: boolean } {
  if (text.length <= SAMPLE_TEXT_MAX_BYTES) return { text: text.toString('utf8'), cut: false };
  // A cut inside a multi-byte character decodes to U+FFFD: dropped rather than shown.
  return {
    text: text
      .subarray(0, SAMPLE_TEXT_MAX_BYTES)
      .toString('utf8')
      .replace(/\uFFFD$/, ''),
    cut: true,
  };
}

/** The first bytes of the program's output file, one past the cap so a longer output is known to be cut. */
async function outputHead(stdoutPath: string): Promise<Buffer> {
  const file = await open(stdoutPath, 'r');
  try {
    const head = Buffer.alloc(SAMPLE_TEXT_MAX_BYTES + 1);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/** A failed sample test as its result keeps it: the sample and the program's output, each capped. */
export async function failedSample(test: TestCaseData & { sample: number }, stdoutPath: string): Promise<FailedSample> {
  const [input, expected, output] = [
    capped(Buffer.from(test.input)),
    capped(Buffer.from(test.output)),
    capped(await outputHead(stdoutPath)),
  ];
  return {
    sample: test.sample,
    input: input.text,
    expected: expected.text,
    output: output.text,
    truncated: input.cut || expected.cut || output.cut,
  };
}

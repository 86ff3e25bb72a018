import { LiveEvent, ResultSummary, TestCaseResult } from '@oj/contracts';

/**
 * Compiler output, test messages and a runtime error's stderr can quote the source (a compiler prints the
 * offending line, a traceback the failing one), and a failed sample's output is what the program printed, so like
 * the source they are for its owner and administrators.
 * Status, points, time and memory stay public.
 */
export function withoutMessages(results: TestCaseResult[]): TestCaseResult[] {
  return results.map(({ message: _message, stderr: _stderr, failedSample: _sample, ...figures }) => figures);
}

export function summaryWithoutMessages(summary: ResultSummary | null): ResultSummary | null {
  if (!summary) return null;
  const { message: _message, ...figures } = summary;
  return { ...figures, cases: withoutMessages(summary.cases) };
}

/** Fields a live event must not carry to other users should a publisher ever add them. */
const PRIVATE_EVENT_FIELDS = ['source', 'sourceCode', 'message', 'compileOutput', 'stderr', 'testCaseResults', 'resultSummary'];

/** The event as other users may see it: the row's public figures, without source or messages. */
export function eventForOthers(event: LiveEvent): LiveEvent {
  if (!PRIVATE_EVENT_FIELDS.some((field) => field in event)) return event;
  const copy: Record<string, unknown> = { ...event };
  for (const field of PRIVATE_EVENT_FIELDS) delete copy[field];
  return copy as unknown as LiveEvent;
}

import type { SubmissionStatus, TestCaseStatus } from '@oj/contracts';

/** A CLICS RELTIME, `h:mm:ss.uuu` (hours unbounded, a minus sign before the contest's start). */
export function reltime(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const abs = Math.abs(Math.round(ms));
  const h = Math.floor(abs / 3_600_000);
  const m = Math.floor(abs / 60_000) % 60;
  const s = Math.floor(abs / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${sign}${h}:${pad(m)}:${pad(s)}.${pad(abs % 1000, 3)}`;
}

/** A CLICS TIME: ISO 8601 with its timezone (always UTC here). */
export function isoTime(date: Date): string {
  return date.toISOString();
}

/** A CLICS judgement type: its id, name, and whether it costs penalty time and solves the problem. */
export interface ClicsJudgementType {
  id: string;
  name: string;
  penalty: boolean;
  solved: boolean;
}

/**
 * Our final statuses as CLICS judgement types, with the ids the specification names. A compile error and a
 * judge failure cost no penalty, as in the board's rules (NOT_A_TRY); JE is ours, as the specification allows.
 */
const JUDGEMENT_TYPE_BY_STATUS: Record<Exclude<SubmissionStatus, 'queued' | 'running'>, ClicsJudgementType> = {
  accepted: { id: 'AC', name: 'Accepted', penalty: false, solved: true },
  wrong_answer: { id: 'WA', name: 'Wrong Answer', penalty: true, solved: false },
  tle: { id: 'TLE', name: 'Time Limit Exceeded', penalty: true, solved: false },
  ole: { id: 'OLE', name: 'Output Limit Exceeded', penalty: true, solved: false },
  rte: { id: 'RTE', name: 'Run-Time Error', penalty: true, solved: false },
  ce: { id: 'CE', name: 'Compile Error', penalty: false, solved: false },
  failed: { id: 'JE', name: 'Judging Error', penalty: false, solved: false },
};

export const JUDGEMENT_TYPES: ClicsJudgementType[] = Object.values(JUDGEMENT_TYPE_BY_STATUS);

/** The judgement type of a final status or a test's status; null while it is not final (or the test was skipped). */
export function judgementTypeId(status: SubmissionStatus | TestCaseStatus): string | null {
  return status in JUDGEMENT_TYPE_BY_STATUS ? JUDGEMENT_TYPE_BY_STATUS[status as keyof typeof JUDGEMENT_TYPE_BY_STATUS].id : null;
}

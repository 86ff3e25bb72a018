import { STOP_AT_FIRST_FAILURE_FORMATS } from '@oj/contracts';

/**
 * Whether the submission aliased `alias` is graded up to its first failure (its contest's format says so), as an
 * SQL expression: for the judge jobs queued from rows (rejudges, the worker's reconciler).
 */
export function stopsAtFirstFailureSql(alias: string): string {
  const formats = STOP_AT_FIRST_FAILURE_FORMATS.map((f) => `'${f}'`).join(', ');
  return `EXISTS (SELECT 1 FROM contests sc WHERE sc.contest_id = ${alias}.contest_id AND sc.format IN (${formats}))`;
}

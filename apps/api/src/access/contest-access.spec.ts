import type { SubmissionRow } from '@oj/contracts';

import { canSeeResult, canSeeTestResults, pendingRow, rowSeenBy } from './contest-access';

const owner = { id: 'owner', role: 'user' as const };
const other = { id: 'other', role: 'user' as const };
const admin = { id: 'admin', role: 'admin' as const };

const row = {
  id: 's',
  userId: 'owner',
  status: 'accepted',
  verdict: 'ACCEPTED',
  score: 100,
  runtimeMs: 12,
  memoryKB: 300,
  failedTest: 2,
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  progress: { done: 3, total: 3 },
} as unknown as SubmissionRow;

describe('contest access: frozen results and running contests', () => {
  it('shows a frozen result to its submitter and admins only', () => {
    const frozen = { userId: 'owner', frozen: true };
    expect([owner, admin, other, undefined].map((v) => canSeeResult(frozen, v))).toEqual([true, true, false, false]);
    expect([owner, admin, other, undefined].map((v) => canSeeResult({ userId: 'owner' }, v))).toEqual([true, true, true, true]);
  });

  it('shows others a frozen row pending, with nothing of its result', () => {
    const frozen = { ...row, frozen: true };
    expect(rowSeenBy(frozen, owner)).toBe(frozen);
    expect(rowSeenBy(frozen, admin)).toBe(frozen);
    expect(rowSeenBy(frozen, other)).toEqual(pendingRow(frozen));
    expect(pendingRow(frozen)).toEqual({
      id: 's',
      userId: 'owner',
      status: 'queued',
      verdict: 'PENDING',
      score: 0,
      runtimeMs: null,
      memoryKB: null,
      failedTest: null,
      startedAt: null,
      finishedAt: null,
      frozen: true,
    });
    expect(rowSeenBy(row, other)).toBe(row);
  });

  it("keeps a contest submission's per-test results for its submitter and admins until the contest's end", () => {
    const endsAt = new Date('2026-01-01T12:00:00Z');
    const during = new Date('2026-01-01T11:00:00Z');
    const after = new Date('2026-01-01T12:00:00Z');
    const mine = { userId: 'owner' };
    expect([owner, admin, other, undefined].map((v) => canSeeTestResults(mine, { endsAt }, v, during))).toEqual([true, true, false, false]);
    expect(canSeeTestResults(mine, { endsAt }, other, after)).toBe(true);
    expect(canSeeTestResults(mine, null, undefined, during)).toBe(true);
  });
});

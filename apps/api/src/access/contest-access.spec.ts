import type { SubmissionRow } from '@oj/contracts';

import { canSeeResult, type Viewer } from './access-policy';
import {
  canSeeClarification,
  canSeeClarificationAsker,
  canSeeTestResults,
  canSelfRegister,
  isInviteOnly,
  pendingRow,
  rowSeenBy,
} from './contest-access';

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
  createdAt: '2025-12-31T23:59:58.000Z',
  queuedAt: '2025-12-31T23:59:59.000Z',
  startedAt: '2026-01-01T00:00:00.000Z',
  finishedAt: '2026-01-01T00:00:01.000Z',
  rejudgedAt: '2026-01-01T00:05:00.000Z',
  updatedAt: '2026-01-01T00:05:01.000Z',
  progress: { done: 3, total: 3 },
} as unknown as SubmissionRow;

describe('contest access: frozen results and running contests', () => {
  it('shows a frozen result to its submitter and admins only', () => {
    const frozen = { userId: 'owner', frozen: true };
    expect([owner, admin, other, undefined].map((v) => canSeeResult(frozen, v))).toEqual([true, true, false, false]);
    expect([owner, admin, other, undefined].map((v) => canSeeResult({ userId: 'owner' }, v))).toEqual([true, true, true, true]);
  });

  it('shows others a frozen row pending, with nothing of its result and no time of its judging', () => {
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
      createdAt: '2025-12-31T23:59:58.000Z',
      queuedAt: '2025-12-31T23:59:58.000Z',
      startedAt: null,
      finishedAt: null,
      rejudgedAt: null,
      updatedAt: '2025-12-31T23:59:58.000Z',
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

  describe('registration', () => {
    it('makes a private contest without an access code invitation-only: admins add its participants', () => {
      const cases = [
        { isPublic: true, accessCode: null },
        { isPublic: true, accessCode: 'code' },
        { isPublic: false, accessCode: 'code' },
        { isPublic: false, accessCode: null },
      ];
      expect(cases.map(isInviteOnly)).toEqual([false, false, false, true]);
      expect(cases.map((c) => canSelfRegister(c, owner))).toEqual([true, true, true, false]);
      expect(cases.map((c) => canSelfRegister(c, admin))).toEqual([true, true, true, true]);
    });
  });

  describe('clarifications', () => {
    const contest = { isPublic: true, endsAt: new Date('2026-01-01T13:00:00Z') };
    const [during, after] = [new Date('2026-01-01T11:00:00Z'), new Date('2026-01-01T13:00:00Z')];
    const question = (isPublic: boolean, answered: boolean) => ({ askerId: 'owner', isPublic, answered });
    const notice = (isPublic: boolean) => ({ askerId: null, isPublic, answered: true });
    /** Who reads it, for [the asker (a participant), another participant, a user outside the contest, a guest, an admin]. */
    const readers = (c: Parameters<typeof canSeeClarification>[1], now: Date) =>
      [
        [owner, true],
        [other, true],
        [other, false],
        [undefined, false],
        [admin, false],
      ].map(([viewer, takesPart]) => canSeeClarification(viewer as Viewer, c, contest, takesPart as boolean, now));

    it('shows a question to its asker and admins until it is answered publicly', () => {
      expect(readers(question(false, false), during)).toEqual([true, false, false, false, true]);
      expect(readers(question(false, true), during)).toEqual([true, false, false, false, true]);
      expect(readers(question(false, true), after)).toEqual([true, false, false, false, true]);
    });

    it('shows a public answer or notice to the participants while the contest is on, and to everyone after the end', () => {
      expect(readers(question(true, true), during)).toEqual([true, true, false, false, true]);
      expect(readers(notice(true), during)).toEqual([true, true, false, false, true]);
      expect(readers(question(true, true), after)).toEqual([true, true, true, true, true]);
      expect(readers(notice(true), after)).toEqual([true, true, true, true, true]);
    });

    it("keeps a private contest's public answers with its participants after the end", () => {
      const closed = (c: Parameters<typeof canSeeClarification>[1]) =>
        [
          [owner, true],
          [other, true],
          [other, false],
          [undefined, false],
        ].map(([viewer, takesPart]) =>
          canSeeClarification(viewer as Viewer, c, { ...contest, isPublic: false }, takesPart as boolean, after),
        );
      expect(closed(question(true, true))).toEqual([true, true, false, false]);
    });

    it('keeps a private notice with admins', () => {
      expect(readers(notice(false), during)).toEqual([false, false, false, false, true]);
      expect(readers(notice(false), after)).toEqual([false, false, false, false, true]);
    });

    it('names the asker to admins and the asker alone', () => {
      expect([owner, other, undefined, admin].map((v) => canSeeClarificationAsker(v, { askerId: 'owner' }))).toEqual([
        true,
        false,
        false,
        true,
      ]);
      expect([owner, undefined, admin].map((v) => canSeeClarificationAsker(v, { askerId: null }))).toEqual([false, false, true]);
    });
  });
});

import { contestMoments, nextMoment } from './contest-time';
import { noteServerTime, serverNow } from './server-clock';

describe('the server clock', () => {
  it("runs on the server's time, taken at the middle of the round trip", () => {
    const sentAt = Date.now();
    noteServerTime(new Date(sentAt + 5 * 60_000 + 100).toISOString(), sentAt, sentAt + 200);
    expect(Math.abs(serverNow() - (Date.now() + 5 * 60_000))).toBeLessThan(50);
  });

  it("knows a contest's moments: start, freeze, end and the caller's own end; the next one after a time", () => {
    const contest = {
      startsAt: '2026-01-01T10:00:00.000Z',
      endsAt: '2026-01-01T12:00:00.000Z',
      freezeMinutes: 30,
      participation: { endsAt: '2026-01-01T11:00:00.000Z' },
    };
    const at = (iso: string) => Date.parse(iso);
    expect(contestMoments(contest).sort()).toEqual(
      [at(contest.startsAt), at('2026-01-01T11:00:00.000Z'), at('2026-01-01T11:30:00.000Z'), at(contest.endsAt)].sort(),
    );
    expect(nextMoment(contestMoments(contest), at('2026-01-01T10:00:00.000Z'))).toBe(at('2026-01-01T11:00:00.000Z'));
    expect(nextMoment(contestMoments(contest), at(contest.endsAt))).toBeUndefined();
  });
});

import type { Viewer } from './access-policy';
import { canReadContestProblem, canReadContestProblems, canSeeContest, contestHidesProblem, type ContestSeats } from './contest-access';

const owner = { id: 'owner', role: 'user' as const };
const other = { id: 'other', role: 'user' as const };
const admin = { id: 'admin', role: 'admin' as const };
const at = (time: string) => new Date(`2026-01-01T${time}:00Z`);
const [before, during, after] = ['09:00', '11:00', '13:00'].map(at);
const registered: ContestSeats = [{ kind: 'official', startedAt: null, endsAt: null }];
const run = (from: string, to: string): ContestSeats => [{ kind: 'virtual', startedAt: at(from), endsAt: at(to) }];

describe('contest access', () => {
  describe('which contests exist for a viewer', () => {
    const kinds = {
      public: { isPublic: true, inviteOnly: false },
      withCode: { isPublic: false, inviteOnly: false },
      inviteOnly: { isPublic: false, inviteOnly: true },
    };

    it('hides an invitation-only contest from all but those it admitted and admins; a code contest is reached by its link', () => {
      const seen = (seats: ContestSeats, viewer: Viewer) => Object.values(kinds).map((c) => canSeeContest(c, seats, viewer));
      expect(seen([], undefined)).toEqual([true, true, false]);
      expect(seen([], other)).toEqual([true, true, false]);
      expect(seen(registered, owner)).toEqual([true, true, true]);
      expect(seen(run('10:00', '11:00'), owner)).toEqual([true, true, true]);
      expect(seen([], admin)).toEqual([true, true, true]);
    });
  });

  describe("reading a contest's problems by its clock", () => {
    const contest = { isPublic: true, startsAt: at('10:00'), endsAt: at('13:00') };
    const read = (seats: ContestSeats, viewer: Viewer, now: Date, c = contest) => canReadContestProblems(c, seats, viewer, now);

    it('lets registered participants read from the start, everyone after the end of a public contest, admins always', () => {
      expect([before, during, after].map((now) => read(registered, owner, now))).toEqual([false, true, true]);
      expect([before, during, after].map((now) => read([], other, now))).toEqual([false, false, true]);
      expect([before, during, after].map((now) => read([], undefined, now))).toEqual([false, false, true]);
      expect([before, during, after].map((now) => read([], admin, now))).toEqual([true, true, true]);
    });

    it('opens an ended private contest only to those it admitted', () => {
      const closed = { ...contest, isPublic: false };
      expect([read([], undefined, after, closed), read([], other, after, closed)]).toEqual([false, false]);
      expect([read(registered, owner, after, closed), read(run('13:00', '16:00'), owner, after, closed)]).toEqual([true, true]);
      expect(read([], admin, after, closed)).toBe(true);
    });

    it('lets a virtual participant read during their run, even once the end has been moved past it', () => {
      expect(read(run('10:30', '11:30'), owner, during)).toBe(true);
      expect(read(run('09:00', '10:30'), owner, during)).toBe(false);
      expect(read(run('11:00', '12:00'), owner, during)).toBe(true);
      expect(read(run('11:30', '12:30'), owner, during)).toBe(false);
      expect(read([{ kind: 'virtual', startedAt: null, endsAt: null }], owner, during)).toBe(false);
    });
  });

  describe('one problem, held by several contests', () => {
    const hidden = { isPublic: false };
    const open = { isPublic: true };
    const ended = { isPublic: true, startsAt: at('06:00'), endsAt: at('09:00') };
    const running = { isPublic: true, startsAt: at('10:00'), endsAt: at('13:00') };
    const upcoming = { endsAt: at('16:00') };
    const now = during;

    it('is hidden by a contest that holds it privately until that contest ends', () => {
      expect([before, during, at('16:00')].map((t) => contestHidesProblem(upcoming, hidden, t))).toEqual([true, true, false]);
      expect(contestHidesProblem(upcoming, open, before)).toBe(false);
    });

    it('stays hidden through an ended contest while another contest still hides it, for every viewer but admins', () => {
      const through = (viewer: Viewer, seats: ContestSeats = [], problem = hidden, others = [upcoming]) =>
        canReadContestProblem(problem, ended, seats, others, viewer, now);
      expect([through(undefined), through(other), through(owner, registered), through(owner, run('10:30', '12:00'))]).toEqual([
        false,
        false,
        false,
        false,
      ]);
      expect(through(admin)).toBe(true);
      // Once no other contest hides it, the ended contest opens it again; a public problem was never hidden.
      expect(through(undefined, [], hidden, [{ endsAt: at('10:00') }])).toBe(true);
      expect(through(undefined, [], hidden, [])).toBe(true);
      expect(through(undefined, [], open)).toBe(true);
    });

    it('is read by the participants of a running contest holding it, whatever other contests hold it', () => {
      expect(canReadContestProblem(hidden, running, registered, [upcoming], owner, now)).toBe(true);
      expect(canReadContestProblem(hidden, running, [], [upcoming], other, now)).toBe(false);
    });

    it('follows the contest clock first: an ended private contest does not open it to those it did not admit', () => {
      const closed = { ...ended, isPublic: false };
      expect(canReadContestProblem(hidden, closed, [], [], undefined, now)).toBe(false);
      expect(canReadContestProblem(hidden, closed, registered, [], owner, now)).toBe(true);
    });
  });
});

import {
  bearer,
  contestBody,
  createAdmin,
  createContest,
  createProblem,
  createTestApp,
  everyResult,
  problemBody,
  randomContest,
  type RefContest,
  REFERENCE_FREEZE_MINUTE,
  referenceBoard,
  type RefProblem,
  type RefRow,
  type RefSubmission,
  register,
  registerUser,
  seededRandom,
  submitGraded,
  TestApp,
  TestSession,
} from '@oj/api-testing';
import {
  CONTEST_FORMATS,
  type ContestCell,
  type ContestFormat,
  foldCell,
  type GradeResult,
  rankRows,
  rowFromCells,
  type TestCaseResult,
} from '@oj/contracts';
import { contestAttemptOf } from '@oj/db';

import { aggregateSubtaskResults, compileErrorResult, failedResult } from '../../../judge-worker/src/grading/grade-aggregate';

/**
 * The board's reference model (issue 31): for random contests of every format, the board equals one computed from
 * scratch from the per-test results (apps/api/testing/src/board-reference.ts). The gradings are the worker's own
 * aggregate of those results, so the path is the judge's: per-test results → the grading's raw points → the rules'
 * fold → cells → totals → ranks.
 */

/** The worker's grading of a reference submission. */
function grading(problem: RefProblem, submission: RefSubmission): GradeResult {
  if (!submission.tests) return submission.noRun === 'failed' ? failedResult('Sandbox unavailable') : compileErrorResult('error');
  const results: TestCaseResult[] = submission.tests.map((status, index) => {
    const test = problem.tests[index];
    return {
      index,
      status,
      timeMs: status === 'skipped' ? null : 1,
      memoryKB: status === 'skipped' ? null : 1,
      points: status === 'accepted' ? test.points : 0,
      ...(test.subtask === undefined ? {} : { subtask: test.subtask }),
    };
  });
  const tests = problem.tests.map((t) => ({ input: '', output: '', ...t }));
  return aggregateSubtaskResults(results, tests, problem.subtasks);
}

/** The board as the pure rules fold it from the gradings, read back as stored (contestAttemptOf). */
function foldedBoard(contest: RefContest): RefRow[] {
  const rows = contest.participants.map((username) => {
    const cells: Record<string, ContestCell> = {};
    for (const problem of contest.problems) {
      const attempts = contest.submissions
        .filter((s) => s.participant === username && s.label === problem.label)
        .map((s) => {
          const graded = grading(problem, s);
          return contestAttemptOf({
            status: graded.status,
            minute: s.minute,
            elapsedSeconds: s.elapsedSeconds,
            earnedPoints: graded.earnedPoints,
            totalPoints: graded.totalPoints,
            subtasks: graded.subtasks ?? null,
            hidden: s.hidden,
          });
        });
      cells[problem.label] = foldCell(contest.format, attempts, { contestPoints: problem.contestPoints });
    }
    return { username, cells, totals: rowFromCells(contest.format, Object.values(cells), contest.penaltyMinutes) };
  });
  return rankRows(contest.format, rows).map((r) => ({
    rank: r.rank,
    username: r.username,
    solved: r.totals.solved,
    score: r.totals.score,
    penalty: r.totals.penalty,
    cells: r.cells,
  }));
}

const byName = (rows: RefRow[]) => Object.fromEntries(rows.map((r) => [r.username, r]));

describe('the board against its reference model', () => {
  describe.each(CONTEST_FORMATS)('%s: the pure rules', (format: ContestFormat) => {
    it('equal the reference for 400 random contests, frozen tries included', () => {
      const random = seededRandom(31 + format.length);
      for (let n = 0; n < 400; n++) {
        const contest = randomContest(random, format);
        expect({ n, board: byName(foldedBoard(contest)) }).toEqual({ n, board: byName(referenceBoard(contest)) });
      }
    });
  });

  it('IOI: 9 tests of 1 point, 1 passed, is 11 % of the worth, not solved (the issue’s case)', () => {
    const problem: RefProblem = { label: 'A', tests: Array.from({ length: 9 }, () => ({ points: 1 })), subtasks: [], contestPoints: 100 };
    const tests: RefSubmission['tests'] = ['accepted', 'wrong_answer', ...Array.from({ length: 7 }, () => 'wrong_answer' as const)];
    for (const format of ['ioi', 'oi'] as const) {
      const contest: RefContest = {
        format,
        penaltyMinutes: 0,
        problems: [problem],
        participants: ['ann'],
        submissions: [{ participant: 'ann', label: 'A', minute: 3, elapsedSeconds: 195, hidden: false, tests }],
      };
      expect(foldedBoard(contest)[0]).toMatchObject({ score: 11.11, solved: 0, cells: { A: { solved: false, score: 11.11 } } });
      expect(foldedBoard(contest)).toEqual(referenceBoard(contest));
    }
  });

  describe('through the database and the scoreboard route', () => {
    let t: TestApp;
    let admin: TestSession;
    let sessions: TestSession[];

    beforeAll(async () => {
      t = await createTestApp();
      admin = await createAdmin(t);
      sessions = await Promise.all(Array.from({ length: 5 }, () => registerUser(t)));
    }, 60_000);
    afterAll(() => t.close());

    /** Creates the contest's problems and the contest, registers its participants, writes each grading. */
    async function play(contest: RefContest): Promise<{ contestId: number; names: Map<string, string> }> {
      const ids = new Map<string, number>();
      for (const problem of contest.problems) {
        const body = problemBody({
          title: `Problem ${problem.label}`,
          testCases: problem.tests.map((test, i) => ({ input: `${i}\n`, output: `${i}\n`, ...test })),
          subtasks: problem.subtasks,
        });
        ids.set(problem.label, (await createProblem(t, admin, body)).problemId);
      }
      const { contestId } = await createContest(
        t,
        admin,
        contestBody([...ids.values()], -400, 60, {
          format: contest.format,
          // 460 minutes long: the freeze starts at the reference's minute.
          freezeMinutes: 460 - REFERENCE_FREEZE_MINUTE,
          problems: contest.problems.map((p) => ({ problemId: ids.get(p.label), points: p.contestPoints })),
        }),
      );
      const startsAt: string = (await t.http().get(`/api/contests/${contestId}`).expect(200)).body.startsAt;
      const names = new Map<string, string>();
      for (const [i, participant] of contest.participants.entries()) {
        await register(t, sessions[i], contestId);
        names.set(sessions[i].user.username, participant);
      }
      for (const s of contest.submissions) {
        const session = sessions[contest.participants.indexOf(s.participant)];
        const problem = contest.problems.find((p) => p.label === s.label) as RefProblem;
        // Half a second into its second: the board counts whole seconds down.
        const at = new Date(new Date(startsAt).getTime() + s.elapsedSeconds * 1000 + 500);
        await submitGraded(t, session, contestId, ids.get(s.label) as number, at, grading(problem, s));
      }
      return { contestId, names };
    }

    /** The board as `viewer` (a guest without one) reads it, by reference names. */
    async function served(contestId: number, names: Map<string, string>, viewer?: TestSession) {
      const req = t.http().get(`/api/contests/${contestId}/scoreboard`).query({ limit: 100 });
      const board = (await (viewer ? req.set(...bearer(viewer)) : req).expect(200)).body;
      return byName(
        board.items.map(({ virtual, ...row }: RefRow & { virtual: boolean }) => ({
          ...row,
          username: names.get(row.username),
          // Official rows alone: the reference knows no virtual run, and without `virtual=true` the board shows none.
          ...(virtual ? { virtual } : {}),
        })),
      );
    }

    /** The board's solved / tried per problem as `viewer` reads it (problemTotals). */
    async function servedTotals(contestId: number, viewer?: TestSession) {
      const req = t.http().get(`/api/contests/${contestId}/scoreboard`).query({ limit: 1 });
      return (await (viewer ? req.set(...bearer(viewer)) : req).expect(200)).body.problemTotals;
    }

    /** Per problem, the reference rows that solved it and that tried it (a solve, a rejected try, a pending one). */
    const referenceTotals = (contest: RefContest, rows: RefRow[]) =>
      Object.fromEntries(
        contest.problems.map(({ label }) => [
          label,
          {
            solved: rows.filter((row) => row.cells[label].solved).length,
            tried: rows.filter((row) => row.cells[label].solved || row.cells[label].attempts > 0 || row.cells[label].pending > 0).length,
          },
        ]),
      );

    it.each(CONTEST_FORMATS)(
      '%s: GET /api/contests/{id}/scoreboard equals the reference, live and frozen',
      async (format) => {
        const random = seededRandom(3100 + format.length);
        for (let n = 0; n < 3; n++) {
          const contest = randomContest(random, format, true);
          const { contestId, names } = await play(contest);
          // Admins read the live fold; a guest the public one: frozen results pending (OI: every result, until the end).
          const live = referenceBoard(everyResult(contest, false));
          const frozen = referenceBoard(format === 'oi' ? everyResult(contest, true) : contest);
          expect({ n, board: await served(contestId, names, admin) }).toEqual({ n, board: byName(live) });
          expect({ n, board: await served(contestId, names) }).toEqual({ n, board: byName(frozen) });
          // The solved / tried row counts the whole board (one row a page here), as each viewer's rows show.
          expect({ n, totals: await servedTotals(contestId, admin) }).toEqual({ n, totals: referenceTotals(contest, live) });
          expect({ n, totals: await servedTotals(contestId) }).toEqual({ n, totals: referenceTotals(contest, frozen) });
        }
      },
      120_000,
    );
  });
});

import { Injectable } from '@nestjs/common';
import {
  type ContestPoints,
  freezeStartsAt,
  gradingContestPoints,
  isHiddenOnPublicFold,
  type RawPoints,
  resultsHiddenFrom,
  type SubmissionStatus,
  type TestCaseResult,
} from '@oj/contracts';
import { type ClarificationEntity, ContestEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import {
  canReadContestProblem,
  canSeeClarification,
  canSeeClarificationAsker,
  canSeeResult,
  canSeeTestResults,
  contestGate,
  type Viewer,
} from '../access';
import { ApiException } from '../common/api-exception';
import { ContestsService } from '../contests/contests.service';
import { ScoreboardService } from '../contests/scoreboard/scoreboard.service';
import { LanguagesService } from '../languages/languages.service';
import { accessFor } from './clics-endpoints';
import { isoTime, JUDGEMENT_TYPES, judgementTypeId, reltime } from './clics-format';
import {
  CLICS_VERSION,
  CLICS_VERSION_URL,
  type ClicsAccess,
  type ClicsApiInfo,
  type ClicsClarification,
  type ClicsContest,
  type ClicsJudgement,
  type ClicsLanguage,
  type ClicsProblem,
  type ClicsRun,
  type ClicsScoreboard,
  type ClicsState,
  type ClicsSubmission,
  type ClicsTeam,
} from './clics-objects';

interface ProblemRow {
  problem_id: number;
  label: string;
  position: number;
  points: number;
  title: string;
  cpu_time_limit: number;
  test_case_count: number;
  is_public: boolean;
  /** When each other contest holding the problem ends: one still running may hide it (contestHidesProblem). */
  other_ends: Date[];
}

/** A clarification as the entity has it, with the asker's team: their official participation (null for a notice, or an asker on a virtual run). */
type ClarificationRowDb = Pick<
  ClarificationEntity,
  'id' | 'userId' | 'problemLabel' | 'question' | 'answer' | 'isPublic' | 'createdAt' | 'answeredAt'
> & { teamId: string | null };

interface TeamRow {
  id: string;
  username: string | null;
  registered_at: Date;
}

interface SubmissionRowDb {
  id: string;
  user_id: string | null;
  problem_id: number;
  participation_id: string;
  language_id: number;
  language_name: string;
  status: SubmissionStatus;
  /** The grading's raw points, and out of how many (result_summary); null before its first result. */
  earned_points: RawPoints | null;
  total_points: RawPoints | null;
  runtime_ms: number | null;
  test_case_results: TestCaseResult[];
  frozen: boolean;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  /** 0 for the first grading, one more for each rejudge. */
  judge_round: number;
  rejudged_at: Date | null;
}

/** Everything a reader may see of a contest at one instant: what the routes and the event feed answer from. */
export interface ClicsSnapshot {
  contest: ContestEntity;
  now: Date;
  problems: Timed<ClicsProblem>[];
  teams: Timed<ClicsTeam>[];
  languages: ClicsLanguage[];
  submissions: Timed<ClicsSubmission>[];
  /** A withheld or unfinished judgement at its start, a final one when it was revealed (revealedAt). */
  judgements: Timed<ClicsJudgement>[];
  runs: Timed<ClicsRun>[];
  clarifications: Timed<ClicsClarification>[];
}

/** An object and the instant it took its current form, which orders it in the event feed. */
export interface Timed<T> {
  at: Date;
  data: T;
}

const SCORED_FORMATS = new Set(['ioi', 'oi']);

/** The contest's collections, each also served one object at a time (`/<collection>/<id>`). */
export const CLICS_COLLECTIONS = [
  'judgement-types',
  'languages',
  'problems',
  'teams',
  'submissions',
  'judgements',
  'runs',
  'clarifications',
] as const;
export type ClicsCollection = (typeof CLICS_COLLECTIONS)[number];

/** The properties of type ID, other than `id`, a collection can be filtered on (`?team_id=…`), as 2023-06 requires. */
export const ID_FILTERS: Record<ClicsCollection, string[]> = {
  'judgement-types': [],
  languages: [],
  problems: [],
  teams: [],
  submissions: ['language_id', 'problem_id', 'team_id'],
  judgements: ['submission_id', 'judgement_type_id'],
  runs: ['judgement_id', 'judgement_type_id'],
  clarifications: ['from_team_id', 'to_team_id', 'reply_to_id', 'problem_id'],
};

/** A collection's query: its ID properties' values to match; anything else is ignored. */
export type ClicsFilters = Record<string, unknown>;

const SINGULAR: Record<ClicsCollection, string> = {
  'judgement-types': 'Judgement type',
  languages: 'Language',
  problems: 'Problem',
  teams: 'Team',
  submissions: 'Submission',
  judgements: 'Judgement',
  runs: 'Run',
  clarifications: 'Clarification',
};

/**
 * A judgement per judge round, as CLICS has a rejudge make a new judgement (a reader keeps the latest of a
 * submission): the first grading's is the submission's id; a rejudge's, within CLICS's 36 characters, the first 24
 * hex digits of that uuid (96 bits, unique within a contest in practice) and `r` with the round in base 36.
 */
function judgementId(submissionId: string, round: number): string {
  return round ? `${submissionId.replace(/-/g, '').slice(0, 24)}-r${round.toString(36)}` : submissionId;
}

/** A run's id within CLICS's 36 characters: its judgement's without dashes (a first grading's uuid), then the ordinal in base 36. */
/** A judgement's score on a scored board: the grading's raw points scaled to the problem's contest worth. */
function judgementScore(s: SubmissionRowDb, worth: ContestPoints): ContestPoints {
  return gradingContestPoints({ status: s.status, earnedPoints: s.earned_points ?? 0, totalPoints: s.total_points ?? 0 }, worth);
}

function runId(judgement: string, ordinal: number): string {
  return `${judgement.replace(/-/g, '')}-${ordinal.toString(36)}`;
}

/**
 * The contest's rows as CLICS objects, seen by one reader. A submission's judgement and runs follow the SPA's rule
 * (canSeeResult): while the freeze hides a result from the reader, its judgement is pending (no type, no end) and
 * its runs are withheld. Only official participations are teams; virtual runs and practice are left out.
 */
@Injectable()
export class ClicsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly contests: ContestsService,
    private readonly scoreboards: ScoreboardService,
    private readonly languages: LanguagesService,
  ) {}

  /** The contest; its penalty (integer minutes) only on a pass-fail board, as 2023-06 allows it nowhere else. */
  contestOf(contest: ContestEntity): ClicsContest {
    const scored = SCORED_FORMATS.has(contest.format);
    return {
      id: String(contest.contestId),
      name: contest.title,
      formal_name: contest.title,
      start_time: isoTime(contest.startsAt),
      duration: reltime(contest.endsAt.getTime() - contest.startsAt.getTime()),
      scoreboard_freeze_duration: contest.freezeMinutes ? reltime(contest.freezeMinutes * 60_000) : null,
      scoreboard_type: scored ? 'score' : 'pass-fail',
      ...(scored ? {} : { penalty_time: contest.penaltyMinutes }),
    };
  }

  /** The contests the reader may read: a token its own, an admin every one, in the order they were made. */
  async contestsOf(reader: { contestId: number | null }): Promise<ClicsContest[]> {
    const contests =
      reader.contestId === null
        ? await this.dataSource.getRepository(ContestEntity).find({ order: { contestId: 'ASC' } })
        : [await this.contests.find(reader.contestId)];
    return contests.map((contest) => this.contestOf(contest));
  }

  judgementTypes() {
    return JUDGEMENT_TYPES;
  }

  apiInfo(): ClicsApiInfo {
    return { version: CLICS_VERSION, version_url: CLICS_VERSION_URL, provider: { name: 'Online Judge' } };
  }

  async accessOf(contestId: number): Promise<ClicsAccess> {
    return accessFor(this.contestOf(await this.contests.find(contestId)).scoreboard_type);
  }

  /**
   * A collection as the reader sees it, filtered on its ID properties (`filters`: an empty value matches a null or
   * missing one); other query parameters are not filters.
   */
  async collection(contestId: number, viewer: Viewer, name: ClicsCollection, filters: ClicsFilters = {}): Promise<object[]> {
    const items = this.itemsOf(await this.snapshot(contestId, viewer), name);
    const conditions = ID_FILTERS[name].filter((key) => typeof filters[key] === 'string').map((key) => [key, filters[key] as string]);
    return items.filter((item) => conditions.every(([key, value]) => String((item as Record<string, unknown>)[key] ?? '') === value));
  }

  /** One object of a collection as the reader sees it; 404 when the reader sees no object of that id. */
  async objectOf(contestId: number, viewer: Viewer, name: ClicsCollection, id: string): Promise<object> {
    const found = this.itemsOf(await this.snapshot(contestId, viewer), name).find((item) => item.id === id);
    if (!found) throw ApiException.notFound(`${SINGULAR[name]} not found`);
    return found;
  }

  private itemsOf(snapshot: ClicsSnapshot, name: ClicsCollection): { id: string }[] {
    if (name === 'judgement-types') return this.judgementTypes();
    if (name === 'languages') return snapshot.languages;
    return snapshot[name].map((timed: Timed<{ id: string }>) => timed.data);
  }

  /**
   * The contest's state now. `frozen` is when the public board froze; `finalized` and `end_of_updates` once it has
   * ended, any freeze is lifted and nothing waits for a judgement.
   */
  stateOf(contest: ContestEntity, now: Date, pending: boolean): ClicsState {
    const reached = (at: Date | null) => (at && at <= now ? isoTime(at) : null);
    const freezeAt = freezeStartsAt(contest.endsAt, contest.freezeMinutes);
    const ended = reached(contest.endsAt);
    // Results stay hidden until the unfreeze where the freeze hides any (an OI round's, freeze or not).
    const settled = ended && (!resultsHiddenFrom(contest) || contest.unfrozenAt) && !pending;
    const final = settled ? isoTime(new Date(Math.max(contest.endsAt.getTime(), contest.unfrozenAt?.getTime() ?? 0))) : null;
    return {
      started: reached(contest.startsAt),
      frozen: reached(freezeAt),
      ended,
      thawed: reached(contest.unfrozenAt),
      finalized: final,
      end_of_updates: final,
    };
  }

  async snapshot(contestId: number, viewer: Viewer): Promise<ClicsSnapshot> {
    const contest = await this.contests.find(contestId);
    const now = new Date();
    const [problems, teams, submissions, engine, clarifications] = await Promise.all([
      this.dataSource.query(
        `SELECT cp.problem_id, cp.label, cp.position, cp.points, p.title, p.cpu_time_limit, p.test_case_count, p.is_public,
                coalesce(array_agg(oc.ends_at) FILTER (WHERE oc.contest_id IS NOT NULL), '{}') AS other_ends
           FROM contest_problems cp JOIN problems p ON p.problem_id = cp.problem_id
           LEFT JOIN contest_problems ocp ON ocp.problem_id = cp.problem_id AND ocp.contest_id <> cp.contest_id
           LEFT JOIN contests oc ON oc.contest_id = ocp.contest_id
          WHERE cp.contest_id = $1
          GROUP BY cp.problem_id, cp.label, cp.position, cp.points, p.title, p.cpu_time_limit, p.test_case_count, p.is_public
          ORDER BY cp.position`,
        [contestId],
      ) as Promise<ProblemRow[]>,
      this.dataSource.query(
        `SELECT cp.id, u.username, cp.registered_at FROM contest_participations cp LEFT JOIN users u ON u.id = cp.user_id
          WHERE cp.contest_id = $1 AND cp.kind = 'official' ORDER BY cp.registered_at, cp.id`,
        [contestId],
      ) as Promise<TeamRow[]>,
      this.dataSource.query(
        `SELECT s.id, s.user_id, s.problem_id, s.participation_id, s.language_id, s.language_name, s.status,
                (s.result_summary ->> 'earnedPoints')::float8 AS earned_points,
                (s.result_summary ->> 'totalPoints')::float8 AS total_points, s.runtime_ms, s.test_case_results, s.frozen, s.created_at, s.started_at, s.finished_at, s.judge_round,
                s.rejudged_at
           FROM submissions s JOIN contest_participations cp ON cp.id = s.participation_id AND cp.kind = 'official'
          WHERE s.contest_id = $1 ORDER BY s.created_at, s.id`,
        [contestId],
      ) as Promise<SubmissionRowDb[]>,
      this.languages.list().catch(() => []),
      this.dataSource.query(
        `SELECT c.id, c.user_id AS "userId", cp.id AS "teamId", c.problem_label AS "problemLabel", c.question, c.answer,
                c.is_public AS "isPublic", c.created_at AS "createdAt", c.answered_at AS "answeredAt"
           FROM clarifications c
           LEFT JOIN contest_participations cp ON cp.contest_id = c.contest_id AND cp.user_id = c.user_id AND cp.kind = 'official'
          WHERE c.contest_id = $1 ORDER BY c.created_at, c.id`,
        [contestId],
      ) as Promise<ClarificationRowDb[]>,
    ]);
    const since = (at: Date) => reltime(at.getTime() - contest.startsAt.getTime());
    // The SPA's rules, for a reader who holds no seat in the contest: a guest reads its problems (titles, limits,
    // test counts) from the end on, each one unless another contest still hides it (canReadContestProblem), and
    // others' per-test results likewise (canSeeTestResults).
    const readable = (p: ProblemRow) =>
      canReadContestProblem(
        { isPublic: p.is_public },
        contestGate(contest),
        [],
        p.other_ends.map((endsAt) => ({ endsAt })),
        viewer,
        now,
      );
    const languages = new Map(engine.map((l) => [l.id, l.name]));
    for (const s of submissions) if (!languages.has(s.language_id)) languages.set(s.language_id, s.language_name);
    const snapshot: ClicsSnapshot = {
      contest,
      now,
      problems: problems.map((p) => {
        const open = readable(p);
        return {
          at: contest.updatedAt,
          data: {
            id: String(p.problem_id),
            label: p.label,
            // The label stands for a title the reader may not read yet, and 0 for its tests (the count is required).
            name: open ? p.title : p.label,
            ordinal: p.position,
            ...(open ? { time_limit: p.cpu_time_limit } : {}),
            test_data_count: open ? p.test_case_count : 0,
            ...(SCORED_FORMATS.has(contest.format) ? { max_score: p.points } : {}),
          },
        };
      }),
      teams: teams.map((t) => ({
        at: t.registered_at,
        data: { id: t.id, label: t.id, name: t.username ?? 'Deleted user', display_name: t.username ?? 'Deleted user', hidden: false },
      })),
      languages: [...languages].map(([id, name]) => ({ id: String(id), name, entry_point_required: false, extensions: [] })),
      submissions: [],
      judgements: [],
      runs: [],
      clarifications: [],
    };
    const worth = new Map(problems.map((p) => [p.problem_id, p.points]));
    for (const s of submissions) {
      snapshot.submissions.push({
        at: s.created_at,
        data: {
          id: s.id,
          language_id: String(s.language_id),
          problem_id: String(s.problem_id),
          team_id: s.participation_id,
          time: isoTime(s.created_at),
          contest_time: since(s.created_at),
          files: [],
        },
      });
      const visible = canSeeResult({ userId: s.user_id, frozen: s.frozen }, viewer);
      // A rejudge waiting for a worker began when it was asked for. A judgement whose result the reader may not see
      // began, for them, when it was asked for too: the instant its judging started (or ended) says how far it got.
      const asked = (s.judge_round ? s.rejudged_at : null) ?? s.created_at;
      const start = visible ? (s.started_at ?? asked) : asked;
      const judgement = judgementId(s.id, s.judge_round);
      const base = { id: judgement, submission_id: s.id, start_time: isoTime(start), start_contest_time: since(start) };
      const type = judgementTypeId(s.status);
      if (!type || !s.finished_at || !visible) {
        snapshot.judgements.push({ at: start, data: { ...base, judgement_type_id: null, end_time: null, end_contest_time: null } });
        continue;
      }
      const revealed = this.revealedAt(contest, s.created_at, s.finished_at);
      snapshot.judgements.push({
        at: revealed,
        data: {
          ...base,
          judgement_type_id: type,
          end_time: isoTime(s.finished_at),
          end_contest_time: since(s.finished_at),
          max_run_time: s.runtime_ms === null ? null : s.runtime_ms / 1000,
          // In contest points, as the problem's max_score is: never the submission's percent.
          ...(SCORED_FORMATS.has(contest.format) ? { score: judgementScore(s, worth.get(s.problem_id) ?? 0) } : {}),
        },
      });
      if (!canSeeTestResults({ userId: s.user_id }, contest, viewer, now)) continue;
      for (const test of s.test_case_results) {
        const runType = judgementTypeId(test.status);
        if (!runType) continue;
        snapshot.runs.push({
          at: revealed,
          data: {
            id: runId(judgement, test.index + 1),
            judgement_id: judgement,
            ordinal: test.index + 1,
            judgement_type_id: runType,
            time: isoTime(s.finished_at),
            contest_time: since(s.finished_at),
            run_time: (test.timeMs ?? 0) / 1000,
          },
        });
      }
    }
    const problemIds = new Map(snapshot.problems.map((p) => [p.data.label, p.data.id]));
    for (const c of clarifications) snapshot.clarifications.push(...this.clarificationsOf(c, contest, viewer, now, problemIds));
    return snapshot;
  }

  /**
   * A clarification row as CLICS clarifications the reader may read (the SPA's canSeeClarification, for a reader
   * who takes no part): the question (`<id>`), its answer replying to it (`<id>-a`), or a notice alone. The asker's
   * team only for those who may see the asker (canSeeClarificationAsker); a private answer goes to the asker's team.
   * Questions of askers on a virtual run are not the contest's: they have no team here.
   */
  private clarificationsOf(
    c: ClarificationRowDb,
    contest: ContestEntity,
    viewer: Viewer,
    now: Date,
    problemIds: Map<string, string>,
  ): Timed<ClicsClarification>[] {
    const access = { askerId: c.userId, isPublic: c.isPublic, answered: c.answer !== null };
    if (c.question !== null && !c.teamId) return [];
    if (!canSeeClarification(viewer, access, contest, false, now)) return [];
    const signed = canSeeClarificationAsker(viewer, access);
    const team = signed ? c.teamId : null;
    // Others than admins read it from the end on (they take no part): the feed sends it then, not back in time.
    const endsAt = contest.endsAt.getTime();
    const of = (id: string, text: string, at: Date, from: string | null, to: string | null, replyTo: string | null) => ({
      at: signed || at.getTime() >= endsAt ? at : contest.endsAt,
      data: {
        id,
        from_team_id: from,
        to_team_id: to,
        reply_to_id: replyTo,
        problem_id: c.problemLabel === null ? null : (problemIds.get(c.problemLabel) ?? null),
        text,
        time: isoTime(at),
        contest_time: reltime(at.getTime() - contest.startsAt.getTime()),
      },
    });
    const question = String(c.id);
    if (c.question === null) return c.answer === null ? [] : [of(question, c.answer, c.answeredAt ?? c.createdAt, null, null, null)];
    const asked = of(question, c.question, c.createdAt, team, null, null);
    if (c.answer === null) return [asked];
    return [asked, of(`${question}-a`, c.answer, c.answeredAt ?? c.createdAt, null, c.isPublic ? null : team, question)];
  }

  /**
   * When a judgement became visible to everyone: a result the freeze hid shows from the unfreeze on. The event feed
   * orders judgements by this instant, so a public reader that reconnects after the unfreeze is sent them again.
   * Every judgement here is an official one's (an OI round's are hidden from its start, with a freeze or without).
   */
  private revealedAt(contest: ContestEntity, created: Date, finished: Date): Date {
    if (!contest.unfrozenAt || !isHiddenOnPublicFold(contest, 'official', created)) return finished;
    return contest.unfrozenAt > finished ? contest.unfrozenAt : finished;
  }

  stateOfSnapshot(snapshot: ClicsSnapshot): ClicsState {
    return this.stateOf(
      snapshot.contest,
      snapshot.now,
      snapshot.judgements.some((j) => !j.data.end_time),
    );
  }

  /** The board the reader sees (ScoreboardService.viewOf: the public fold while frozen for them), as CLICS rows. */
  async scoreboard(contestId: number, viewer: Viewer): Promise<ClicsScoreboard> {
    const snapshot = await this.snapshot(contestId, viewer);
    const { contest, now } = snapshot;
    const rows = await this.scoreboards.officialRows(contest, this.scoreboards.viewOf(contest, viewer));
    const scored = SCORED_FORMATS.has(contest.format);
    return {
      time: isoTime(now),
      contest_time: reltime(now.getTime() - contest.startsAt.getTime()),
      state: this.stateOfSnapshot(snapshot),
      rows: rows.map((row) => ({
        rank: row.rank,
        team_id: row.participationId,
        score: scored ? { score: row.score } : { num_solved: row.solved, total_time: row.penalty },
        problems: snapshot.problems.map((p) => {
          const cell = row.cells[p.data.label];
          const counted = scored ? (cell?.score ?? 0) > 0 : !!cell?.solved;
          return {
            problem_id: p.data.id,
            num_judged: cell ? cell.attempts + (cell.solved ? 1 : 0) : 0,
            num_pending: cell?.pending ?? 0,
            ...(scored ? { score: cell?.score ?? 0 } : { solved: cell?.solved ?? false }),
            // Minutes into the contest, exactly when the problem counts (solved, or a score above 0).
            ...(counted ? { time: cell?.minute ?? 0 } : {}),
          };
        }),
      })),
    };
  }
}

/** The one version of the CLICS Contest API this judge speaks, and where it is specified. */
export const CLICS_VERSION = '2023-06';
export const CLICS_VERSION_URL = 'https://ccs-specs.icpc.io/2023-06/contest_api';

/** GET /api/clics: the API information. */
export interface ClicsApiInfo {
  version: typeof CLICS_VERSION;
  version_url: string;
  provider: { name: string };
}

/** GET .../access: what the reader may do (nothing: this API is read-only) and which endpoints and properties it serves. */
export interface ClicsAccess {
  capabilities: string[];
  endpoints: { type: string; properties: string[] }[];
}

/**
 * The CLICS Contest API (2023-06) objects this judge serves, as the specification names their fields: ids are
 * strings, times CLICS TIMEs (ISO 8601 with a timezone), durations RELTIMEs (`h:mm:ss.uuu`).
 */
export interface ClicsContest {
  id: string;
  name: string;
  formal_name: string;
  start_time: string | null;
  duration: string;
  scoreboard_freeze_duration: string | null;
  scoreboard_type: 'pass-fail' | 'score';
  /** Minutes per rejected try, on a pass-fail board only. */
  penalty_time?: number;
}

export interface ClicsLanguage {
  id: string;
  name: string;
  entry_point_required: boolean;
  extensions: string[];
}

export interface ClicsProblem {
  id: string;
  label: string;
  name: string;
  ordinal: number;
  /** Seconds; left out while the reader may not read the problem. */
  time_limit?: number;
  test_data_count: number;
  max_score?: number;
}

export interface ClicsTeam {
  id: string;
  label: string;
  name: string;
  display_name: string;
  hidden: boolean;
}

export interface ClicsFile {
  href: string;
  mime: string;
}

export interface ClicsSubmission {
  id: string;
  language_id: string;
  problem_id: string;
  team_id: string;
  time: string;
  contest_time: string;
  files: ClicsFile[];
}

export interface ClicsJudgement {
  id: string;
  submission_id: string;
  judgement_type_id: string | null;
  start_time: string;
  start_contest_time: string;
  end_time: string | null;
  end_contest_time: string | null;
  max_run_time?: number | null;
  score?: number;
}

export interface ClicsRun {
  id: string;
  judgement_id: string;
  ordinal: number;
  judgement_type_id: string;
  time: string;
  contest_time: string;
  run_time: number;
}

/** A question, an answer (replying to its question) or a notice; a team's id only where the reader may know it. */
export interface ClicsClarification {
  id: string;
  from_team_id: string | null;
  to_team_id: string | null;
  reply_to_id: string | null;
  problem_id: string | null;
  text: string;
  time: string;
  contest_time: string;
}

export interface ClicsState {
  started: string | null;
  frozen: string | null;
  ended: string | null;
  thawed: string | null;
  finalized: string | null;
  end_of_updates: string | null;
}

export interface ClicsScoreboardProblem {
  problem_id: string;
  num_judged: number;
  num_pending: number;
  /** Pass-fail boards. */
  solved?: boolean;
  /** Score boards. */
  score?: number;
  /** Minutes into the contest when the problem was solved (or scored above 0). */
  time?: number;
}

export interface ClicsScoreboardRow {
  rank: number;
  team_id: string;
  /** `num_solved` and `total_time` (penalty minutes) on a pass-fail board, `score` on a score board. */
  score: { num_solved?: number; total_time?: number; score?: number };
  problems: ClicsScoreboardProblem[];
}

export interface ClicsScoreboard {
  time: string;
  contest_time: string;
  state: ClicsState;
  rows: ClicsScoreboardRow[];
}

import type { ClicsAccess } from './clics-objects';

/**
 * The endpoints this judge serves under a contest, and the properties of their objects, as `access` lists them:
 * every property an object may carry and no other (a null one may be left out, as 2023-06 allows). A score board
 * (IOI, OI) adds the problems' and judgements' scores and has no penalty time.
 */
const COMMON: Record<string, string[]> = {
  contest: ['id', 'name', 'formal_name', 'start_time', 'duration', 'scoreboard_freeze_duration', 'scoreboard_type'],
  'judgement-types': ['id', 'name', 'penalty', 'solved'],
  languages: ['id', 'name', 'entry_point_required', 'extensions'],
  problems: ['id', 'label', 'name', 'ordinal', 'time_limit', 'test_data_count'],
  teams: ['id', 'label', 'name', 'display_name', 'hidden'],
  state: ['started', 'frozen', 'ended', 'thawed', 'finalized', 'end_of_updates'],
  submissions: ['id', 'language_id', 'problem_id', 'team_id', 'time', 'contest_time', 'files'],
  judgements: [
    'id',
    'submission_id',
    'judgement_type_id',
    'start_time',
    'start_contest_time',
    'end_time',
    'end_contest_time',
    'max_run_time',
  ],
  runs: ['id', 'judgement_id', 'ordinal', 'judgement_type_id', 'time', 'contest_time', 'run_time'],
  clarifications: ['id', 'from_team_id', 'to_team_id', 'reply_to_id', 'problem_id', 'text', 'time', 'contest_time'],
  scoreboard: ['time', 'contest_time', 'state', 'rows'],
  'event-feed': ['type', 'id', 'data', 'token'],
};

const BY_BOARD: Record<'pass-fail' | 'score', Record<string, string[]>> = {
  'pass-fail': { contest: ['penalty_time'] },
  score: { problems: ['max_score'], judgements: ['score'] },
};

/** The access of any reader of a contest with this kind of board: read-only, so no capability. */
export function accessFor(scoreboardType: 'pass-fail' | 'score'): ClicsAccess {
  const extra = BY_BOARD[scoreboardType];
  return {
    capabilities: [],
    endpoints: Object.entries(COMMON).map(([type, properties]) => ({ type, properties: [...properties, ...(extra[type] ?? [])] })),
  };
}

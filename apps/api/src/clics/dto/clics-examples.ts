import type { ApiResponseOptions } from '@nestjs/swagger';

/**
 * Examples of the CLICS objects the routes answer, for the OpenAPI document. Their shapes are the specification's
 * (2023-06), which apps/api/test/clics/clics-schemas.ts states as JSON schemas and the tests check every answer against.
 */
const CONTEST = {
  id: '3',
  name: 'Round 1',
  formal_name: 'Round 1',
  start_time: '2026-11-25T14:00:00.000Z',
  duration: '5:00:00.000',
  scoreboard_freeze_duration: '1:00:00.000',
  scoreboard_type: 'pass-fail',
  penalty_time: 20,
};
const TEAM = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const SUBMISSION = '7d9e0f1a-2b3c-4d5e-8f6a-7b8c9d0e1f2a';

const COLLECTIONS = {
  'judgement-types': [{ id: 'AC', name: 'Accepted', penalty: false, solved: true }],
  languages: [{ id: '71', name: 'Python (3.8.1)', entry_point_required: false, extensions: [] }],
  problems: [{ id: '12', label: 'A', name: 'Two sums', ordinal: 0, time_limit: 2, test_data_count: 10 }],
  teams: [{ id: TEAM, label: TEAM, name: 'ann', display_name: 'ann', hidden: false }],
  submissions: [
    {
      id: SUBMISSION,
      language_id: '71',
      problem_id: '12',
      team_id: TEAM,
      time: '2026-11-25T14:12:03.250Z',
      contest_time: '0:12:03.250',
      files: [],
    },
  ],
  judgements: [
    {
      id: SUBMISSION,
      submission_id: SUBMISSION,
      judgement_type_id: 'WA',
      start_time: '2026-11-25T14:12:04.000Z',
      start_contest_time: '0:12:04.000',
      end_time: '2026-11-25T14:12:06.500Z',
      end_contest_time: '0:12:06.500',
      max_run_time: 0.31,
    },
  ],
  runs: [
    {
      id: `${SUBMISSION.replace(/-/g, '')}-1`,
      judgement_id: SUBMISSION,
      ordinal: 1,
      judgement_type_id: 'WA',
      time: '2026-11-25T14:12:06.500Z',
      contest_time: '0:12:06.500',
      run_time: 0.31,
    },
  ],
  clarifications: [
    {
      id: '4',
      from_team_id: TEAM,
      to_team_id: null,
      reply_to_id: null,
      problem_id: '12',
      text: 'May the input be empty?',
      time: '2026-11-25T14:20:00.000Z',
      contest_time: '0:20:00.000',
    },
  ],
};

/** Each collection's object alone, as `/<collection>/<id>` answers it. */
const SINGLE_OBJECTS = {
  'judgement-type': COLLECTIONS['judgement-types'][0],
  language: COLLECTIONS.languages[0],
  problem: COLLECTIONS.problems[0],
  team: COLLECTIONS.teams[0],
  submission: COLLECTIONS.submissions[0],
  judgement: COLLECTIONS.judgements[0],
  run: COLLECTIONS.runs[0],
  clarification: COLLECTIONS.clarifications[0],
};

export const CLICS_EXAMPLES = {
  api: { version: '2023-06', version_url: 'https://ccs-specs.icpc.io/2023-06/contest_api', provider: { name: 'Online Judge' } },
  contests: [CONTEST],
  contest: CONTEST,
  access: {
    capabilities: [],
    endpoints: [
      {
        type: 'contest',
        properties: [
          'id',
          'name',
          'formal_name',
          'start_time',
          'duration',
          'scoreboard_freeze_duration',
          'scoreboard_type',
          'penalty_time',
        ],
      },
      { type: 'problems', properties: ['id', 'label', 'name', 'ordinal', 'time_limit', 'test_data_count'] },
    ],
  },
  ...COLLECTIONS,
  ...SINGLE_OBJECTS,
  state: {
    started: '2026-11-25T14:00:00.000Z',
    frozen: '2026-11-25T18:00:00.000Z',
    ended: null,
    thawed: null,
    finalized: null,
    end_of_updates: null,
  },
  scoreboard: {
    time: '2026-11-25T14:30:00.000Z',
    contest_time: '0:30:00.000',
    state: { started: '2026-11-25T14:00:00.000Z', frozen: null, ended: null, thawed: null, finalized: null, end_of_updates: null },
    rows: [
      {
        rank: 1,
        team_id: TEAM,
        score: { num_solved: 1, total_time: 32 },
        problems: [{ problem_id: '12', num_judged: 2, num_pending: 0, solved: true, time: 12 }],
      },
    ],
  },
} as const;

/** The OpenAPI answer of a CLICS route: a JSON object, or an array of them, with its example. */
export function clicsResponse(name: keyof typeof CLICS_EXAMPLES, description: string): ApiResponseOptions {
  const example = CLICS_EXAMPLES[name];
  const schema = Array.isArray(example) ? { type: 'array' as const, items: { type: 'object' as const } } : { type: 'object' as const };
  return { description, content: { 'application/json': { schema, example } } };
}

export const EVENT_FEED_EXAMPLE = [
  { type: 'contest', id: null, data: CLICS_EXAMPLES.contest, token: '0-0-contest' },
  { type: 'submissions', id: SUBMISSION, data: CLICS_EXAMPLES.submissions[0], token: `1764079923250-6-${SUBMISSION}` },
]
  .map((e) => JSON.stringify(e))
  .join('\n');

import Ajv, { type ValidateFunction } from 'ajv';

/**
 * JSON schemas of the CLICS Contest API objects (specification 2023-06, "Contest API"), written from its tables of
 * properties: each object's required fields and their types, ids (at most 36 characters of `[A-Za-z0-9_.-]`, not
 * starting with `-` or `.`), TIMEs (ISO 8601 with a timezone) and RELTIMEs (`(-)h:mm:ss(.uuu)`). Extra properties
 * are refused, so a misnamed field fails the test instead of passing unnoticed.
 */
const ID = { type: 'string', pattern: '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,35}$' };
const TIME = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?(Z|[+-]\\d{2}(:?\\d{2})?)$' };
const RELTIME = { type: 'string', pattern: '^-?(0|[1-9]\\d*):[0-5]\\d:[0-5]\\d(\\.\\d{3})?$' };
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

function object(required: Record<string, object>, optional: Record<string, object> = {}) {
  return { type: 'object', required: Object.keys(required), properties: { ...required, ...optional }, additionalProperties: false };
}

const STATE = object({
  started: nullable(TIME),
  frozen: nullable(TIME),
  ended: nullable(TIME),
  thawed: nullable(TIME),
  finalized: nullable(TIME),
  end_of_updates: nullable(TIME),
});

export const CLICS_SCHEMAS = {
  contest: object(
    {
      id: ID,
      name: { type: 'string' },
      start_time: nullable(TIME),
      duration: RELTIME,
      scoreboard_type: { enum: ['pass-fail', 'score'] },
      penalty_time: RELTIME,
    },
    { formal_name: { type: 'string' }, scoreboard_freeze_duration: nullable(RELTIME) },
  ),
  'judgement-types': object({ id: ID, name: { type: 'string' }, penalty: { type: 'boolean' }, solved: { type: 'boolean' } }),
  languages: object({
    id: ID,
    name: { type: 'string' },
    entry_point_required: { type: 'boolean' },
    extensions: { type: 'array', items: { type: 'string' } },
  }),
  problems: object(
    {
      id: ID,
      label: { type: 'string' },
      name: { type: 'string' },
      ordinal: { type: 'integer', minimum: 0 },
      time_limit: { type: 'number', exclusiveMinimum: 0 },
      test_data_count: { type: 'integer', minimum: 0 },
    },
    { max_score: { type: 'number' } },
  ),
  teams: object(
    { id: ID, name: { type: 'string' } },
    { label: { type: 'string' }, display_name: { type: 'string' }, hidden: { type: 'boolean' } },
  ),
  submissions: object({
    id: ID,
    language_id: ID,
    problem_id: ID,
    team_id: ID,
    time: TIME,
    contest_time: RELTIME,
    files: { type: 'array', items: object({ href: { type: 'string' }, mime: { type: 'string' } }) },
  }),
  judgements: object(
    {
      id: ID,
      submission_id: ID,
      judgement_type_id: nullable(ID),
      start_time: TIME,
      start_contest_time: RELTIME,
      end_time: nullable(TIME),
      end_contest_time: nullable(RELTIME),
    },
    { max_run_time: nullable({ type: 'number', minimum: 0 }), score: { type: 'number' } },
  ),
  runs: object({
    id: ID,
    judgement_id: ID,
    ordinal: { type: 'integer', minimum: 1 },
    judgement_type_id: ID,
    time: TIME,
    contest_time: RELTIME,
    run_time: { type: 'number', minimum: 0 },
  }),
  state: STATE,
  scoreboard: object({
    time: TIME,
    contest_time: RELTIME,
    state: STATE,
    rows: {
      type: 'array',
      items: object({
        rank: { type: 'integer', minimum: 1 },
        team_id: ID,
        score: object({}, { num_solved: { type: 'integer', minimum: 0 }, total_time: RELTIME, score: { type: 'number' }, time: RELTIME }),
        problems: {
          type: 'array',
          items: object(
            {
              problem_id: ID,
              num_judged: { type: 'integer', minimum: 0 },
              num_pending: { type: 'integer', minimum: 0 },
              solved: { type: 'boolean' },
            },
            { score: { type: 'number' }, time: RELTIME },
          ),
        },
      }),
    },
  }),
  /** A notification of the event feed. */
  event: object({
    type: { enum: ['contest', 'judgement-types', 'languages', 'problems', 'teams', 'state', 'submissions', 'judgements', 'runs'] },
    id: nullable(ID),
    data: { type: ['object', 'array', 'null'] },
    token: { type: 'string' },
  }),
} as const;

export type ClicsSchemaName = keyof typeof CLICS_SCHEMAS;

const ajv = new Ajv({ allErrors: true, allowUnionTypes: true });
const validators = new Map<ClicsSchemaName, ValidateFunction>(
  (Object.keys(CLICS_SCHEMAS) as ClicsSchemaName[]).map((name) => [name, ajv.compile(CLICS_SCHEMAS[name])]),
);

/** The schema's errors for `value` (an object, or each item of an array), as readable lines; empty when it fits. */
export function schemaErrors(name: ClicsSchemaName, value: unknown): string[] {
  const validate = validators.get(name) as ValidateFunction;
  return (Array.isArray(value) ? value : [value]).flatMap((item, i) =>
    validate(item) ? [] : (validate.errors ?? []).map((e) => `${name}[${i}]${e.instancePath} ${e.message}`),
  );
}

import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * JSON schemas of the CLICS Contest API 2023-06, written from its text ("Contest API", 2023-06: the tables of
 * properties, "JSON property types", the scoreboard and notification formats) with the same constraints as the
 * specification's own schemas: integers where it says integer (the contest's `penalty_time`, the scoreboard's
 * `total_time` and `time` are minutes), RELTIMEs and TIMEs as its patterns say, `penalty_time` only on a pass-fail
 * board, a judgement's type and end together, a problem cell's `time` exactly when it counts. Stricter in one way:
 * extra properties are refused, so a misnamed field fails instead of passing unnoticed.
 *
 * The specification's repository (icpc/ccs-specs) carries no licence, so its schema files are not copied here. A
 * developer who has them can check against them too: CLICS_SCHEMA_DIR=<ccs-specs at 2023-06>/json-schema.
 */
const ID = { type: 'string', pattern: '^[A-Za-z0-9_]([A-Za-z0-9_.-]{0,34}[A-Za-z0-9_-])?$' };
const TIME = {
  type: 'string',
  pattern: '^[12][0-9]{3}-[01][0-9]-[0-3][0-9]T[0-2][0-9]:[0-6][0-9]:[0-6][0-9](\\.[0-9]{3})?([+-][01][0-9](:[0-5][0-9])?|Z)$',
};
const RELTIME = { type: 'string', pattern: '^-?([1-9][0-9]*)?[0-9]:[0-5][0-9]:[0-5][0-9](\\.[0-9]{3})?$' };
const POSRELTIME = { type: 'string', pattern: '^([1-9][0-9]*)?[0-9]:[0-5][0-9]:[0-5][0-9](\\.[0-9]{3})?$' };
const MINUTES = { type: 'integer', minimum: 0 };
const SECONDS = { type: 'number', minimum: 0, multipleOf: 0.001 };
const nullable = (schema: object) => ({ oneOf: [schema, { type: 'null' }] });
const JUDGEMENT_TYPE_IDS = {
  enum: [
    ...['AC', 'RE', 'WA', 'TLE', 'RTE', 'CE', 'APE', 'OLE', 'PE', 'EO', 'IO', 'NO', 'WTL', 'ILE', 'TCO', 'TWA', 'TPE', 'TEO', 'TIO'],
    ...['TNO', 'MLE', 'SV', 'IF', 'RCO', 'RWA', 'RPE', 'REO', 'RIO', 'RNO', 'CTL', 'JE', 'SE', 'CS'],
  ],
};
const ENDPOINT_TYPES = [
  ...['contest', 'judgement-types', 'languages', 'problems', 'groups', 'organizations', 'persons', 'accounts', 'teams', 'state'],
  ...['submissions', 'judgements', 'runs', 'clarifications', 'awards', 'commentary', 'scoreboard', 'event-feed'],
];

function object(required: Record<string, object>, optional: Record<string, object> = {}, more: object = {}) {
  return {
    type: 'object',
    required: Object.keys(required),
    properties: { ...required, ...optional },
    additionalProperties: false,
    ...more,
  };
}

const STATE = object(
  { started: nullable(TIME), ended: nullable(TIME), finalized: nullable(TIME), end_of_updates: nullable(TIME) },
  { frozen: nullable(TIME), thawed: nullable(TIME) },
);

const FILE = object({ href: { type: 'string' }, mime: { type: 'string' } }, { filename: { type: 'string' }, hash: { type: 'string' } });

export const CLICS_SCHEMAS = {
  api: object({
    version: { const: '2023-06' },
    version_url: { type: 'string' },
    provider: object({ name: { type: 'string' } }, { version: { type: 'string' } }),
  }),
  access: object({
    capabilities: {
      type: 'array',
      uniqueItems: true,
      items: {
        enum: ['contest_start', 'contest_thaw', 'team_submit', 'team_clar', 'proxy_submit', 'proxy_clar', 'admin_submit', 'admin_clar'],
      },
    },
    endpoints: {
      type: 'array',
      uniqueItems: true,
      items: object({
        type: { enum: ENDPOINT_TYPES },
        properties: {
          type: 'array',
          uniqueItems: true,
          minItems: 1,
          items: { type: 'string', pattern: '^([a-z][a-z0-9_]*)(\\.[a-z][a-z0-9_]*)*$' },
        },
      }),
    },
  }),
  contest: object(
    { id: ID, name: { type: 'string' }, duration: POSRELTIME, scoreboard_type: { enum: ['pass-fail', 'score'] } },
    {
      formal_name: { type: 'string' },
      start_time: nullable(TIME),
      scoreboard_freeze_duration: nullable(POSRELTIME),
      penalty_time: MINUTES,
    },
    {
      if: { properties: { scoreboard_type: { const: 'pass-fail' } } },
      then: { required: ['penalty_time'] },
      else: { not: { required: ['penalty_time'] } },
    },
  ),
  'judgement-types': object(
    { id: JUDGEMENT_TYPE_IDS, name: { type: 'string' }, solved: { type: 'boolean' } },
    { penalty: { type: 'boolean' } },
  ),
  languages: object({
    id: ID,
    name: { type: 'string' },
    entry_point_required: { const: false },
    extensions: { type: 'array', uniqueItems: true, items: { type: 'string' } },
  }),
  problems: object(
    {
      id: ID,
      label: { type: 'string' },
      name: { type: 'string' },
      ordinal: { type: 'integer' },
      test_data_count: { type: 'integer', minimum: 0 },
    },
    { time_limit: SECONDS, max_score: { type: 'number' } },
  ),
  teams: object(
    { id: ID, name: { type: 'string' }, label: { type: 'string' } },
    { display_name: nullable({ type: 'string' }), hidden: nullable({ type: 'boolean' }) },
  ),
  submissions: object({
    id: ID,
    language_id: ID,
    problem_id: ID,
    team_id: ID,
    time: TIME,
    contest_time: RELTIME,
    files: { type: 'array', uniqueItems: true, items: FILE },
  }),
  judgements: object(
    { id: ID, submission_id: ID, start_time: TIME, start_contest_time: RELTIME },
    {
      judgement_type_id: nullable(JUDGEMENT_TYPE_IDS),
      end_time: nullable(TIME),
      end_contest_time: nullable(RELTIME),
      max_run_time: nullable(SECONDS),
      score: { type: 'number', minimum: 0 },
    },
    {
      // Judged: a type and both ends; not yet: none of them.
      oneOf: [
        {
          properties: { judgement_type_id: JUDGEMENT_TYPE_IDS, end_time: TIME, end_contest_time: RELTIME },
          required: ['judgement_type_id', 'end_time', 'end_contest_time'],
        },
        { properties: { judgement_type_id: { type: 'null' }, end_time: { type: 'null' }, end_contest_time: { type: 'null' } } },
      ],
    },
  ),
  runs: object(
    {
      id: ID,
      judgement_id: ID,
      ordinal: { type: 'integer', minimum: 1 },
      judgement_type_id: JUDGEMENT_TYPE_IDS,
      time: TIME,
      contest_time: RELTIME,
    },
    { run_time: SECONDS },
  ),
  clarifications: object(
    { id: ID, text: { type: 'string' }, time: TIME, contest_time: RELTIME },
    { from_team_id: nullable(ID), to_team_id: nullable(ID), reply_to_id: nullable(ID), problem_id: nullable(ID) },
    // From a team or to one, never both.
    { not: { properties: { from_team_id: ID, to_team_id: ID }, required: ['from_team_id', 'to_team_id'] } },
  ),
  state: STATE,
  scoreboard: object({
    time: TIME,
    contest_time: RELTIME,
    state: STATE,
    rows: {
      type: 'array',
      items: object(
        {
          rank: { type: 'integer', minimum: 1 },
          team_id: ID,
          score: object(
            {},
            { num_solved: MINUTES, total_time: MINUTES, score: { type: 'number' }, time: MINUTES },
            {
              oneOf: [
                { required: ['num_solved', 'total_time'], not: { required: ['score'] } },
                { required: ['score'], not: { anyOf: [{ required: ['num_solved'] }, { required: ['total_time'] }] } },
              ],
            },
          ),
        },
        {
          problems: {
            type: 'array',
            items: object(
              { problem_id: ID, num_judged: { type: 'integer', minimum: 0 }, num_pending: { type: 'integer', minimum: 0 } },
              { solved: { type: 'boolean' }, score: { type: 'number', minimum: 0 }, time: MINUTES },
              {
                oneOf: [{ required: ['solved'] }, { required: ['score'] }],
                // `time` exactly when the problem counts: solved, or scored above 0.
                if: {
                  anyOf: [
                    { properties: { solved: { const: true } }, required: ['solved'] },
                    { properties: { score: { type: 'number', exclusiveMinimum: 0 } }, required: ['score'] },
                  ],
                },
                then: { required: ['time'] },
                else: { not: { required: ['time'] } },
              },
            ),
          },
        },
      ),
    },
  }),
  /** A notification of the event feed. */
  event: object(
    { type: { enum: ENDPOINT_TYPES }, id: nullable(ID), data: { type: ['object', 'array', 'null'] } },
    { token: nullable({ type: 'string' }) },
  ),
} as const;

export type ClicsSchemaName = keyof typeof CLICS_SCHEMAS;

const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true, multipleOfPrecision: 9 });
const validators = new Map<ClicsSchemaName, ValidateFunction>(
  (Object.keys(CLICS_SCHEMAS) as ClicsSchemaName[]).map((name) => [name, ajv.compile(CLICS_SCHEMAS[name])]),
);

/** The specification's own schema file of each object, where CLICS_SCHEMA_DIR holds them. */
const OFFICIAL_FILES: Record<ClicsSchemaName, string> = {
  api: 'api_information.json',
  access: 'access.json',
  contest: 'contest.json',
  'judgement-types': 'judgement-type.json',
  languages: 'language.json',
  problems: 'problem.json',
  teams: 'team.json',
  submissions: 'submission.json',
  judgements: 'judgement.json',
  runs: 'run.json',
  clarifications: 'clarification.json',
  state: 'state.json',
  scoreboard: 'scoreboard.json',
  event: 'event-feed.json',
};

function officialValidators(dir: string | undefined): Map<ClicsSchemaName, ValidateFunction> {
  if (!dir) return new Map();
  const official = new Ajv2020({ allErrors: true, allowUnionTypes: true, strict: false, multipleOfPrecision: 9 });
  const ids = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    official.addSchema(schema);
    ids.set(file, schema.$id);
  }
  return new Map(
    (Object.keys(OFFICIAL_FILES) as ClicsSchemaName[]).map((name) => [
      name,
      official.getSchema(ids.get(OFFICIAL_FILES[name]) as string) as ValidateFunction,
    ]),
  );
}

const official = officialValidators(process.env.CLICS_SCHEMA_DIR);

/**
 * The schema's errors for `value` (an object, or each item of an array), as readable lines; empty when it fits,
 * and when CLICS_SCHEMA_DIR is set, fits the specification's own schema too.
 */
export function schemaErrors(name: ClicsSchemaName, value: unknown): string[] {
  const checks = [validators.get(name), official.get(name)].filter((v): v is ValidateFunction => !!v);
  return (Array.isArray(value) ? value : [value]).flatMap((item, i) =>
    checks.flatMap((validate, which) =>
      validate(item) ? [] : (validate.errors ?? []).map((e) => `${which ? 'official ' : ''}${name}[${i}]${e.instancePath} ${e.message}`),
    ),
  );
}

import { FuzzRequest } from './fuzz-client';
import { hostileBodies, hostileJsonValues, hostileUrlValues, toJsonText } from './hostile-values';
import { OpenApi, Operation, Parameter, Schema } from './openapi-operations';

export type Role = 'guest' | 'user' | 'admin';

/** Made once: the same for every operation and role, with a 2 MB body and a 100,000-object array among them. */
const HOSTILE_BODIES = hostileBodies();

export interface FuzzCase {
  label: string;
  request: Omit<FuzzRequest, 'token'>;
}

/** Valid values the document cannot express (existing ids, matching passwords), by schema or parameter name. */
export interface Baselines {
  body(schemaName: string): Record<string, unknown> | undefined;
  pathParam(op: Operation, name: string): string;
  queryParam(op: Operation, param: Parameter): string | undefined;
}

type PropertyPath = (string | number)[];

/** A value the schema accepts, from its example, default or enum, else the simplest value of its type. */
export function exampleValue(api: OpenApi, schema: Schema): unknown {
  const s = api.resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'number':
    case 'integer':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 0) }, () => exampleValue(api, s.items ?? {}));
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, exampleValue(api, v)]));
    default:
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return new Date().toISOString();
      return 'x'.repeat(Math.max(4, s.minLength ?? 0));
  }
}

/** Every property of a body schema, and the properties of the objects in its lists (the first element's). */
function propertyPaths(api: OpenApi, schema: Schema, prefix: PropertyPath = []): PropertyPath[] {
  return Object.entries(api.resolve(schema).properties ?? {}).flatMap(([name, prop]) => {
    const resolved = api.resolve(prop);
    const items = resolved.type === 'array' && resolved.items ? api.resolve(resolved.items) : undefined;
    const own: PropertyPath = [...prefix, name];
    return items?.properties && prefix.length === 0 ? [own, ...propertyPaths(api, items, [...own, 0])] : [own];
  });
}

function withValue(body: Record<string, unknown>, path: PropertyPath, value: unknown, remove = false): Record<string, unknown> {
  const copy = structuredClone(body);
  let target = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    if (typeof target[key] !== 'object' || target[key] === null) target[key] = typeof key === 'number' ? [] : {};
    target = target[key] as Record<string | number, unknown>;
  }
  const last = path[path.length - 1];
  if (remove) delete target[last];
  else target[last] = value;
  return copy;
}

/** The cases of one operation: its valid request first, then one hostile change at a time. */
export function fuzzCases(api: OpenApi, op: Operation, baselines: Baselines, random: () => number): FuzzCase[] {
  const pathValues = Object.fromEntries(
    op.parameters.filter((p) => p.in === 'path').map((p) => [p.name, encodeURIComponent(baselines.pathParam(op, p.name))]),
  );
  const queryValues: Record<string, string> = {};
  for (const p of op.parameters.filter((q) => q.in === 'query')) {
    const value = baselines.queryParam(op, p);
    if (value !== undefined) queryValues[p.name] = encodeURIComponent(value);
  }
  const url = (path: Record<string, string>, query: [string, string][]) =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name]) +
    (query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
  const baseQuery = Object.entries(queryValues);
  const json = op.body?.mediaType === 'application/json';
  const baseBody = json
    ? (baselines.body(op.body!.schemaName) ?? (exampleValue(api, op.body!.schema) as Record<string, unknown>))
    : undefined;
  // Its text is made when the case is sent: the cases are made for each role, and most are then sampled away.
  const jsonBody = (value: unknown) => ({
    get raw() {
      return toJsonText(value);
    },
    contentType: 'application/json',
  });
  const request = (changes: Partial<FuzzCase['request']>): FuzzCase['request'] => ({
    method: op.method,
    url: url(pathValues, baseQuery),
    body: baseBody ? jsonBody(baseBody) : undefined,
    ...changes,
  });

  const cases: FuzzCase[] = [{ label: 'valid request', request: request({}) }];
  for (const p of op.parameters) {
    for (const v of hostileUrlValues(random)) {
      const changed =
        p.in === 'path'
          ? url({ ...pathValues, [p.name]: v.value }, baseQuery)
          : url(pathValues, [...baseQuery.filter(([k]) => k !== p.name), [p.name, v.value]]);
      cases.push({ label: `${p.in} ${p.name} = ${v.label}`, request: request({ url: changed }) });
    }
    if (p.in === 'query') {
      cases.push({
        label: `query ${p.name} repeated`,
        request: request({ url: url(pathValues, [...baseQuery, [p.name, '1'], [p.name, '2']]) }),
      });
      cases.push({ label: `query ${p.name}[a]`, request: request({ url: url(pathValues, [...baseQuery, [`${p.name}[a]`, '1']]) }) });
    }
  }
  cases.push({
    label: 'extra query parameters',
    request: request({ url: url(pathValues, [...baseQuery, ['extra', '1'], ['__proto__', 'x']]) }),
  });

  if (baseBody) {
    for (const path of propertyPaths(api, op.body!.schema)) {
      const name = path.join('.');
      cases.push({ label: `body ${name} missing`, request: request({ body: jsonBody(withValue(baseBody, path, undefined, true)) }) });
      for (const v of hostileJsonValues(random))
        cases.push({ label: `body ${name} = ${v.label}`, request: request({ body: jsonBody(withValue(baseBody, path, v.value)) }) });
    }
    cases.push({ label: 'body with extra fields', request: request({ body: jsonBody({ ...baseBody, extra: 1, role: 'admin', id: 1 }) }) });
    cases.push({ label: 'body {}', request: request({ body: jsonBody({}) }) });
  }
  if (op.body) {
    for (const b of HOSTILE_BODIES)
      cases.push({
        label: `whole body: ${b.label}`,
        request: request({ body: { raw: b.raw, contentType: b.contentType ?? 'application/json' } }),
      });
  }
  if (op.body?.mediaType === 'multipart/form-data') cases.push(...multipartCases(op, request));
  return cases;
}

/** The ZIP upload: the file missing, not a ZIP, under another name, doubled, and hostile text fields. */
function multipartCases(op: Operation, request: (changes: Partial<FuzzCase['request']>) => FuzzCase['request']): FuzzCase[] {
  const form = (fields: [string, string | Blob][]) => {
    const data = new FormData();
    for (const [k, v] of fields) {
      if (v instanceof Blob) data.append(k, v, 'tests.zip');
      else data.append(k, v);
    }
    return data;
  };
  const notZip = new Blob(['not a zip']);
  const variants: [string, [string, string | Blob][]][] = [
    ['no file', [['trimWhitespace', 'true']]],
    ['not a ZIP', [['file', notZip]]],
    ['file under another name', [['upload', notZip]]],
    [
      'two files',
      [
        ['file', notZip],
        ['file', notZip],
      ],
    ],
    [
      'trimWhitespace = yes',
      [
        ['file', notZip],
        ['trimWhitespace', 'yes'],
      ],
    ],
    [
      'trimWhitespace huge',
      [
        ['file', notZip],
        ['trimWhitespace', 'x'.repeat(100_000)],
      ],
    ],
    ['many fields', [['file', notZip], ...Array.from({ length: 50 }, (_, i): [string, string] => [`f${i}`, 'x'])]],
    [
      'nested field names',
      [
        ['file', notZip],
        ['a[b][c][d][e][f]', 'x'],
      ],
    ],
  ];
  return variants.map(([label, fields]) => ({ label: `multipart: ${label}`, request: request({ body: form(fields) }) }));
}

/** A seeded sample of the cases, in their order. */
export function sampleCases(cases: FuzzCase[], random: () => number, count: number): FuzzCase[] {
  const picked = new Set<number>();
  while (picked.size < Math.min(count, cases.length)) picked.add(Math.floor(random() * cases.length));
  return [...picked].sort((a, b) => a - b).map((i) => cases[i]);
}

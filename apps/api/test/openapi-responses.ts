import { readFileSync } from 'fs';

import { OPENAPI_PATH } from './robustness/fuzz/openapi-operations';

/** The JSON Schema the API's OpenAPI document uses for responses. */
interface ResponseSchema {
  $ref?: string;
  allOf?: ResponseSchema[];
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  items?: ResponseSchema;
  properties?: Record<string, ResponseSchema>;
  additionalProperties?: ResponseSchema | boolean;
  required?: string[];
}

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: ResponseSchema }> }> }>>;
  components: { schemas: Record<string, ResponseSchema> };
}

const doc: Document = JSON.parse(readFileSync(OPENAPI_PATH, 'utf8'));

const resolve = (schema: ResponseSchema): ResponseSchema =>
  schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop() as string]) : schema;

function typeErrors(value: unknown, type: string | undefined, where: string): string[] {
  const ok: Record<string, (v: unknown) => boolean> = {
    string: (v) => typeof v === 'string',
    number: (v) => typeof v === 'number' && Number.isFinite(v),
    integer: (v) => Number.isInteger(v),
    boolean: (v) => typeof v === 'boolean',
    array: Array.isArray,
    object: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  };
  return !type || ok[type]?.(value) ? [] : [`${where}: ${JSON.stringify(value)} is not ${type}`];
}

/** Where `value` departs from `schema`: a wrong type, a missing required field, or a field the document does not name. */
function mismatches(value: unknown, raw: ResponseSchema, where: string): string[] {
  const schema = resolve(raw);
  if (value === null) return schema.nullable ? [] : [`${where}: null, not nullable`];
  if (schema.allOf) return schema.allOf.flatMap((part) => mismatches(value, part, where));
  const wrongType = typeErrors(value, schema.type, where);
  if (wrongType.length) return wrongType;
  if (schema.enum && !schema.enum.includes(value)) return [`${where}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`];
  if (schema.format === 'date-time' && Number.isNaN(Date.parse(value as string))) return [`${where}: ${value} is not a date-time`];
  if (Array.isArray(value)) return value.flatMap((item, i) => (schema.items ? mismatches(item, schema.items, `${where}[${i}]`) : []));
  if (typeof value !== 'object') return [];
  const record = value as Record<string, unknown>;
  const missing = (schema.required ?? []).filter((name) => record[name] === undefined).map((name) => `${where}.${name}: missing`);
  const fields = Object.entries(record).flatMap(([name, field]) => {
    const declared = schema.properties?.[name];
    if (declared) return mismatches(field, declared, `${where}.${name}`);
    if (typeof schema.additionalProperties === 'object') return mismatches(field, schema.additionalProperties, `${where}.${name}`);
    return schema.properties ? [`${where}.${name}: not in the document`] : [];
  });
  return [...missing, ...fields];
}

/**
 * How a response body departs from what the OpenAPI document says `method path` answers with `status` (path as the
 * document writes it, `/api/contests/{contestId}`); an empty list when it matches.
 */
export function responseMismatches(method: string, path: string, status: number, body: unknown): string[] {
  const response = doc.paths[path]?.[method.toLowerCase()]?.responses[String(status)];
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) return [`${method} ${path} ${status}: no documented JSON response`];
  return mismatches(body, schema, 'body');
}

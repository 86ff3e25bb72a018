import { readFileSync } from 'fs';
import { join } from 'path';

type Schema = {
  $ref?: string;
  example?: unknown;
  examples?: unknown;
  type?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  oneOf?: Schema[];
};
type Media = { schema?: Schema; example?: unknown; examples?: unknown };
type Operation = {
  operationId: string;
  security?: unknown[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

const document = JSON.parse(readFileSync(join(__dirname, '../../../../libs/api-client/openapi.json'), 'utf8'));
const schemas: Record<string, Schema> = document.components.schemas;
const operations: { key: string; op: Operation }[] = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path} (${op.operationId})`, op })),
);

/** A schema shows an example when it has one, or when everything it is made of does (every property, recursively). */
function exemplified(schema: Schema | undefined, seen = new Set<string>()): boolean {
  if (!schema) return false;
  if (schema.example !== undefined || schema.examples !== undefined) return true;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    if (seen.has(name)) return true;
    return exemplified(schemas[name], new Set(seen).add(name));
  }
  if (schema.allOf) return schema.allOf.every((s) => exemplified(s, seen));
  if (schema.oneOf) return schema.oneOf.every((s) => exemplified(s, seen));
  if (schema.type === 'array') return exemplified(schema.items, seen);
  const properties = Object.values(schema.properties ?? {});
  return properties.length > 0 && properties.every((p) => exemplified(p, seen));
}

const hasExample = (media: Media) => media.example !== undefined || media.examples !== undefined || exemplified(media.schema);

/** Operations open to everyone: the auth guard's metadata is not in the document, so they are named here. */
const PUBLIC = [
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/problems',
  'GET /api/problems/{problemId}',
  'GET /api/problems/algorithms',
  'GET /api/announcements',
  'GET /api/languages',
  'GET /api/users/{username}/dashboard',
];

describe('the exported OpenAPI document (libs/api-client/openapi.json)', () => {
  it('has an example for every request body and every successful response body of every operation', () => {
    const without = operations.flatMap(({ key, op }) => {
      const gaps: string[] = [];
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {}))
        if (!hasExample(media)) gaps.push(`${key}: request ${type}`);
      const success = Object.entries(op.responses).filter(([status]) => status.startsWith('2'));
      if (!success.length) gaps.push(`${key}: no success response documented`);
      for (const [status, response] of success) {
        for (const [type, media] of Object.entries(response.content ?? {}))
          if (!hasExample(media)) gaps.push(`${key}: response ${status} ${type}`);
      }
      // Only a 204 (a deletion) may have nothing to show.
      const bodiless = success.every(([status, r]) => status === '204' && !r.content);
      if (!op.requestBody && !bodiless && !success.some(([, r]) => r.content)) gaps.push(`${key}: nothing to show an example of`);
      return gaps;
    });
    expect(without).toEqual([]);
  });

  it('shows the lock only on operations that need a token', () => {
    const locked = new Set(operations.filter(({ op }) => op.security?.length).map(({ key }) => key.replace(/ \(.*\)$/, '')));
    for (const route of PUBLIC) {
      expect(operations.some(({ key }) => key.startsWith(`${route} `))).toBe(true);
      expect(locked.has(route)).toBe(false);
    }
    expect(locked.has('POST /api/submissions')).toBe(true);
    expect(locked.has('POST /api/admin/queue-board/session')).toBe(true);
  });

  it('explains on the docs page how to get a token and call the API with curl', () => {
    const description: string = document.info.description;
    expect(description).toContain('curl -s -X POST https://judge.example.com/api/auth/login');
    expect(description).toContain('Authorization: Bearer $TOKEN');
    expect(description).toContain('/api/auth/refresh');
  });
});

import { Type } from '@nestjs/common';
import { INTERCEPTORS_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import { bearer, buildZip, createAdmin, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { MAX_STATEMENT_BYTES, MAX_TEST_DATA_BYTES } from '@oj/contracts';
import { UserEntity } from '@oj/db';
import { request as httpRequest } from 'http';
import type { AddressInfo, Server } from 'net';
import { DataSource } from 'typeorm';

import { JsonBodyInterceptor } from '../../src/common/request-body/json-body.interceptor';

/**
 * Sends the headers of a request announcing `declaredLength` bytes of JSON and only a few of them. A route that
 * refuses the caller before reading the body answers at once; one that reads first would wait for ever.
 */
function answerWithoutBody(
  server: Server,
  method: string,
  path: string,
  session?: TestSession,
): Promise<{ status: number; body: { code?: string } }> {
  const declaredLength = 60 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { 'Content-Type': 'application/json', 'Content-Length': declaredLength };
    if (session) headers.Authorization = `Bearer ${session.accessToken}`;
    const req = httpRequest({ port: (server.address() as AddressInfo).port, method, path, headers });
    req.on('response', (res) => {
      let data = '';
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) });
      });
    });
    req.on('error', reject);
    req.write('{"title":"');
  });
}

/** Text of exactly `bytes` bytes in short lines, like real test data. */
function lines(bytes: number): string {
  return '12345 67890\n'.repeat(Math.ceil(bytes / 12)).slice(0, bytes);
}

describe('request bodies: small by default, large only for those allowed to send them', () => {
  let t: TestApp;
  let server: Server;
  let admin: TestSession;
  let user: TestSession;
  let author: TestSession;
  let authorsProblemId: number;
  let adminsProblemId: number;

  beforeAll(async () => {
    t = await createTestApp();
    server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    admin = await createAdmin(t);
    user = await registerUser(t);
    // An author who is not an admin: a former admin who created a problem and was demoted.
    author = await createAdmin(t);
    authorsProblemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(author))
        .send(problemBody())
        .expect(201)
    ).body.problemId;
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: author.user.id }, { role: 'user' });
    adminsProblemId = (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ isPublic: false }))
        .expect(201)
    ).body.problemId;
  }, 60_000);
  afterAll(() => t.close());

  it('reads a JSON body on exactly the routes that take one (a @Body parameter)', () => {
    const routes = [...t.app.get(ModulesContainer).values()]
      .flatMap((m) => [...m.controllers.values()].map((controller) => controller.metatype as Type))
      .flatMap((metatype) =>
        Object.getOwnPropertyNames(metatype.prototype)
          .filter((name) => name !== 'constructor' && Reflect.hasMetadata(PATH_METADATA, metatype.prototype[name]))
          .map((name) => {
            const handler = metatype.prototype[name];
            const args: Record<string, unknown> = Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {};
            const interceptors: unknown[] = Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? [];
            return {
              route: `${metatype.name}.${name}`,
              takesBody: Object.keys(args).some((key) => key.startsWith(`${RouteParamtypes.BODY}:`)),
              readsJson: interceptors.some((i) => i instanceof JsonBodyInterceptor),
            };
          }),
      );
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.takesBody !== r.readsJson)).toEqual([]);
    expect(routes.filter((r) => r.takesBody).length).toBeGreaterThan(15);
  });

  it('answers a 30 MB [{},{},…] login body with 413 instead of parsing it', async () => {
    const body = `[${Array(10 * 1024 * 1024)
      .fill('{}')
      .join(',')}]`;
    expect(body.length).toBeGreaterThan(30 * 1000 * 1000);
    const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  }, 60_000);

  it('answers bodies over 1 MB on ordinary routes with 413, even for admins', async () => {
    const res = await t
      .http()
      .post('/api/announcements')
      .set(...bearer(admin))
      .send({ title: 'big', body: 'x'.repeat(1024 * 1024) })
      .expect(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it.each([
    ['an object', `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`],
    ['an array', `{"usernameOrEmail":${'['.repeat(5000)}${']'.repeat(5000)},"password":"x"}`],
  ])('answers JSON nested 5,000 levels deep in %s with 400', async (_, body) => {
    const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers deep nesting inside a problem with 400, for admins too', async () => {
    const deep = JSON.parse(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    const res = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody({ samples: deep }))
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['an array of credentials', JSON.stringify([{ usernameOrEmail: 'a', password: 'b' }])],
    ['a list of 1,000 empty objects', JSON.stringify(Array(1000).fill({}))],
    ['a list of 100,000 empty objects', JSON.stringify(Array(100_000).fill({}))],
  ])('answers %s where an object is expected with 400', async (_, body) => {
    const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers a JSON string or number body with 400', async () => {
    for (const body of ['"text"', '42', 'null']) {
      const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send(body).expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers text with a lone surrogate (valid JSON, not storable Unicode) with 400', async () => {
    const body = '{"username":"ab_cd","email":"a\\ud800@example.com","password":"password123","confirmPassword":"password123"}';
    const res = await t.http().post('/api/auth/register').set('Content-Type', 'application/json').send(body).expect(400);
    expect(res.body.code).toBe('VALIDATION_ERROR');
  });

  it('answers "samples": null and other nulls with 400 naming the field', async () => {
    for (const field of ['samples', 'tags', 'algorithms', 'isPublic', 'cpuTimeLimit', 'memoryLimit', 'inputFormat', 'testCases']) {
      const res = await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ [field]: null }));
      expect({ field, status: res.status, path: res.body.details?.[0]?.path }).toEqual({ field, status: 400, path: field });
    }
  });

  it('takes a null sample explanation as no explanation', async () => {
    const res = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody({ samples: [{ input: '1', output: '1', explanation: null }] }))
      .expect(201);
    expect(res.body.samples).toEqual([{ input: '1', output: '1' }]);
  });

  describe('refuses large-body routes to callers without the right before reading the body', () => {
    it.each([
      ['POST', '/api/problems', 'guest', 401],
      ['POST', '/api/problems', 'user', 403],
      ['PUT', '/api/problems/{admins}', 'guest', 401],
      ['PUT', '/api/problems/{admins}', 'user', 404],
      ['PUT', '/api/problems/{admins}', 'author', 404],
      ['POST', '/api/judge/validate', 'guest', 401],
      ['POST', '/api/judge/validate', 'user', 403],
      ['POST', '/api/problems/testcases/zip-parse', 'guest', 401],
      ['POST', '/api/problems/testcases/zip-parse', 'user', 403],
    ])('%s %s as %s: %i', async (method, path, who, status) => {
      const session = { guest: undefined, user, author }[who];
      const res = await answerWithoutBody(server, method, path.replace('{admins}', String(adminsProblemId)), session);
      expect(res.status).toBe(status);
    });

    it('a user may not edit a public problem of someone else', async () => {
      await t
        .http()
        .patch(`/api/problems/${adminsProblemId}/visibility`)
        .set(...bearer(admin))
        .send({ isPublic: true })
        .expect(200);
      expect((await answerWithoutBody(server, 'PUT', `/api/problems/${adminsProblemId}`, user)).status).toBe(403);
    });
  });

  it('lets an admin create a problem with a 64 KiB statement and 64 MiB of test data', async () => {
    const perCase = MAX_TEST_DATA_BYTES / 64 / 2;
    const data = lines(perCase);
    const body = problemBody({
      statement: 's'.repeat(MAX_STATEMENT_BYTES),
      testCases: Array.from({ length: 64 }, () => ({ input: data, output: data, points: 1 })),
    });
    const res = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(body)
      .expect(201);
    expect(res.body).toMatchObject({ testCaseCount: 64, statement: body.statement });
  }, 120_000);

  it('lets the author replace their problem with a body over 1 MB', async () => {
    const data = lines(1024 * 1024);
    const body = problemBody({ testCases: [{ input: data, output: data }] });
    const res = await t
      .http()
      .put(`/api/problems/${authorsProblemId}`)
      .set(...bearer(author))
      .send(body)
      .expect(200);
    expect(res.body.testCaseCount).toBe(1);
  }, 60_000);

  it('lets an admin upload a ZIP of almost 64 MiB', async () => {
    const mebibyte = Buffer.from(lines(1024 * 1024));
    const entries = Array.from({ length: 31 }, (_, i) => [
      { name: `${i + 1}.in`, content: mebibyte },
      { name: `${i + 1}.out`, content: mebibyte },
    ]).flat();
    const zip = await buildZip(entries, { compress: false });
    expect(zip.length).toBeGreaterThan(60 * 1024 * 1024);
    const res = await t
      .http()
      .post('/api/problems/testcases/zip-parse')
      .set(...bearer(admin))
      .attach('file', zip, 'tests.zip')
      .expect(200);
    expect(res.body.testCases).toHaveLength(31);
  }, 120_000);
});

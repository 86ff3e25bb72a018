import { bearer, createAdmin, createTestApp, createUserWithRole, problemBody, TestApp, TestSession } from '@oj/api-testing';
import { ProblemEntity } from '@oj/db';
import { randomUUID } from 'crypto';
import { request as httpRequest } from 'http';
import type { AddressInfo } from 'net';
import { DataSource } from 'typeorm';

/**
 * Who may call each route, checked by calling every route the app registers as a guest, a user, the author of a
 * public problem and an admin. A route missing from this table, or whose guard no longer gives these answers,
 * fails the test. "Passing" means any answer but 401 and 403 (a probe's empty body is usually a 400).
 * - public: anyone, signed in or not
 * - login: any signed-in user
 * - admin: admins only (a guest gets 401, a user 403)
 * - author-or-admin: admins, and authors of a problem they may edit (SPEC 6)
 */
type Access = 'public' | 'login' | 'admin' | 'author-or-admin';

const EXPECTED: Record<string, Access> = {
  'GET /api/docs': 'public',
  'GET /api/docs/': 'public',
  'GET /api/docs/index.html': 'public',
  'GET /api/docs/LICENSE': 'public',
  'GET /api/docs/swagger-ui-init.js': 'public',
  'GET /api/docs/docs/swagger-ui-init.js': 'public',
  'GET /api/docs-json': 'public',
  'GET /api/docs-yaml': 'public',
  'GET /metrics': 'public',
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',

  'POST /api/auth/login': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/logout': 'public',
  'GET /api/auth/me': 'login',
  'PATCH /api/auth/me/profile': 'login',
  'PATCH /api/auth/me/password': 'login',
  'PUT /api/users/me/profile': 'login',
  'GET /api/users/me/preferences': 'login',
  'PUT /api/users/me/preferences': 'login',

  'GET /api/admin/security': 'admin',
  'GET /api/admin/users': 'admin',
  'PATCH /api/admin/users/:id/role': 'admin',
  'PATCH /api/admin/users/:id/status': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'POST /api/admin/queue-board/session': 'admin',

  'GET /api/problem-updates': 'public',
  'GET /api/problems': 'public',
  'GET /api/problems/algorithms': 'public',
  'GET /api/ratings': 'public',
  'GET /api/problems/:problemId': 'public',
  'POST /api/problems/testcases/zip-parse': 'author-or-admin',
  'POST /api/problems/import': 'admin',
  'GET /api/problems/:problemId/package': 'author-or-admin',
  'POST /api/problems': 'admin',
  'PUT /api/problems/:problemId': 'author-or-admin',
  'PATCH /api/problems/:problemId/visibility': 'admin',
  'DELETE /api/problems/:problemId': 'admin',
  'GET /api/problems/:problemId/rejudge': 'admin',
  'POST /api/problems/:problemId/rejudge': 'admin',
  'POST /api/problems/:problemId/similarity-reports': 'admin',
  'POST /api/contests/:contestId/similarity-reports': 'admin',
  'GET /api/contests/:contestId/similarity-reports': 'admin',
  'GET /api/similarity-reports': 'admin',
  'GET /api/similarity-reports/:reportId': 'admin',

  'GET /api/announcements': 'public',
  'POST /api/announcements': 'admin',
  'PUT /api/announcements/:id': 'admin',
  'DELETE /api/announcements/:id': 'admin',

  'GET /api/languages': 'public',
  'POST /api/judge/checker-trial': 'author-or-admin',
  'POST /api/judge/run': 'login',
  'POST /api/judge/validate': 'author-or-admin',

  'POST /api/submissions': 'login',
  'GET /api/submissions': 'login',
  'GET /api/submissions/mine': 'login',
  'GET /api/submissions/stream': 'login',
  'GET /api/submissions/updates': 'login',
  'GET /api/submissions/:id': 'login',
  'POST /api/submissions/:id/rejudge': 'admin',
  'POST /api/submissions/:id/resubmit': 'login',
  'GET /api/problems/:problemId/submissions': 'login',
  'GET /api/problems/:problemId/submissions/stream': 'login',
  'GET /api/problems/:problemId/submissions/updates': 'login',

  'GET /api/dashboard/me/summary': 'login',
  'GET /api/dashboard/me/heatmap': 'login',
  'GET /api/users/:username/dashboard': 'public',
  'GET /api/users/:username/ratings': 'public',

  'GET /api/contests': 'public',
  'POST /api/contests': 'admin',
  'GET /api/contests/:contestId': 'public',
  'PUT /api/contests/:contestId': 'admin',
  'DELETE /api/contests/:contestId': 'admin',
  'POST /api/contests/:contestId/register': 'login',
  'POST /api/contests/:contestId/participants': 'admin',
  'POST /api/contests/:contestId/start': 'login',
  'POST /api/contests/:contestId/virtual': 'login',
  'POST /api/contests/:contestId/unfreeze': 'admin',
  'GET /api/clics': 'public',
  'GET /api/clics/contests': 'admin',
  'GET /api/clics/contests/:contestId': 'admin',
  'GET /api/clics/contests/:contestId/access': 'admin',
  'GET /api/clics/contests/:contestId/judgement-types/:id': 'admin',
  'GET /api/clics/contests/:contestId/languages/:id': 'admin',
  'GET /api/clics/contests/:contestId/problems/:id': 'admin',
  'GET /api/clics/contests/:contestId/teams/:id': 'admin',
  'GET /api/clics/contests/:contestId/submissions/:id': 'admin',
  'GET /api/clics/contests/:contestId/judgements/:id': 'admin',
  'GET /api/clics/contests/:contestId/runs/:id': 'admin',
  'GET /api/clics/contests/:contestId/clarifications': 'admin',
  'GET /api/clics/contests/:contestId/clarifications/:id': 'admin',
  'GET /api/clics/contests/:contestId/judgement-types': 'admin',
  'GET /api/clics/contests/:contestId/languages': 'admin',
  'GET /api/clics/contests/:contestId/problems': 'admin',
  'GET /api/clics/contests/:contestId/teams': 'admin',
  'GET /api/clics/contests/:contestId/submissions': 'admin',
  'GET /api/clics/contests/:contestId/judgements': 'admin',
  'GET /api/clics/contests/:contestId/runs': 'admin',
  'GET /api/clics/contests/:contestId/scoreboard': 'admin',
  'GET /api/clics/contests/:contestId/state': 'admin',
  'GET /api/clics/contests/:contestId/event-feed': 'admin',
  'POST /api/contests/:contestId/clics-tokens': 'admin',
  'GET /api/contests/:contestId/clics-tokens': 'admin',
  'DELETE /api/contests/:contestId/clics-tokens/:tokenId': 'admin',
  'GET /api/contests/:contestId/problems/:label': 'public',
  'GET /api/contests/:contestId/rating-changes': 'public',
  'GET /api/contests/:contestId/scoreboard': 'public',
  'GET /api/contests/:contestId/scoreboard/stream': 'public',
  'GET /api/contests/:contestId/submissions': 'login',
  'GET /api/contests/:contestId/calendar.ics': 'public',
  'GET /api/contests/:contestId/clarifications': 'public',
  'POST /api/contests/:contestId/clarifications': 'login',
  'POST /api/contests/:contestId/clarifications/:id/answer': 'admin',
};

interface RouteLayer {
  route?: { path: string; methods: Record<string, boolean> };
}

/** Every route of one method (the catch-alls of the SPA and of unknown API paths take every method). */
function registeredRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance();
  // Express's types leave out a route's `methods`, which the router has held since Express 4.
  const layers = express.router.stack as unknown as RouteLayer[];
  return layers.flatMap(({ route }) => {
    const methods = Object.keys(route?.methods ?? {});
    return route && methods.length === 1 ? [`${methods[0].toUpperCase()} ${route.path}`] : [];
  });
}

describe('route access', () => {
  let t: TestApp;
  let port: number;
  const callers: Record<string, TestSession | undefined> = {};
  let params: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createAdmin(t);
    const author = await createUserWithRole(t, 'user');
    const user = await createUserWithRole(t, 'user');
    const created = await t
      .http()
      .post('/api/problems')
      .set(...bearer(admin))
      .send(problemBody())
      .expect(201);
    await t.app.get(DataSource).getRepository(ProblemEntity).update({ problemId: created.body.problemId }, { authorId: author.user.id });
    Object.assign(callers, { guest: undefined, user, author, admin });
    params = { problemId: String(created.body.problemId), id: randomUUID(), username: user.user.username };
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  }, 60_000);

  afterAll(() => t?.close());

  /** The status of one call; the body of a stream is not waited for. */
  function status(method: string, path: string, session: TestSession | undefined): Promise<number> {
    const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined;
    const headers: Record<string, string> = body ? { 'Content-Type': 'application/json' } : {};
    if (session) headers.Authorization = `Bearer ${session.accessToken}`;
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        resolve(res.statusCode as number);
        res.destroy();
      });
      req.on('error', reject);
      req.end(body);
    });
  }

  /** The route's path with fixture values; a DELETE gets ids of nothing, so probing removes no fixture. */
  function probePath(method: string, route: string): string {
    return route.replace(/:(\w+)/g, (_, name: string) => {
      if (method === 'DELETE') return name === 'problemId' ? '999999' : randomUUID();
      return params[name];
    });
  }

  async function observedAccess(route: string): Promise<string> {
    const [method, path] = route.split(' ');
    const statuses: Record<string, number> = {};
    for (const [who, session] of Object.entries(callers)) statuses[who] = await status(method, probePath(method, path), session);
    const passes = (who: string) => statuses[who] !== 401 && statuses[who] !== 403;
    const refused = (who: string, code: number) => statuses[who] === code;
    if (passes('guest') && passes('user') && passes('author') && passes('admin')) return 'public';
    if (refused('guest', 401) && passes('user') && passes('author') && passes('admin')) return 'login';
    if (refused('guest', 401) && refused('user', 403) && refused('author', 403) && passes('admin')) return 'admin';
    if (refused('guest', 401) && refused('user', 403) && passes('author') && passes('admin')) return 'author-or-admin';
    return Object.entries(statuses)
      .map(([who, code]) => `${who} ${code}`)
      .join(', ');
  }

  it('lists every registered route', () => {
    expect(registeredRoutes(t).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('gives each route exactly its access', async () => {
    const observed: Record<string, string> = {};
    for (const route of registeredRoutes(t)) observed[route] = await observedAccess(route);
    expect(observed).toEqual(EXPECTED);
  }, 120_000);
});

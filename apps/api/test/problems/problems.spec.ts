import { bearer, createAdmin, createProblem, createTestApp, problemBody, registerUser, TestApp, TestSession } from '@oj/api-testing';
import { ProblemUpdateEntity, SubmissionEntity, TestCaseEntity, writeFinalResult } from '@oj/db';
import { DataSource } from 'typeorm';

describe('problems', () => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t);
    user = await registerUser(t);
  });
  afterAll(() => t.close());

  const create = async (overrides: Record<string, unknown> = {}) =>
    (
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody(overrides))
        .expect(201)
    ).body;

  describe('create', () => {
    it('echoes the problem with a sequence number, counts and the author', async () => {
      const p = await create({ title: '  Sum  ' });
      expect(p).toMatchObject({
        problemId: expect.any(Number),
        title: 'Sum',
        difficulty: 'EASY',
        isPublic: true,
        judge0LanguageIds: [71, 54],
        testCaseCount: 2,
        totalPoints: 3,
        submissionCount: 0,
        acceptedSubmissionCount: 0,
        author: { id: admin.user.id, username: admin.user.username },
        samples: [{ input: '1 2\n', output: '3\n', explanation: 'One plus two.' }],
        testCases: [
          { input: '1 2\n', output: '3\n', points: 1 },
          { input: '5 7\n', output: '12\n', points: 2 },
        ],
      });
      const next = await create();
      expect(next.problemId).toBe(p.problemId + 1);
    });

    it('applies defaults and normalises points, labels and samples', async () => {
      const body = problemBody({
        testCases: [
          { input: 'a', output: 'b', points: 2.6 },
          { input: 'a', output: 'b', points: 5000 },
          { input: 'a', output: 'b', points: -3 },
          { input: 'a', output: 'b', points: 'lots' },
          { input: 'a', output: 'b' },
        ],
        tags: ['  Dynamic   Programming ', 'dynamic programming', 'Greedy', ''],
        algorithms: ['DP', 'dp', 'Graphs'],
        samples: [{ input: '1', output: '1', explanation: '   ' }],
      });
      delete body.cpuTimeLimit;
      delete body.memoryLimit;
      const p = await createProblem(t, admin, body);
      expect(p.testCases?.map((c: { points: number }) => c.points)).toEqual([3, 1000, 1, 1, 1]);
      expect(p.tags).toEqual(['Dynamic Programming', 'Greedy']);
      expect(p.algorithms).toEqual(['DP', 'Graphs']);
      expect(p.samples).toEqual([{ input: '1', output: '1' }]);
      expect(p.cpuTimeLimit).toBe(2);
      expect(p.memoryLimit).toBe(128);
      expect(p.outputLimit).toBe(8);
    });

    it('stores the output limit (MB per test) and gives it back', async () => {
      const p = await createProblem(t, admin, problemBody({ outputLimit: 64 }));
      expect(p.outputLimit).toBe(64);
      const read = await t
        .http()
        .get(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .expect(200);
      expect(read.body.outputLimit).toBe(64);
    });

    it.each([
      [{ title: '   ' }, 'title', 'Title is required.'],
      [{ title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters long.'],
      [{ statement: '' }, 'statement', 'Statement is required.'],
      [{ statement: 'é'.repeat(33 * 1024) }, 'statement', 'Statement must be at most 64 KiB.'],
      [{ difficulty: 'INSANE' }, 'difficulty', 'Difficulty must be one of: BASIC, EASY, MEDIUM, HARD.'],
      [{ cpuTimeLimit: 0.05 }, 'cpuTimeLimit', 'CPU time limit must be between 0.1 and 30 seconds.'],
      [{ cpuTimeLimit: 31 }, 'cpuTimeLimit', 'CPU time limit must be between 0.1 and 30 seconds.'],
      [{ memoryLimit: 8 }, 'memoryLimit', 'Memory limit must be between 16 and 1024 MB.'],
      [{ memoryLimit: 2048 }, 'memoryLimit', 'Memory limit must be between 16 and 1024 MB.'],
      [{ outputLimit: 0 }, 'outputLimit', 'Output limit must be between 1 and 1024 MB.'],
      [{ outputLimit: 1025 }, 'outputLimit', 'Output limit must be between 1 and 1024 MB.'],
      [{ outputLimit: 1.5 }, 'outputLimit', 'Output limit must be a whole number of megabytes.'],
      [{ outputLimit: 'big' }, 'outputLimit', 'Output limit must be between 1 and 1024 MB.'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'Maximum of 20 tags reached.'],
      [{ algorithms: Array.from({ length: 11 }, (_, i) => `a${i}`) }, 'algorithms', 'Maximum of 10 algorithms reached.'],
      [{ testCases: [] }, 'testCases', 'At least one test case is required.'],
      [{ testCases: undefined }, 'testCases', 'At least one test case is required.'],
      [{ testCases: [{ input: 1, output: '1' }] }, 'testCases.0.input', 'Test case input is required.'],
      [{ testCases: [{ input: '1' }] }, 'testCases.0.output', 'Test case output is required.'],
      [{ samples: [{ input: '1' }] }, 'samples.0.output', 'Sample output is required.'],
      [{ judge0LanguageIds: [] }, 'judge0LanguageIds', 'Select at least one Judge0 language.'],
      [{ judge0LanguageIds: ['python'] }, 'judge0LanguageIds', 'Language ids must be positive whole numbers.'],
    ])('rejects %j', async (override, path, message) => {
      const res = await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody(override))
        .expect(400);
      expect(res.body.code).toBe('VALIDATION_ERROR');
      expect(res.body.details).toContainEqual({ path, message });
    });

    it('stores an empty test input, answer or sample output, as the ICPC format allows (issue 31)', async () => {
      const body = problemBody({
        samples: [{ input: '', output: '' }],
        testCases: [
          { input: '', output: '' },
          { input: '1\n', output: '' },
        ],
      });
      const created = await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(body)
        .expect(201);
      const stored = await t
        .http()
        .get(`/api/problems/${created.body.problemId}?includePrivate=true`)
        .set(...bearer(admin))
        .expect(200);
      expect(stored.body.samples).toEqual([{ input: '', output: '' }]);
      expect(stored.body.testCases.map((c: { input: string; output: string }) => [c.input, c.output])).toEqual([
        ['', ''],
        ['1\n', ''],
      ]);
    });

    it('refuses more than 64 MiB of test data', async () => {
      const big = 'x'.repeat(17 * 1024 * 1024);
      const res = await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(problemBody({ testCases: [1, 2].map(() => ({ input: big, output: big })) }))
        .expect(400);
      expect(res.body.details).toEqual([{ path: 'testCases', message: 'Test data must not exceed 64 MiB per problem.' }]);
    });

    it('refuses test data holding NUL bytes with a 400 naming the field, on create, update and validation', async () => {
      const message = 'Test data must be UTF-8 text without NUL bytes (0x00).';
      const nul = 'a\u0000b\n';
      const created = await t
        .http()
        .post('/api/problems')
        .set(...bearer(admin))
        .send(
          problemBody({
            testCases: [
              { input: '1\n', output: '1\n' },
              { input: nul, output: '1\n' },
            ],
          }),
        )
        .expect(400);
      expect(created.body).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Validation failed',
        details: [{ path: 'testCases.1.input', message }],
      });
      const p = await create();
      const updated = await t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .send(problemBody({ samples: [{ input: '1\n', output: nul }], testCases: [{ input: '1\n', output: nul }] }))
        .expect(400);
      expect(updated.body.details).toEqual([
        { path: 'testCases.0.output', message },
        { path: 'samples.0.output', message },
      ]);
      const validated = await t
        .http()
        .post('/api/judge/validate')
        .set(...bearer(admin))
        .send({ languageId: 71, sourceCode: 'print(1)', testCases: [{ input: nul, output: '1' }] })
        .expect(400);
      expect(validated.body.details).toEqual([{ path: 'testCases.0.input', message }]);
    });

    it('is for admins only', async () => {
      await t.http().post('/api/problems').send(problemBody()).expect(401);
      await t
        .http()
        .post('/api/problems')
        .set(...bearer(user))
        .send(problemBody())
        .expect(403);
    });
  });

  describe('read', () => {
    it('hides private problems and test cases from guests and users', async () => {
      const pub = await create({ title: 'Public one' });
      const priv = await create({ title: 'Secret one', isPublic: false });
      const guestList = (await t.http().get('/api/problems').expect(200)).body.items;
      expect(guestList.map((p: { problemId: number }) => p.problemId)).toContain(pub.problemId);
      expect(guestList.map((p: { problemId: number }) => p.problemId)).not.toContain(priv.problemId);
      expect(guestList[0]).toEqual({
        id: expect.any(String),
        _id: expect.any(String),
        problemId: expect.any(Number),
        title: expect.any(String),
        difficulty: expect.any(String),
        isPublic: true,
        tags: expect.any(Array),
        algorithms: expect.any(Array),
        submissionCount: 0,
        acceptedSubmissionCount: 0,
        solverCount: 0,
      });
      await t.http().get(`/api/problems/${priv.problemId}`).expect(404, { message: 'Problem not found.', code: 'NOT_FOUND' });
      await t
        .http()
        .get(`/api/problems/${priv.problemId}`)
        .set(...bearer(user))
        .expect(404);
      const asUser = (
        await t
          .http()
          .get(`/api/problems/${pub.problemId}?includePrivate=true`)
          .set(...bearer(user))
          .expect(200)
      ).body;
      expect(asUser.testCases).toBeUndefined();
      expect(asUser.testCaseCount).toBe(2);
      expect(asUser.totalPoints).toBe(3);
      const asAdmin = (
        await t
          .http()
          .get(`/api/problems/${priv.problemId}?includePrivate=true`)
          .set(...bearer(admin))
          .expect(200)
      ).body;
      expect(asAdmin.testCases).toHaveLength(2);
      const withoutFlag = (
        await t
          .http()
          .get(`/api/problems/${priv.problemId}`)
          .set(...bearer(admin))
          .expect(200)
      ).body;
      expect(withoutFlag.testCases).toBeUndefined();
    });

    it('lists each problem with the fields of its detail, as JSON written by the database', async () => {
      const created = await create({
        title: 'Quotes " and \\ backslash, ünïcode 😀 </script>',
        tags: ['two words', 'ça'],
        algorithms: ['Greedy', 'Dynamic Programming'],
      });
      const res = await t.http().get('/api/problems?limit=100').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      const item = res.body.items.find((p: { problemId: number }) => p.problemId === created.problemId);
      const keys = [
        'id',
        '_id',
        'problemId',
        'title',
        'difficulty',
        'isPublic',
        'tags',
        'algorithms',
        'submissionCount',
        'acceptedSubmissionCount',
        'solverCount',
      ];
      expect(Object.keys(item)).toEqual(keys);
      expect(item).toEqual(Object.fromEntries(keys.map((k) => [k, created[k === '_id' ? 'id' : k]])));
      const numbers = res.body.items.map((p: { problemId: number }) => p.problemId);
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    });

    it('sends an empty list as an empty array', async () => {
      expect((await t.http().get('/api/problems?difficulty=BASIC&q=no-such-problem').expect(200)).body).toEqual({
        items: [],
        total: 0,
        totalPages: 0,
        page: 1,
        limit: 100,
      });
    });

    it('filters by visibility for admins only, by difficulty for everyone, and bounds limit', async () => {
      await create({ title: 'Hard private', isPublic: false, difficulty: 'HARD' });
      const privates = (
        await t
          .http()
          .get('/api/problems?visibility=private')
          .set(...bearer(admin))
          .expect(200)
      ).body.items;
      expect(privates.length).toBeGreaterThan(0);
      expect(privates.every((p: { isPublic: boolean }) => !p.isPublic)).toBe(true);
      const userPrivates = (
        await t
          .http()
          .get('/api/problems?visibility=private')
          .set(...bearer(user))
          .expect(200)
      ).body.items;
      expect(userPrivates.every((p: { isPublic: boolean }) => p.isPublic)).toBe(true);
      const hard = (
        await t
          .http()
          .get('/api/problems?difficulty=HARD&visibility=all')
          .set(...bearer(admin))
          .expect(200)
      ).body.items;
      expect(hard.every((p: { difficulty: string }) => p.difficulty === 'HARD')).toBe(true);
      expect((await t.http().get('/api/problems?limit=1').expect(200)).body.items).toHaveLength(1);
      await t.http().get('/api/problems?limit=101').expect(400);
      await t.http().get('/api/problems?difficulty=EXTREME').expect(400);
      await t.http().get('/api/problems/abc').expect(404);
      await t.http().get('/api/problems/99999999').expect(404);
    });

    it('pages, sorts and searches the archive by title, #id, algorithm and tag', async () => {
      const word = `Zq${Date.now()}`;
      const [a, b, c] = [
        await create({ title: `${word} banana`, difficulty: 'HARD', tags: ['pager-tag'] }),
        await create({ title: `${word} apple`, difficulty: 'BASIC' }),
        await create({ title: `${word} cherry`, difficulty: 'MEDIUM', algorithms: ['Pager Walk'] }),
      ];
      const list = async (query: string) => (await t.http().get(`/api/problems?${query}`).expect(200)).body;
      const ids = (body: { items: { problemId: number }[] }) => body.items.map((p) => p.problemId);

      const first = await list(`q=${word}&sort=title&limit=2`);
      expect(ids(first)).toEqual([b.problemId, a.problemId]);
      expect(first).toMatchObject({ total: 3, totalPages: 2, page: 1, limit: 2 });
      const second = await list(`q=${word}&sort=title&limit=2&page=2`);
      expect(ids(second)).toEqual([c.problemId]);
      expect(ids(await list(`q=${word}&sort=difficulty&order=desc`))).toEqual([a.problemId, c.problemId, b.problemId]);
      expect(ids(await list(`q=${word.toLowerCase()}&sort=id&order=desc`))).toEqual([c.problemId, b.problemId, a.problemId]);

      expect(ids(await list(`q=${encodeURIComponent(`#${c.problemId}`)}`))).toEqual([c.problemId]);
      expect(ids(await list('q=pager walk'))).toEqual([c.problemId]);
      expect(ids(await list('q=PAGER-TAG'))).toEqual([a.problemId]);
      expect(ids(await list('tag=pager-tag'))).toEqual([a.problemId]);
      expect(await list(`q=${word}&page=9`)).toMatchObject({ items: [], total: 3, totalPages: 1, page: 9 });
      expect(await list('q=100%25_sure')).toMatchObject({ items: [], total: 0 });

      await t.http().get('/api/problems?sort=rating').expect(400);
      await t.http().get('/api/problems?order=up').expect(400);
      await t.http().get('/api/problems?page=0').expect(400);
      await t
        .http()
        .get(`/api/problems?q=${'x'.repeat(201)}`)
        .expect(400);
      await t.http().get('/api/problems?q=a%00b').expect(400);
      await t.http().get('/api/problems?tag=%00').expect(400);
    });

    it('requires every tag asked for, repeated or comma-separated (issue 33, defect 13)', async () => {
      const tag = `t${Date.now()}`;
      const [both, onlyA, all] = [
        await create({ tags: [`${tag}-a`, `${tag}-b`] }),
        await create({ tags: [`${tag}-a`] }),
        await create({ tags: [`${tag}-c`, `${tag}-b`, `${tag}-a`] }),
      ];
      const ids = async (query: string) =>
        (await t.http().get(`/api/problems?${query}`).expect(200)).body.items.map((p: { problemId: number }) => p.problemId);
      expect(await ids(`tag=${tag}-a`)).toEqual([both.problemId, onlyA.problemId, all.problemId]);
      expect(await ids(`tag=${tag}-a&tag=${tag}-b`)).toEqual([both.problemId, all.problemId]);
      expect(await ids(`tag=${tag}-b,${tag}-a`)).toEqual([both.problemId, all.problemId]);
      expect(await ids(`tag=${tag}-a,${tag}-b&tag=${tag}-c`)).toEqual([all.problemId]);
      expect(await ids(`tag=${tag}-a&tag=${tag}-zzz`)).toEqual([]);
      const tooMany = await t
        .http()
        .get(`/api/problems?tag=${Array.from({ length: 11 }, (_, i) => `x${i}`).join(',')}`)
        .expect(400);
      expect(tooMany.body.details.map((d: { path: string }) => d.path)).toEqual(['tag']);
    });

    it('sorts by solves, counting people rather than accepted submissions (issue 33, defect 13)', async () => {
      const word = `Solv${Date.now()}`;
      const [once, thrice] = [await create({ title: `${word} two people` }), await create({ title: `${word} one person` })];
      const [ada, bob] = [await registerUser(t), await registerUser(t)];
      const ds = t.app.get(DataSource);
      const accept = async (problemId: number, session: TestSession) => {
        const row = await ds.getRepository(SubmissionEntity).save({
          problemId,
          userId: session.user.id,
          languageId: 71,
          languageName: 'Python 3',
          sourceCode: 'x',
          sourceLen: 1,
        });
        await writeFinalResult(ds, row.id, problemId, {
          status: 'accepted',
          score: 100,
          earnedPoints: 1,
          totalPoints: 1,
          runtimeMs: 1,
          memoryKB: 1,
          testCaseResults: [],
        });
      };
      await accept(once.problemId, ada);
      await accept(once.problemId, bob);
      for (let i = 0; i < 3; i++) await accept(thrice.problemId, ada);
      const list = (await t.http().get(`/api/problems?q=${word}&sort=solves&order=desc`).expect(200)).body.items;
      expect(
        list.map((p: { problemId: number; solverCount: number; acceptedSubmissionCount: number }) => [
          p.problemId,
          p.solverCount,
          p.acceptedSubmissionCount,
        ]),
      ).toEqual([
        [once.problemId, 2, 2],
        [thrice.problemId, 1, 3],
      ]);
      expect((await t.http().get(`/api/problems/${thrice.problemId}`).expect(200)).body).toMatchObject({
        solverCount: 1,
        acceptedSubmissionCount: 3,
      });
    });

    it('lists algorithms in use plus the built-in names, sorted and de-duplicated', async () => {
      await create({ algorithms: ['Zebra Walk', 'greedy'] });
      const items: string[] = (await t.http().get('/api/problems/algorithms').expect(200)).body.items;
      expect(items).toContain('Zebra Walk');
      expect(items).toContain('Dijkstra');
      expect(items.filter((a) => a.toLowerCase() === 'greedy')).toHaveLength(1);
      expect([...items].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))).toEqual(items);
    });

    it("keeps a private problem's algorithms from everyone who may not see it", async () => {
      await create({ isPublic: false, algorithms: ['Secret Sweep'] });
      const list = async (session?: TestSession) => {
        const request = t.http().get('/api/problems/algorithms');
        return (await (session ? request.set(...bearer(session)) : request).expect(200)).body.items as string[];
      };
      expect(await list()).not.toContain('Secret Sweep');
      expect(await list(user)).not.toContain('Secret Sweep');
      expect(await list(admin)).toContain('Secret Sweep');
    });
  });

  describe('update, visibility, delete', () => {
    it('lets the author and admins edit, nobody else', async () => {
      const author = await registerUser(t);
      const p = await create();
      await t.app.get(DataSource).query('UPDATE problems SET author_id = $1 WHERE problem_id = $2', [author.user.id, p.problemId]);
      const edited = (
        await t
          .http()
          .put(`/api/problems/${p.problemId}`)
          .set(...bearer(author))
          .send(problemBody({ title: 'Renamed' }))
          .expect(200)
      ).body;
      expect(edited.title).toBe('Renamed');
      const other = await registerUser(t);
      const res = await t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(other))
        .send(problemBody())
        .expect(403);
      expect(res.body.message).toBe('You do not have permission to edit this problem.');
      await t.http().put(`/api/problems/${p.problemId}`).send(problemBody()).expect(401);
      await t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .send(problemBody({ title: 'Admin edit' }))
        .expect(200);
    });

    it('records a problem made public through PUT', async () => {
      const p = await create({ title: 'Quiet', isPublic: false });
      await t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .send(problemBody({ title: 'Quiet', isPublic: true }))
        .expect(200);
      const rows = await t.app
        .get(DataSource)
        .getRepository(ProblemUpdateEntity)
        .find({ where: { problemId: p.problemId }, order: { createdAt: 'ASC' } });
      expect(rows.map((r) => r.summary)).toEqual(['New problem', 'Problem is now public']);
    });

    it('writes problem updates naming what changed, with the title of the moment', async () => {
      const p = await create({ title: 'Original', isPublic: false });
      await t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .send(problemBody({ title: 'Original', isPublic: false }))
        .expect(200);
      await t
        .http()
        .put(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .send(
          problemBody({
            title: 'Renamed',
            isPublic: false,
            statement: 'New text',
            cpuTimeLimit: 3,
            testCases: [{ input: '1', output: '1' }],
          }),
        )
        .expect(200);
      await t
        .http()
        .patch(`/api/problems/${p.problemId}/visibility`)
        .set(...bearer(admin))
        .send({ isPublic: true })
        .expect(200);
      const rows = await t.app
        .get(DataSource)
        .getRepository(ProblemUpdateEntity)
        .find({ where: { problemId: p.problemId }, order: { createdAt: 'ASC' } });
      expect(rows.map((r) => [r.titleSnapshot, r.summary])).toEqual([
        ['Original', 'New problem'],
        ['Renamed', 'Updated title, statement, limits and test data'],
        ['Renamed', 'Problem is now public'],
      ]);
    });

    it('toggles visibility for admins only', async () => {
      const p = await create();
      await t
        .http()
        .patch(`/api/problems/${p.problemId}/visibility`)
        .set(...bearer(user))
        .send({ isPublic: false })
        .expect(403);
      const hidden = (
        await t
          .http()
          .patch(`/api/problems/${p.problemId}/visibility`)
          .set(...bearer(admin))
          .send({ isPublic: false })
          .expect(200)
      ).body;
      expect(hidden.isPublic).toBe(false);
      await t.http().get(`/api/problems/${p.problemId}`).expect(404);
      await t
        .http()
        .patch(`/api/problems/${p.problemId}/visibility`)
        .set(...bearer(admin))
        .send({ isPublic: 'maybe' })
        .expect(400);
    });

    it('deletes the problem with its test data, submissions and updates', async () => {
      const p = await create();
      const ds = t.app.get(DataSource);
      await ds
        .getRepository(SubmissionEntity)
        .save({ userId: user.user.id, problemId: p.problemId, languageId: 71, languageName: 'Python', sourceCode: 'x', sourceLen: 1 });
      await t
        .http()
        .delete(`/api/problems/${p.problemId}`)
        .set(...bearer(user))
        .expect(403);
      await t
        .http()
        .delete(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .expect(204);
      expect(await ds.getRepository(SubmissionEntity).count({ where: { problemId: p.problemId } })).toBe(0);
      expect(await ds.getRepository(ProblemUpdateEntity).count({ where: { problemId: p.problemId } })).toBe(0);
      expect(await ds.getRepository(TestCaseEntity).count({ where: { problemUuid: p.id } })).toBe(0);
      await t
        .http()
        .delete(`/api/problems/${p.problemId}`)
        .set(...bearer(admin))
        .expect(404);
    });
  });
});

import { createAdmin, createTestApp, TestApp } from '@oj/api-testing';
import { AnnouncementEntity, ProblemEntity, ProblemUpdateEntity, TestCaseEntity } from '@oj/db';
import { DataSource } from 'typeorm';

import { demoProblems } from '../../src/seed/demo-problems';
import { seedDemoContent } from '../../src/seed/seed-demo';

/** Independent reference answers: a different algorithm per problem from the seed's own `solve`. */
const reference: Record<string, (input: string) => string> = {
  'A + B': (i) =>
    `${i
      .trim()
      .split(/\s+/)
      .map(BigInt)
      .reduce((a, b) => a + b)}\n`,
  'Fibonacci Modulo': (i) => {
    // Fast doubling: F(2k) = F(k)(2F(k+1) − F(k)), F(2k+1) = F(k)² + F(k+1)².
    const M = 1_000_000_007n;
    const fd = (n: bigint): [bigint, bigint] => {
      if (n === 0n) return [0n, 1n];
      const [a, b] = fd(n >> 1n);
      const c = (a * ((2n * b - a + M) % M)) % M;
      const d = (a * a + b * b) % M;
      return n & 1n ? [d, (c + d) % M] : [c, d];
    };
    return `${fd(BigInt(i.trim()))[0]}\n`;
  },
  'Maximum Subarray': (i) => {
    const [n, ...a] = i.trim().split(/\s+/).map(Number);
    let prefix = 0;
    let minPrefix = 0;
    let best = -Infinity;
    for (let k = 0; k < n; k++) {
      prefix += a[k];
      best = Math.max(best, prefix - minPrefix);
      minPrefix = Math.min(minPrefix, prefix);
    }
    return `${best}\n`;
  },
  'Shortest Path': (i) => {
    const [n, m, ...r] = i.trim().split(/\s+/).map(Number);
    const adj: [number, number][][] = Array.from({ length: n + 1 }, () => []);
    for (let k = 0; k < m; k++) adj[r[3 * k]].push([r[3 * k + 1], r[3 * k + 2]]);
    // Dijkstra with a binary heap of [distance, vertex].
    const dist = new Array(n + 1).fill(Infinity);
    const heap: [number, number][] = [[0, 1]];
    dist[1] = 0;
    const push = (item: [number, number]) => {
      heap.push(item);
      for (let k = heap.length - 1; k > 0;) {
        const p = (k - 1) >> 1;
        if (heap[p][0] <= heap[k][0]) break;
        [heap[p], heap[k]] = [heap[k], heap[p]];
        k = p;
      }
    };
    const pop = () => {
      const top = heap[0];
      const last = heap.pop() as [number, number];
      if (heap.length) {
        heap[0] = last;
        for (let k = 0; ;) {
          const l = 2 * k + 1;
          const r = l + 1;
          let m = k;
          if (l < heap.length && heap[l][0] < heap[m][0]) m = l;
          if (r < heap.length && heap[r][0] < heap[m][0]) m = r;
          if (m === k) break;
          [heap[m], heap[k]] = [heap[k], heap[m]];
          k = m;
        }
      }
      return top;
    };
    while (heap.length) {
      const [d, u] = pop();
      if (d > dist[u]) continue;
      for (const [v, w] of adj[u]) if (d + w < dist[v]) push([(dist[v] = d + w), v]);
    }
    return `${dist[n] === Infinity ? -1 : dist[n]}\n`;
  },
  // The interactive problem's answer files are the hidden numbers.
  'Guess the Number': (i) => `${Number(i)}\n`,
  'Balanced Brackets': (i) => {
    // Adjacent matching pairs cancel, as removing "()", "[]" and "{}" until none is left would, in one pass: the
    // string is reduced in place, `end` being the length of what no pair has cancelled so far (the nested input of
    // 50,000 pairs took 50,000 passes of a regular expression, a minute of CPU).
    const s = [...i.trim()];
    let end = 0;
    for (const c of s) {
      const opener = end > 0 ? s[end - 1] : '';
      if (opener + c === '()' || opener + c === '[]' || opener + c === '{}') end--;
      else s[end++] = c;
    }
    return end === 0 ? 'YES\n' : 'NO\n';
  },
};

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has test data that independent solutions agree with, samples included (an interactive problem’s show a dialogue)', () => {
    for (const problem of demoProblems()) {
      const check = reference[problem.title];
      for (const input of problem.inputs) expect([problem.title, problem.solve(input)]).toEqual([problem.title, check(input)]);
      if (problem.interactor) continue;
      for (const sample of problem.samples) expect(problem.solve(sample.input)).toBe(sample.output);
    }
  });

  it('seeds an empty site once: problems with tests and updates, and a pinned welcome', async () => {
    const admin = await createAdmin(t);
    const ds = t.app.get(DataSource);
    expect(await seedDemoContent(ds, { adminId: admin.user.id })).toBe(true);
    expect(await seedDemoContent(ds, { adminId: admin.user.id })).toBe(false);
    const problems = await ds.getRepository(ProblemEntity).find();
    expect(problems).toHaveLength(demoProblems().length);
    for (const p of problems) {
      expect(await ds.getRepository(TestCaseEntity).count({ where: { problemUuid: p.id } })).toBe(p.testCaseCount);
      expect(p).toMatchObject({ isPublic: true, authorId: admin.user.id, judge0LanguageIds: [50, 54, 62, 63, 71] });
    }
    expect(await ds.getRepository(ProblemUpdateEntity).count()).toBe(problems.length);
    expect(await ds.getRepository(AnnouncementEntity).findOneBy({ pinned: true })).toMatchObject({ title: 'Welcome to the Online Judge' });
    const list = (await t.http().get('/api/problems').expect(200)).body.items;
    expect(list.map((p: { title: string }) => p.title)).toEqual(demoProblems().map((p) => p.title));
    const guess = list.find((p: { title: string }) => p.title === 'Guess the Number');
    expect((await t.http().get(`/api/problems/${guess.problemId}`).expect(200)).body).toMatchObject({
      type: 'interactive',
      interactor: { languageId: 54 },
    });
  });
});

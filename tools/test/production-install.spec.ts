import { spawnSync } from 'child_process';
import { existsSync, readFileSync } from 'fs';
import { createRequire } from 'module';
import { join } from 'path';

import { readDeploySteps } from './production/deploy-files';
import { ProductionSite } from './production/production-site';
import { packageRequires } from './production/server-requires';

const root = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const PYTHON = 71;
const CPP = 54;
const SOLUTIONS: Record<number, string> = {
  [PYTHON]: 'a, b = map(int, input().split())\nprint(a + b)\n',
  [CPP]: '#include <iostream>\nint main() { long long a, b; std::cin >> a >> b; std::cout << a + b << "\\n"; }\n',
};

/** Peer dependencies of a package, as its installed manifest declares them. */
function peers(dir: string, name: string): string[] {
  const manifestPath = join(dir, 'node_modules', name, 'package.json');
  // A package missing from the install is the previous test's failure; here it has no peers to add.
  if (!existsSync(manifestPath)) return [];
  const installed = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  return Object.keys(installed.peerDependencies ?? {});
}

// Issue 34: the image's runtime stage installs with --omit=dev, and nothing ran what it installs, so a package the
// API loads at run time but declared for development only (yazl) stopped the image at start-up.
describe('the production install (the Dockerfile runtime stage, outside Docker)', () => {
  const steps = readDeploySteps();
  const site = new ProductionSite(steps);
  let token = '';
  let installOutput = '';

  beforeAll(() => {
    installOutput = site.install();
  });
  afterAll(() => site.destroy());

  async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const response = await fetch(site.url(path), { ...init, headers });
    const text = await response.text();
    return {
      status: response.status,
      body: (text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
    };
  }

  it('installs without an install-script warning (allowScripts decides on each one)', () => {
    expect(installOutput).not.toMatch(/install-scripts/);
  });

  it("declares every package the built API, worker and the image's tools require as a dependency, and finds it installed", () => {
    const trees = [join(site.dir, 'dist/api'), join(site.dir, 'dist/judge-worker'), ...steps.tools.map((tool) => join(site.dir, tool))];
    const requires = packageRequires(trees);
    expect(requires.length).toBeGreaterThan(100);
    const undeclared = requires.filter(({ name }) => !(name in manifest.dependencies)).map(({ name, file }) => `${name} (${file})`);
    expect([...new Set(undeclared)]).toEqual([]);
    const unresolved = requires.filter(({ specifier, file }) => {
      try {
        createRequire(file).resolve(specifier);
        return false;
      } catch {
        return true;
      }
    });
    expect(unresolved.map(({ specifier, file }) => `${specifier} (${file})`)).toEqual([]);
  });

  it('declares as dependencies only what the servers load: a package they require, or a peer one of those needs', () => {
    const required = new Set(
      packageRequires([
        join(site.dir, 'dist/api'),
        join(site.dir, 'dist/judge-worker'),
        ...steps.tools.map((tool) => join(site.dir, tool)),
      ]).map(({ name }) => name),
    );
    const loaded = new Set([...required, ...[...required].flatMap((name) => peers(site.dir, name))]);
    expect(Object.keys(manifest.dependencies).filter((name) => !loaded.has(name))).toEqual([]);
  });

  it("rates a contest on the worker's rating thread, which loads its code from the install alone", () => {
    // The thread is eval'd code that requires the algorithm by path (rating-thread.ts): a package or file it needs
    // and the install lacks shows only when it runs.
    const thread = join(site.dir, 'dist/judge-worker/apps/judge-worker/src/ratings/rating-thread.js');
    const script = `require(${JSON.stringify(thread)})
      .rateOnThread({ contests: [[{ playerId: 'a', rank: 1 }, { playerId: 'b', rank: 2 }]], states: new Map() })
      .then((rated) => console.log(JSON.stringify(rated[0].playerIds)), (error) => { console.error(error); process.exit(1); });`;
    const rated = spawnSync(process.execPath, ['-e', script], {
      cwd: site.dir,
      env: { PATH: process.env.PATH, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect({ status: rated.status, stderr: rated.stderr }).toEqual({ status: 0, stderr: '' });
    expect(JSON.parse(rated.stdout)).toEqual(['a', 'b']);
  });

  it('migrates, starts the API and a worker with NODE_ENV=production, judges Python and C++, exports and imports a package', async () => {
    await site.start().catch((error: Error) => Promise.reject(new Error(`${error.message}\n${site.output()}`)));
    await site.ready(120_000);
    const login = await api<{ accessToken: string }>('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ usernameOrEmail: 'admin', password: site.adminPassword }),
    });
    expect(login.status).toBe(200);
    token = login.body.accessToken;
    const problems = await api<{ items: { problemId: number; title: string }[] }>('/api/problems');
    const problem = problems.body.items.find(({ title }) => title === 'A + B');
    if (!problem) throw new Error(`No seeded A + B problem: ${JSON.stringify(problems.body)}`);

    const verdicts = await Promise.all(
      [PYTHON, CPP].map(async (languageId) => {
        const created = await api<{ submissionId: string }>('/api/submissions', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ problemId: problem.problemId, languageId, sourceCode: SOLUTIONS[languageId] }),
        });
        expect(created.status).toBe(201);
        const deadline = Date.now() + 120_000;
        for (;;) {
          const { status } = (await api<{ submission: { status: string } }>(`/api/submissions/${created.body.submissionId}`)).body
            .submission;
          if (!['queued', 'running'].includes(status) || Date.now() > deadline) return [languageId, status];
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }),
    );
    if (verdicts.some(([, status]) => status !== 'accepted')) console.error(site.output());
    expect(verdicts).toEqual([
      [PYTHON, 'accepted'],
      [CPP, 'accepted'],
    ]);

    const exported = await fetch(site.url(`/api/problems/${problem.problemId}/package`), { headers: { Authorization: `Bearer ${token}` } });
    expect(exported.status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([await exported.arrayBuffer()], { type: 'application/zip' }), 'a-plus-b.zip');
    const imported = await api<{ problem: { problemId: number; title: string } }>('/api/problems/import', { method: 'POST', body: form });
    expect([imported.status, imported.body.problem?.title]).toEqual([201, 'A + B']);
    expect(imported.body.problem.problemId).not.toBe(problem.problemId);
  });
});

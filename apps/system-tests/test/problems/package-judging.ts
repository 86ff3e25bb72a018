import { bearer, buildZip, TestApp, TestSession } from '@oj/api-testing';
import { SubmissionStatus } from '@oj/contracts';
import { DataSource } from 'typeorm';

import { submissionLanguage } from '../../../api/src/problems/packages/source-language';
import { waitAllFinal } from '../reliability/grading-audit';
import { submissionAs, submitAs } from '../submission-client';

/** The verdict each `submissions/<folder>/` of an ICPC package names. */
const FOLDER_VERDICT: Record<string, SubmissionStatus> = {
  accepted: 'accepted',
  wrong_answer: 'wrong_answer',
  time_limit_exceeded: 'tle',
  run_time_error: 'rte',
};

/**
 * Imports an ICPC package of these files as `admin`, submits each of its submissions in a language this judge runs as
 * that language (never Python 2), and waits for their verdicts: the import's answer, the problem as stored, each
 * submission's status and the status its folder names, by path.
 */
export async function importAndJudge(t: TestApp, admin: TestSession, files: Record<string, string>) {
  const zip = await buildZip(Object.entries(files).map(([name, content]) => ({ name, content })));
  const imported = await t
    .http()
    .post('/api/problems/import')
    .set(...bearer(admin))
    .attach('file', zip, 'package.zip')
    .expect(201);
  const problemId = imported.body.problem.problemId;
  const submissions = Object.entries(files).filter(
    ([path, source]) => /^submissions\/[a-z_]+\/[^/]+$/.test(path) && submissionLanguage(path, source),
  );
  const ids = await Promise.all(
    submissions.map(([path, sourceCode]) =>
      submitAs(t, admin, { problemId, languageId: submissionLanguage(path, sourceCode) as number, sourceCode }),
    ),
  );
  await waitAllFinal(t.app.get(DataSource), ids, 180_000);
  const statuses = await Promise.all(ids.map(async (id) => (await submissionAs(t, admin, id)).status));
  const stored = await t
    .http()
    .get(`/api/problems/${problemId}?includePrivate=true`)
    .set(...bearer(admin))
    .expect(200);
  return {
    body: imported.body,
    stored: stored.body,
    verdicts: submissions.map(([path], i) => [path, statuses[i]]),
    expected: submissions.map(([path]) => [path, FOLDER_VERDICT[path.split('/')[1]]]),
  };
}

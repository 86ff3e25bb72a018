import { bearer, TestApp, TestSession } from '@oj/api-testing';

/** What a submission of the tests sends. */
export interface SubmissionBody {
  problemId: number;
  languageId: number;
  sourceCode: string;
}

/** Submits as `session` through the API; the new submission's id. */
export async function submitAs(t: TestApp, session: TestSession, body: SubmissionBody): Promise<string> {
  return (
    await t
      .http()
      .post('/api/submissions')
      .set(...bearer(session))
      .send(body)
      .expect(201)
  ).body.submissionId;
}

/** A submission as its submitter reads it (GET /api/submissions/:id). */
export async function submissionAs(t: TestApp, session: TestSession, id: string) {
  return (
    await t
      .http()
      .get(`/api/submissions/${id}`)
      .set(...bearer(session))
      .expect(200)
  ).body.submission;
}

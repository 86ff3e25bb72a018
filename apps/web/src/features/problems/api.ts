import type { components } from '@oj/api-client';

import { api, unwrap } from '../../api/client';
import { saveFile } from '../../components/save-file';

/** A problem with what the caller may see of it (test cases only for those the server allows, SPEC 6). */
export const fetchProblem = (problemId: number, includePrivate: boolean) =>
  unwrap(api.GET('/api/problems/{problemId}', { params: { path: { problemId }, query: { includePrivate } } }));
export type ProblemDetail = Awaited<ReturnType<typeof fetchProblem>>;

/** Admins: make a problem public or private. */
export const setProblemVisibility = (problemId: number, isPublic: boolean) =>
  unwrap(api.PATCH('/api/problems/{problemId}/visibility', { params: { path: { problemId } }, body: { isPublic } }));

/** Admins: delete a problem with its submissions. */
export const deleteProblem = (problemId: number) => unwrap(api.DELETE('/api/problems/{problemId}', { params: { path: { problemId } } }));

/** A solution to judge, into a contest when `contestId` is set. */
export const submitSolution = (body: components['schemas']['CreateSubmissionDto']) =>
  unwrap(api.POST('/api/submissions', { body }), 'Failed to submit solution.');

/** Admins: judge every submission of the problem again; answers how many were queued. */
export const rejudgeProblem = (problemId: number) =>
  unwrap(api.POST('/api/problems/{problemId}/rejudge', { params: { path: { problemId } } }), 'Failed to start the rejudge.');

/** How far the problem's latest rejudge has come. */
export const fetchRejudgeProgress = (problemId: number) =>
  unwrap(api.GET('/api/problems/{problemId}/rejudge', { params: { path: { problemId } } }), 'Failed to load the rejudge progress.');
export type RejudgeProgress = Awaited<ReturnType<typeof fetchRejudgeProgress>>;

/** Runs a source on an input under the problem's limits (POST /api/judge/run): nothing is stored. */
export const runOnInput = (body: components['schemas']['RunRequestDto']) => unwrap(api.POST('/api/judge/run', { body }), 'The run failed.');
export type RunOutcome = Awaited<ReturnType<typeof runOnInput>>;

/** Admins: the problem as an ICPC problem package (a ZIP), saved as a file. */
export async function downloadProblemPackage(problemId: number): Promise<void> {
  const blob = await unwrap(
    api.GET('/api/problems/{problemId}/package', { params: { path: { problemId } }, parseAs: 'blob' }),
    'Failed to export the package.',
  );
  saveFile(`problem-${problemId}.zip`, blob as Blob);
}

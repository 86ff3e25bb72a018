import { api, unwrap } from '../../api/client';

/** A problem with what the caller may see of it (test cases only for those the server allows, SPEC 6). */
export const fetchProblem = (problemId: number, includePrivate: boolean) => unwrap(api.GET('/api/problems/{problemId}', { params: { path: { problemId }, query: { includePrivate } } }));
export type ProblemDetail = Awaited<ReturnType<typeof fetchProblem>>;

import { PAGE_SIZE } from '@oj/contracts';

import { api, unwrap } from '../../api/client';
import type { SubmissionPage } from '../../live/live-paging';
import type { SubmissionFilters } from './submission-filters';

/** Which submissions a list shows: the platform-wide list with its filters, the user's own, or one problem's. */
export type SubmissionListSource =
  | { kind: 'global'; filters: SubmissionFilters }
  | { kind: 'mine' }
  | { kind: 'problem'; problemId: number; scope: 'mine' | 'all' }
  | { kind: 'contest'; contestId: number };

const LOAD_FAILED = 'Failed to load submissions.';

/** Only the filters that are set; SPEC 5: the problem id is a number. */
function globalQuery(f: SubmissionFilters) {
  return {
    ...(f.status ? { status: [f.status] } : {}),
    ...(f.user ? { user: f.user } : {}),
    ...(f.problemId ? { problemId: Number(f.problemId) } : {}),
    ...(f.dateFrom ? { dateFrom: f.dateFrom } : {}),
    ...(f.dateTo ? { dateTo: f.dateTo } : {}),
  };
}

/** One page (20, newest first) of a list's submissions. */
export function fetchSubmissionPage(source: SubmissionListSource, page: number): Promise<SubmissionPage> {
  const paging = { page, limit: PAGE_SIZE, sort: '-createdAt' as const };
  switch (source.kind) {
    case 'global':
      return unwrap(api.GET('/api/submissions', { params: { query: { ...paging, ...globalQuery(source.filters) } } }), LOAD_FAILED);
    case 'mine':
      return unwrap(api.GET('/api/submissions/mine', { params: { query: paging } }), LOAD_FAILED);
    case 'problem':
      return unwrap(
        api.GET('/api/problems/{problemId}/submissions', {
          params: { path: { problemId: source.problemId }, query: { ...paging, scope: source.scope } },
        }),
        LOAD_FAILED,
      );
    case 'contest':
      return unwrap(
        api.GET('/api/contests/{contestId}/submissions', { params: { path: { contestId: source.contestId }, query: paging } }),
        LOAD_FAILED,
      );
  }
}

export function resubmit(id: string) {
  return unwrap(api.POST('/api/submissions/{id}/resubmit', { params: { path: { id } } }), 'Failed to re-submit submission.');
}

/** Admins: judge the submission again, keeping its id. */
export function rejudgeSubmission(id: string) {
  return unwrap(api.POST('/api/submissions/{id}/rejudge', { params: { path: { id } } }), 'Failed to rejudge submission.');
}

/**
 * The live stream and its catch-up poll for a list. The one place paths are written by hand: the SSE helper
 * reads an event stream through fetch, which the generated client does not do. A contest's list (the caller's
 * own) follows the caller's events on the global stream.
 */
export function livePathsOf(source: SubmissionListSource): { streamPath: string; updatesPath: string } {
  const base = source.kind === 'problem' ? `/api/problems/${source.problemId}/submissions` : '/api/submissions';
  return { streamPath: `${base}/stream`, updatesPath: `${base}/updates` };
}

import type { Schemas } from '@oj/api-client';
import { PROBLEM_ARCHIVE_LIMIT } from '@oj/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { useUserProfile } from '../../profile/hooks/useUserProfile';
import type { ArchiveQuery } from '../archive-query';

export type ArchiveProblem = Schemas['ProblemSummaryDto'];
export type ProblemMark = 'solved' | 'attempted';

/** One page of the archive; the previous page stays on screen while the next one loads. */
export function useProblemArchive(view: ArchiveQuery) {
  const { isAdmin } = useSession();
  const { q, difficulty, tag, visibility, sort, order, page } = view;
  const query = {
    limit: PROBLEM_ARCHIVE_LIMIT,
    page,
    sort,
    order,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(difficulty ? { difficulty } : {}),
    ...(tag ? { tag } : {}),
    ...(isAdmin ? { visibility } : {}),
  };
  return useQuery({
    queryKey: queryKeys.problemList(query),
    queryFn: () => unwrap(api.GET('/api/problems', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}

/** The signed-in user's solved and attempted problems, by number; empty for a guest. */
export function useProblemMarks(): Map<number, ProblemMark> {
  const { user } = useSession();
  const username = user?.username ?? '';
  const tried = useUserProfile(username, undefined, Boolean(username));
  return useMemo(() => {
    const marks = new Map<number, ProblemMark>();
    for (const p of tried.data?.attempted ?? []) marks.set(p.problemId, 'attempted');
    for (const p of tried.data?.solved ?? []) marks.set(p.problemId, 'solved');
    return marks;
  }, [tried.data]);
}

/** Admins: make a problem public or private, or delete it; either refreshes every problem list. */
export function useProblemAdminActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.problems() });
  const toggleVisibility = useMutation({
    mutationFn: (p: ArchiveProblem) =>
      unwrap(
        api.PATCH('/api/problems/{problemId}/visibility', {
          params: { path: { problemId: p.problemId } },
          body: { isPublic: !p.isPublic },
        }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (p: ArchiveProblem) => unwrap(api.DELETE('/api/problems/{problemId}', { params: { path: { problemId: p.problemId } } })),
    onSuccess: refresh,
  });
  return { toggleVisibility, remove };
}

import { PROBLEM_ARCHIVE_LIMIT } from '@oj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';
import { useUserProfile } from '../../profile/hooks/useUserProfile';
import type { ArchiveQuery } from '../archive-query';

export type ProblemMark = 'solved' | 'attempted';

/** One page of the archive; the previous page stays on screen while the next one loads. */
export function useProblemArchive(view: ArchiveQuery) {
  const { isAdmin } = useSession();
  const { q, difficulty, tags, visibility, sort, order, page } = view;
  const query = {
    limit: PROBLEM_ARCHIVE_LIMIT,
    page,
    sort,
    order,
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(difficulty ? { difficulty } : {}),
    ...(tags.length ? { tag: tags } : {}),
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

import { MAX_PAGE_SIZE } from '@oj/contracts';
import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

interface Compared {
  id: string;
  userId: string | null;
  problemId: number;
  canViewSource: boolean;
}

/**
 * The submitter's other submissions to the same problem (the latest hundred, newest first): what their submission
 * may be compared with. Asked only by someone who may read this one's source, its submitter or an admin, who may
 * read theirs too; never another user's list.
 */
export function useComparableSubmissions({ id, userId, problemId, canViewSource }: Compared) {
  return useQuery({
    queryKey: queryKeys.comparableSubmissions(userId ?? '', problemId),
    queryFn: () =>
      unwrap(
        api.GET('/api/submissions', {
          params: { query: { user: userId ?? '', problemId, page: 1, limit: MAX_PAGE_SIZE, sort: '-createdAt' } },
        }),
        'Failed to load submissions.',
      ),
    enabled: canViewSource && !!userId,
    // The user filter also matches names; only the submitter's own rows are offered.
    select: (page) => page.items.filter((row) => row.userId === userId && row.id !== id),
  });
}

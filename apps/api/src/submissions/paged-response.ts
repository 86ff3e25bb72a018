import type { Paged, SubmissionRow } from '@oj/contracts';

import type { CountedPage } from './submission-queries';

/** The paged body every submissions list returns; a capped total says so only when it is one. */
export function pagedResponse({ items, total, totalCapped }: CountedPage, query: { page: number; limit: number }): Paged<SubmissionRow> {
  return {
    items,
    total,
    totalPages: Math.ceil(total / query.limit),
    page: query.page,
    limit: query.limit,
    ...(totalCapped ? { totalCapped } : {}),
  };
}

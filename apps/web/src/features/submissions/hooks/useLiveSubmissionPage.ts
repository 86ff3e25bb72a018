import { LiveEvent } from '@oj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { queryKeys } from '../../../api/query-keys';
import { applyLiveEvent, SubmissionPage } from '../../../live/live-paging';
import { useSubmissionStream } from '../../../live/useSubmissionStream';
import { useSession } from '../../../session/SessionProvider';
import { fetchSubmissionPage, livePathsOf, SubmissionListSource } from '../api';

/**
 * One page of a submissions list, kept current by the live stream (SPEC 4 paging rules): each event the list
 * `matches` is put in place on the cached page, and every event goes on to `onEvent`.
 */
export function useLiveSubmissionPage(
  source: SubmissionListSource,
  page: number,
  matches: (event: LiveEvent) => boolean,
  onEvent?: (event: LiveEvent) => void,
) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.submissionPage(source, page);
  const list = useQuery({ queryKey: key, queryFn: () => fetchSubmissionPage(source, page) });
  useSubmissionStream({
    enabled: !!user,
    ...livePathsOf(source),
    onEvent: (event) => {
      queryClient.setQueryData<SubmissionPage>(key, (current) => (current ? applyLiveEvent(current, event, matches) : current));
      onEvent?.(event);
    },
  });
  return list;
}

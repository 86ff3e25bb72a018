import { ANNOUNCEMENTS_LIMIT } from '@oj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import type { AnnouncementDraft } from '../components/AnnouncementForm';

/** The announcements (pinned first) with their create, update and delete calls, each refreshing the list. */
export function useAnnouncements() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: queryKeys.announcements(),
    queryFn: () => unwrap(api.GET('/api/announcements', { params: { query: { limit: ANNOUNCEMENTS_LIMIT, pinnedFirst: true } } })),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.announcements() });
  const save = useMutation({
    mutationFn: async ({ id, draft }: { id?: string; draft: AnnouncementDraft }) => {
      if (id) await unwrap(api.PUT('/api/announcements/{id}', { params: { path: { id } }, body: draft }), 'Failed to update announcement.');
      else await unwrap(api.POST('/api/announcements', { body: draft }), 'Failed to create announcement.');
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(api.DELETE('/api/announcements/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
  return { list, save, remove };
}

export function useProblemUpdates() {
  return useQuery({
    queryKey: queryKeys.problemUpdates(),
    queryFn: () => unwrap(api.GET('/api/problem-updates', { params: { query: { limit: ANNOUNCEMENTS_LIMIT } } })),
  });
}

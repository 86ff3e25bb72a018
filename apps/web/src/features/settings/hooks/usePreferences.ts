import type { Schemas } from '@oj/api-client';
import { DEFAULT_PREFERENCES, UserPreferences } from '@oj/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { useSession } from '../../../session/SessionProvider';

const SAVE_FAILED = 'Failed to save editor settings.';

/** The signed-in user's editor settings as the server keeps them; not asked for a guest. */
export function usePreferencesQuery() {
  const { user } = useSession();
  return useQuery({
    queryKey: queryKeys.preferences(user?.id ?? ''),
    queryFn: () => unwrap(api.GET('/api/users/me/preferences')),
    enabled: !!user,
    // Changed only through this SPA, which writes the answer of each save into the cache.
    staleTime: Infinity,
  });
}

/** The settings the editor applies now: the user's, or the defaults for a guest and until they load. */
export function usePreferences(): UserPreferences {
  return usePreferencesQuery().data ?? DEFAULT_PREFERENCES;
}

/** Saves the settings; the saved ones go straight into the cache the editor reads. */
export function useSavePreferences() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['UpdatePreferencesDto']) => unwrap(api.PUT('/api/users/me/preferences', { body }), SAVE_FAILED),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.preferences(user?.id ?? ''), saved),
  });
}

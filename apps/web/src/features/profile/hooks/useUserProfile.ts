import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';
import { currentUtcYear } from '../../../components/YearSelect';

/**
 * A user's profile with one UTC year's heatmap, as the caller may see it. A 403 (private) or 404 is an answer, not a
 * hiccup: no retry. The same user's previous year stays on screen while another loads; another user's profile (or
 * none, after a logout) never shows in its place.
 */
export function useUserProfile(username: string, year = currentUtcYear(), enabled = true) {
  return useQuery({
    queryKey: queryKeys.userDashboard(username, year),
    queryFn: () => unwrap(api.GET('/api/users/{username}/dashboard', { params: { path: { username }, query: { year } } })),
    enabled,
    retry: false,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === username ? previous : undefined),
  });
}

import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The signed-in user's summary and heatmap for a UTC year. */
export function useDashboard(year: number) {
  const summary = useQuery({
    queryKey: queryKeys.dashboardSummary(year),
    queryFn: () => unwrap(api.GET('/api/dashboard/me/summary', { params: { query: { year } } })),
  });
  const heatmap = useQuery({
    queryKey: queryKeys.dashboardHeatmap(year),
    queryFn: () => unwrap(api.GET('/api/dashboard/me/heatmap', { params: { query: { year } } })),
  });
  return { summary, heatmap };
}

/**
 * A user's public dashboard (their solved and attempted problems): for anyone when the profile is public, else
 * for its owner and admins. `retry: false` where a refusal (403, 404) is the answer to show.
 */
export function useUserDashboard(username: string, { enabled = true, retry = true }: { enabled?: boolean; retry?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.userDashboard(username),
    queryFn: () => unwrap(api.GET('/api/users/{username}/dashboard', { params: { path: { username } } })),
    enabled,
    ...(retry ? {} : { retry: false }),
  });
}

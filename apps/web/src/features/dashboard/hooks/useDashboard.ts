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

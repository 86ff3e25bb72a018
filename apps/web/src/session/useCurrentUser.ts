import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '../api/client';
import { queryKeys } from '../api/query-keys';

/** The signed-in user (GET /api/auth/me), asked for while an access token exists; a refusal is not retried. */
export function useCurrentUser(hasToken: boolean) {
  return useQuery({ queryKey: queryKeys.me(), queryFn: () => unwrap(api.GET('/api/auth/me')), enabled: hasToken, retry: false });
}

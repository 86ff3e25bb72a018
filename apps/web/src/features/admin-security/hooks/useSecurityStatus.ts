import { useQuery } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import { queryKeys } from '../../../api/query-keys';

/** The site's security warnings for admins (who still uses the default password); asked for by admins only. */
export function useSecurityStatus(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.adminSecurity(),
    queryFn: () => unwrap(api.GET('/api/admin/security')),
    enabled,
    // Checked again on every admin page, so the warning goes as soon as the password has changed.
    staleTime: 0,
  });
}

import type { Schemas } from '@oj/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { queryKeys } from '../../../api/query-keys';

type AdminUser = Schemas['AdminUserDto'];

/**
 * Admins: every account, and the changes to one: promote or demote, activate or deactivate, delete. After each
 * change the list is read again; `onSuccess`/`onError` say how it went.
 */
export function useAdminUsers({ onSuccess, onError }: Pick<MutationCallbacks, 'onSuccess' | 'onError'>) {
  const queryClient = useQueryClient();
  const users = useQuery({ queryKey: queryKeys.adminUsers(), queryFn: () => unwrap(api.GET('/api/admin/users')) });
  const act = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      onSuccess?.(undefined);
      return queryClient.invalidateQueries({ queryKey: queryKeys.adminUsers() });
    },
    onError: (error) => onError?.(error),
  });
  const path = (u: Pick<AdminUser, 'id'>) => ({ params: { path: { id: u.id } } });
  return {
    users,
    toggleRole: (u: AdminUser) =>
      act.mutate(() =>
        unwrap(api.PATCH('/api/admin/users/{id}/role', { ...path(u), body: { role: u.role === 'admin' ? 'user' : 'admin' } })),
      ),
    toggleActive: (u: AdminUser) =>
      act.mutate(() => unwrap(api.PATCH('/api/admin/users/{id}/status', { ...path(u), body: { isActive: !u.isActive } }))),
    remove: (u: Pick<AdminUser, 'id'>) => act.mutate(() => unwrap(api.DELETE('/api/admin/users/{id}', path(u)))),
  };
}

import type { Schemas } from '@oj/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, unwrap } from '../../../api/client';
import type { MutationCallbacks } from '../../../api/mutation-callbacks';
import { queryKeys } from '../../../api/query-keys';
import { writeTokens } from '../../../session/session-store';
import { useSession } from '../../../session/SessionProvider';

type CurrentUser = Schemas['UserResponseDto'];

/** Display name, bio and avatar; the session's user is the saved one at once. */
export function useSaveProfile(callbacks: MutationCallbacks<CurrentUser, Schemas['UpdateProfileDto']>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['UpdateProfileDto']) => unwrap(api.PATCH('/api/auth/me/profile', { body }), 'Failed to update profile.'),
    ...callbacks,
    onSuccess: (updated, body) => {
      queryClient.setQueryData(queryKeys.me(), updated);
      return callbacks.onSuccess?.(updated, body);
    },
  });
}

/** A new password; the server answers with new tokens, since it ends every other session. */
export function useChangePassword(callbacks: MutationCallbacks<Schemas['AuthResponseDto'], Schemas['ChangePasswordDto']>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['ChangePasswordDto']) => unwrap(api.PATCH('/api/auth/me/password', { body }), 'Failed to update password.'),
    ...callbacks,
    onSuccess: (session, body) => {
      writeTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken });
      // The admin pages' default-password warning may be about this very password.
      queryClient.removeQueries({ queryKey: queryKeys.adminSecurity() });
      return callbacks.onSuccess?.(session, body);
    },
  });
}

/** Whether the profile (the public dashboard) is public; the session's user follows once saved. */
export function useProfileVisibility({ onError }: Pick<MutationCallbacks<unknown, boolean>, 'onError'>) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profilePublic: boolean) => unwrap(api.PUT('/api/users/me/profile', { body: { profilePublic } })),
    onError,
    onSuccess: ({ profilePublic }) => queryClient.setQueryData(queryKeys.me(), user ? { ...user, profilePublic } : user),
  });
}

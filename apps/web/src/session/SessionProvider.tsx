import type { Schemas } from '@oj/api-client';
import { isAdmin, type Viewer } from '@oj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';

import { sessionApi } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { onTokensChange, readTokens, SESSION_KEY, writeTokens } from './session-store';
import { useCurrentUser } from './useCurrentUser';

export type CurrentUser = Schemas['UserResponseDto'];

interface SessionValue {
  user: CurrentUser | null;
  /** The same user as the shared access rules take it (undefined for a guest). */
  viewer: Viewer;
  loading: boolean;
  isAdmin: boolean;
  signIn: (session: Schemas['AuthResponseDto']) => void;
  logout: () => Promise<void>;
  accessToken: () => string | undefined;
}

const SessionContext = createContext<SessionValue | null>(null);

/** Tokens in local storage; the current user fetched with GET /api/auth/me whenever an access token exists. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [hasToken, setHasToken] = useState(() => readTokens() !== null);
  useEffect(() => onTokensChange((tokens) => setHasToken(tokens !== null)), []);
  // Logging in or out in another tab applies here too.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== SESSION_KEY && e.key !== null) return;
      setHasToken(readTokens() !== null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.me() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);

  const me = useCurrentUser(hasToken);

  const signIn = useCallback<SessionValue['signIn']>(
    (session) => {
      writeTokens({ accessToken: session.accessToken, refreshToken: session.refreshToken });
      queryClient.setQueryData(queryKeys.me(), session.user);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    const tokens = readTokens();
    // SPEC 7: logout errors are ignored; the session ends here either way.
    if (tokens) await sessionApi.POST('/api/auth/logout', { body: { refreshToken: tokens.refreshToken } }).catch(() => undefined);
    writeTokens(null);
    queryClient.removeQueries({ queryKey: queryKeys.me() });
    void queryClient.invalidateQueries();
  }, [queryClient]);

  const user = hasToken ? (me.data ?? null) : null;
  const value = useMemo<SessionValue>(
    () => ({
      user,
      viewer: user ?? undefined,
      loading: hasToken && me.isPending,
      isAdmin: isAdmin(user),
      signIn,
      logout,
      accessToken: () => readTokens()?.accessToken,
    }),
    [user, hasToken, me.isPending, signIn, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

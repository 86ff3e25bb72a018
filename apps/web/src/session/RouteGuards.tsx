import { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { useSession } from './SessionProvider';

/** Logged-in routes: 'Loading session…' while loading; guests go to /login, which returns them here. */
export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { user, loading, isAdmin } = useSession();
  const location = useLocation();
  if (loading)
    return (
      <p className="muted" role="status">
        Loading session…
      </p>
    );
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (admin && !isAdmin) return <Navigate to="/" replace />;
  return <>{children}</>;
}

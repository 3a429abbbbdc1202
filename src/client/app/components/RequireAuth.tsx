import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useSession } from '../hooks/session';

export const LOGIN_PATH = '/profile/login';

/**
 * The routes that need login (SPEC §2): anonymous visitors go to the login page, which brings them
 * back here afterwards. A stored token is trusted at once, so the phone works offline; the server
 * checks it in the background and a refusal signs out (client/commands/account checkSession).
 */
export function RequireAuth() {
  const { userId } = useSession();
  const location = useLocation();
  if (userId === null)
    return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}

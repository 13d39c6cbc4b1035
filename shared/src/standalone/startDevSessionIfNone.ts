import { DEV_TOKEN_PREFIX } from '../api/devFallback/devFallback';
import { authStore } from '../session/authStore';
import { toRole } from '../contract/roles';

/**
 * A remote on its own dev server has no sign-in page: it starts a `dev-token-` session
 * (served by the development sample data) as the role in `?role=` (default Admin). A dev
 * session stored by an earlier visit gives way to the role the address asks for; a real
 * sign-in stored in this browser is kept.
 */
export function startDevSessionIfNone(search = window.location.search): void {
  if (process.env.NODE_ENV === 'production') return;
  const { status, token, user, setSession } = authStore.getState();
  const asked = new URLSearchParams(search).get('role');
  const storedDev = Boolean(token?.startsWith(DEV_TOKEN_PREFIX));
  if (status !== 'anonymous' && !storedDev) return;
  const role = toRole(asked ?? (storedDev ? (user?.role ?? 'Admin') : 'Admin'));
  setSession(
    { token: `dev-token-${role.toLowerCase()}`, refreshToken: null },
    { id: '0', email: 'dev@auditdesk.local', name: `Dev ${role}`, role },
  );
}

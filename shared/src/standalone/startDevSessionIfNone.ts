import { authStore } from '../auth/authStore';
import { toRole } from '../auth/roles';

/**
 * A remote on its own dev server has no sign-in page: it starts a `dev-token-` session
 * (served by the development sample data) as the role in `?role=` (default Admin).
 */
export function startDevSessionIfNone(): void {
  if (process.env.NODE_ENV === 'production' || authStore.getState().status !== 'anonymous') return;
  const role = toRole(new URLSearchParams(window.location.search).get('role') ?? 'Admin');
  authStore
    .getState()
    .setSession(
      { token: `dev-token-${role.toLowerCase()}`, refreshToken: null },
      { id: '0', email: 'dev@auditdesk.local', name: `Dev ${role}`, role },
    );
}

import type { RouteOptions } from 'fastify';
import type { AuthenticateHook } from '../../platform/http/authenticate';

/** The roles a route admits, read from its authenticate hook; null for a public route. */
export function rolesOf(route: Pick<RouteOptions, 'onRequest'> | undefined): readonly string[] | null {
  const hooks = route?.onRequest;
  const list = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  const guard = list.find((hook): hook is AuthenticateHook =>
    Array.isArray((hook as Partial<AuthenticateHook>).roles),
  );
  return guard ? guard.roles : null;
}

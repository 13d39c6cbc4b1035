import type { FastifyInstance } from 'fastify';
import { rolesOf } from '../docs/describeAccess';
import type { AuthenticateHook } from './authenticate';

/**
 * Puts the authenticate hook first on every route this plugin registers afterwards: the
 * routes carry it themselves, so the API document can tell who may call each one. A route
 * that names its own roles keeps its own guard instead.
 */
export function guardEveryRoute(app: FastifyInstance, hook: AuthenticateHook): void {
  app.addHook('onRoute', (route) => {
    if (rolesOf(route) !== null) return;
    const own = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [hook, ...own];
  });
}

import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpProblem } from '../errors/httpProblem';

const WINDOW_MS = 60_000;

/**
 * A pre-handler that limits a route per client address and per account (the account is
 * named by a body field). Over either limit: 429 with Retry-After.
 */
export async function createAttemptLimiter(
  app: FastifyInstance,
  {
    perIp,
    perAccount,
    accountOf,
  }: { perIp: number; perAccount: number; accountOf: (request: FastifyRequest) => string },
): Promise<preHandlerAsyncHookHandler> {
  if (!app.hasDecorator('createRateLimit')) await app.register(rateLimit, { global: false });
  const byIp = app.createRateLimit({
    max: perIp,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: perAccount,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `account:${accountOf(request)}`,
  });

  return async function limitAttempts(request, reply) {
    for (const limiter of [byIp, byAccount]) {
      const verdict = await limiter(request);
      // isAllowed is true only for allow-listed keys; the count decides the rest
      if (!verdict.isAllowed && verdict.isExceeded) {
        reply.header('retry-after', String(verdict.ttlInSeconds));
        throw new HttpProblem(429, `Too many attempts. Try again in ${verdict.ttlInSeconds} seconds.`);
      }
    }
  };
}

import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './appContext';
import { createAccessTokens } from './auth/accessTokens';
import { authRoutes } from './auth/authRoutes';
import { createAuthenticate } from './auth/authenticate';
import { resolveJwtSecret } from './auth/jwtSecret';
import { createRefreshTokens } from './auth/refreshTokens';
import type { Config } from './config/loadConfig';
import type { AppDatabase } from './db/openDatabase';
import { errorHandler } from './errors/errorHandler';
import { healthRoutes } from './health/healthRoutes';
import { loggerOptions } from './logging/loggerOptions';
import { createUsersRepository } from './users/usersRepository';
import { securityHeaders } from './web/securityHeaders';
import { remotesManifest } from './web/remotesManifest';
import { webAssets } from './web/webAssets';

export interface BuildAppOptions {
  config: Config;
  db: AppDatabase;
}

/** The whole HTTP application, ready to listen or to be driven with inject() in tests. */
export async function buildApp({ config, db }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: true,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const users = createUsersRepository(db);
  const accessTokens = createAccessTokens(resolveJwtSecret(config.jwtSecret, config.dataDir));
  const ctx: AppContext = { config, db, users, accessTokens, refreshTokens: createRefreshTokens(db) };
  const authenticate = createAuthenticate(ctx);

  await app.register(errorHandler);
  await app.register(securityHeaders, { config });
  await app.register(compress, { threshold: 1024 });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { prefix: '/auth', ctx, authenticate });
    },
    { prefix: '/api' },
  );

  await app.register(remotesManifest, { config });
  if (config.serveWeb) await app.register(webAssets, { config });
  return app;
}

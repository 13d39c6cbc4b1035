import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './appContext';
import { createAccessTokens } from './auth/accessTokens';
import { authRoutes } from './auth/authRoutes';
import { createAuthenticate, createTokenUser } from './auth/authenticate';
import { resolveJwtSecret } from './auth/jwtSecret';
import { oidcRoutes } from './auth/oidc/oidcRoutes';
import { createPasswordLinks } from './auth/passwordLinks';
import { createRefreshTokens } from './auth/refreshTokens';
import type { Config } from './config/loadConfig';
import type { AppDatabase } from './db/openDatabase';
import { errorHandler } from './errors/errorHandler';
import { healthRoutes } from './health/healthRoutes';
import { dashboardRoutes } from './leads/dashboardRoutes';
import { createLeadsRepository } from './leads/leadsRepository';
import { leadsRoutes } from './leads/leadsRoutes';
import { loggerOptions } from './logging/loggerOptions';
import { createGridData } from './scheduling/gridData';
import { createSchedulingStats } from './scheduling/schedulingStats';
import { gridDataRoute, schedulingRoutes } from './scheduling/schedulingRoutes';
import { hubRoutes } from './realtime/hubRoutes';
import { redisPlugin } from './redis/redisPlugin';
import { resourcesRoutes } from './resources/resourcesRoutes';
import { createSyncHub, SYNC_GROUP, type SyncHub } from './realtime/syncHub';
import { hubProgress } from './sync/engine/hubProgress';
import { syncRoutes } from './sync/syncRoutes';
import { createSyncService, type SyncService } from './sync/syncService';
import { accessRoutes } from './users/accessRoutes';
import { userRoutes } from './users/userRoutes';
import { createUsersRepository } from './users/usersRepository';
import { createUsersService } from './users/usersService';
import { securityHeaders } from './web/securityHeaders';
import { remotesManifest } from './web/remotesManifest';
import { webAssets } from './web/webAssets';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sync runner, for the first-start import and the schedule. */
    syncService: SyncService;
    /** The realtime hub, for tests and operational closes. */
    syncHub: SyncHub;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: AppDatabase;
  /** Runs before any route is registered (tests use it to watch onRoute). */
  beforeRoutes?: (app: FastifyInstance) => void;
}

/** The whole HTTP application, ready to listen or to be driven with inject() in tests. */
export async function buildApp({ config, db, beforeRoutes }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: true,
    // SSE streams and held long polls would otherwise keep close() waiting
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  beforeRoutes?.(app);

  const users = createUsersRepository(db);
  const refreshTokens = createRefreshTokens(db);
  const ctx: AppContext = {
    config,
    db,
    users,
    refreshTokens,
    accessTokens: createAccessTokens(resolveJwtSecret(config.jwtSecret, config.dataDir)),
    passwordLinks: createPasswordLinks(db),
    usersService: createUsersService(users, refreshTokens),
  };
  const authenticate = createAuthenticate(ctx);
  const hub = createSyncHub();
  const sync = createSyncService({
    db,
    config,
    progress: hubProgress((target, args) => hub.broadcast(SYNC_GROUP, target, args)),
  });
  const leads = createLeadsRepository(db);
  const grid = createGridData(db, config.auditors);
  app.decorate('syncService', sync);
  app.decorate('syncHub', hub);
  // before the server waits for open requests: SSE streams and held polls never end by themselves
  app.addHook('preClose', async () => hub.stop());

  await app.register(errorHandler);
  await app.register(securityHeaders, { config });
  await app.register(compress, { threshold: 1024 });
  await app.register(redisPlugin, { settings: config.redis });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(authRoutes, { prefix: '/auth', ctx, authenticate });
      await api.register(oidcRoutes, { prefix: '/auth', ctx });
      await api.register(userRoutes, { prefix: '/user', ctx, authenticate });
      await api.register(accessRoutes, { prefix: '/useraccess', ctx, authenticate });
      await api.register(syncRoutes, { prefix: '/sync', sync, authenticate });
      await api.register(gridDataRoute, { prefix: '/leads', grid, authenticate });
      await api.register(leadsRoutes, { prefix: '/leads', leads, authenticate });
      await api.register(schedulingRoutes, {
        prefix: '/scheduling',
        stats: createSchedulingStats(db, grid, config.auditors),
        config,
        authenticate,
      });
      await api.register(dashboardRoutes, { prefix: '/dashboard', leads, sync, authenticate });
      await api.register(resourcesRoutes, { prefix: '/resources', config, redis: app.redis, authenticate });
    },
    { prefix: '/api' },
  );

  await app.register(hubRoutes, { hub, tokenUser: createTokenUser(ctx), config });
  await app.register(remotesManifest, { config });
  if (config.serveWeb) await app.register(webAssets, { config });
  return app;
}

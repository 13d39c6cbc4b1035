import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './features/auth/authRoutes';
import { oidcRoutes } from './features/auth/oidc/oidcRoutes';
import { apiDocs } from './features/docs/apiDocs';
import { errorHandler } from './platform/errors/errorHandler';
import { clientErrorHandler, frameworkErrors } from './platform/errors/frameworkErrors';
import { healthRoutes } from './platform/health/healthRoutes';
import { businessRoutes } from './features/business/businessRoutes';
import { dashboardRoutes } from './features/dashboard/dashboardRoutes';
import { leadImportRoutes } from './features/leads/import/leadImportRoutes';
import { leadActionsRoutes } from './features/leads/actions/leadActionsRoutes';
import { duplicatesRoutes } from './features/leads/duplicates/duplicatesRoutes';
import { leadsRoutes } from './features/leads/leadsRoutes';
import { gridDataRoutes } from './features/leads/grid/gridDataRoutes';
import { loggerOptions } from './platform/logging/loggerOptions';
import { notificationsRoutes } from './features/notifications/notificationsRoutes';
import { preferencesRoutes } from './features/preferences/preferencesRoutes';
import { viewsRoutes } from './features/views/viewsRoutes';
import { hubRoutes } from './features/realtime/hubRoutes';
import { redisPlugin } from './platform/redis/redisPlugin';
import { releaseFiles } from './features/releases/releaseFiles';
import { releasesRoutes } from './features/releases/releasesRoutes';
import { resourcesRoutes } from './features/resources/resourcesRoutes';
import { backupsRoutes } from './features/backups/backupsRoutes';
import { agendaFeedRoutes } from './features/scheduling/agenda/agendaFeedRoutes';
import { agendaRoutes } from './features/scheduling/agenda/agendaRoutes';
import { schedulingRoutes } from './features/scheduling/schedulingRoutes';
import { syncRoutes } from './features/sync/syncRoutes';
import { accessRoutes } from './features/users/accessRoutes';
import { userRoutes } from './features/users/userRoutes';
import { remotesManifest } from './features/releases/remotesManifest';
import { securityHeaders } from './platform/web/securityHeaders';
import { webAssets } from './platform/web/webAssets';
import { createServices, type Services, type ServicesOptions } from './services';

/** The services' settings and stand-ins (see createServices), and how the app itself runs. */
export interface BuildAppOptions extends Omit<ServicesOptions, 'redis' | 'log'> {
  /** Runs before any route is registered (tests use it to watch onRoute). */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** Logs for a person at a terminal: readable, and without a line per request. */
  terminal?: boolean;
  /** Where the log lines go, at LOG_LEVEL even in tests (which read them); default stdout. */
  logStream?: DestinationStream;
}

/**
 * The whole HTTP application, ready to listen or to be driven with inject() in tests, and the
 * services it serves (built once, in services.ts): the routes of each feature get what they use.
 */
export async function buildApp({
  config,
  db,
  beforeRoutes,
  terminal = false,
  logStream,
  ...options
}: BuildAppOptions): Promise<{ app: FastifyInstance; services: Services }> {
  const app = Fastify({
    logger: loggerOptions(config, terminal, logStream),
    // on a terminal the request lines would scroll the start message away; errors are still logged
    logController: new LogController({ disableRequestLogging: terminal }),
    // the client's address comes from X-Forwarded-For only when a configured proxy says so
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // SSE streams and held long polls would otherwise keep close() waiting
    forceCloseConnections: true,
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    ajv: { customOptions: { removeAdditional: false } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  beforeRoutes?.(app);
  // first: with REDIS_URL the hub, caches, limits and sync lock are shared through it
  await app.register(redisPlugin, { settings: config.redis });
  const redis = app.redis;
  const services = createServices({ config, db, ...options, redis, log: app.log });
  const { authenticate, counters, hub, leads, sendVersioned, sync, users, usersService } = services;
  services.gate.install(app);
  app.addHook('onReady', services.start);
  app.addHook('onClose', services.stop);
  // before the server waits for open requests: SSE streams and held polls never end by themselves
  app.addHook('preClose', async () => hub.stop());

  await app.register(errorHandler);
  await app.register(securityHeaders, { config });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(apiDocs, { config });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db });
      const { passwords, accessTokens, signIns, passwordLinks, passwordMail, issueTokens } = services;
      await api.register(authRoutes, {
        users,
        passwords,
        accessTokens,
        signIns,
        passwordLinks,
        passwordMail,
        issueTokens,
        config,
        authenticate,
        signInLimiter: services.signInLimiter,
        counters,
      });
      await api.register(oidcRoutes, { config, users, issueTokens, counters, stores: services.stores });
      const invitations = passwordMail;
      await api.register(userRoutes, { users, usersService, invitations, config, authenticate });
      await api.register(accessRoutes, { users, usersService, invitations, authenticate });
      await api.register(syncRoutes, {
        sync,
        authenticate,
        syncRoles: config.syncRoles,
        counters,
        runsPerHour: config.syncRateLimitPerHour,
      });
      await api.register(gridDataRoutes, {
        leads,
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
        authenticate,
        sendVersioned,
      });
      await api.register(leadsRoutes, { leads, authenticate, sendVersioned });
      await api.register(leadImportRoutes, {
        leadImport: services.leadImport,
        authenticate,
        maxBytes: config.importMaxBytes,
        restorePoint: services.backups.beforeChange,
      });
      await api.register(leadActionsRoutes, {
        bulk: services.leadActions.bulk,
        undo: services.leadActions.undo,
        merge: services.leadActions.merge,
        notifier: services.notifier,
        authenticate,
        restorePoint: services.backups.beforeChange,
      });
      await api.register(duplicatesRoutes, {
        duplicates: services.duplicates,
        leads,
        authenticate,
        sendVersioned,
      });
      await api.register(schedulingRoutes, {
        stats: services.schedulingStats,
        leads,
        config,
        authenticate,
        sendVersioned,
      });
      await api.register(agendaRoutes, {
        leads,
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
        authenticate,
      });
      await api.register(agendaFeedRoutes, {
        feeds: services.agendaFeeds,
        leads,
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
        publicOrigin: config.publicOrigin,
        authenticate,
      });
      await api.register(businessRoutes, {
        timeZone: config.calendar.timeZone,
        writeBack: services.writeBack.mode,
        authenticate,
      });
      await api.register(dashboardRoutes, { leads, sync, authenticate, cache: services.readCache });
      await api.register(notificationsRoutes, {
        notifications: services.notificationsRepository,
        authenticate,
      });
      await api.register(preferencesRoutes, { preferences: services.preferences, authenticate });
      await api.register(viewsRoutes, { views: services.savedViews, authenticate });
      await api.register(releasesRoutes, {
        releases: services.releases,
        stages: services.releaseStages,
        previews: services.releasePreviews,
        repository: services.releasesRepository,
        live: services.liveRemotes,
        watch: services.releaseWatch,
        authenticate,
        counters,
      });
      await api.register(backupsRoutes, { backups: services.backups, authenticate });
      await api.register(resourcesRoutes, { config, db, redis, authenticate });
    },
    { prefix: '/api' },
  );

  await app.register(hubRoutes, { hub, tokenCaller: services.tokenCaller, config });
  await app.register(remotesManifest, {
    live: services.liveRemotes,
    repository: services.releasesRepository,
    tokenCaller: services.tokenCaller,
    fallback: config.remoteUrls,
  });
  await app.register(releaseFiles, { dir: config.releases.dir });
  if (config.serveWeb) await app.register(webAssets, { config });
  return { app, services };
}

import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { authRoutes } from './features/auth/authRoutes';
import { createTokenCaller } from './features/auth/authenticate';
import { oidcRoutes } from './features/auth/oidc/oidcRoutes';
import type { Mailer } from './features/mail/mailer';
import { apiDocs } from './features/docs/apiDocs';
import { errorHandler } from './platform/errors/errorHandler';
import { clientErrorHandler, frameworkErrors } from './platform/errors/frameworkErrors';
import { healthRoutes } from './platform/health/healthRoutes';
import { businessRoutes } from './features/business/businessRoutes';
import { dashboardRoutes } from './features/dashboard/dashboardRoutes';
import { createLeadImport } from './features/leads/import/leadImport';
import { leadImportRoutes } from './features/leads/import/leadImportRoutes';
import { createLeadActions } from './features/leads/actions/leadActions';
import { leadActionsRoutes } from './features/leads/actions/leadActionsRoutes';
import { createDuplicatesRepository } from './features/leads/duplicates/duplicatesRepository';
import { duplicatesRoutes } from './features/leads/duplicates/duplicatesRoutes';
import { leadsRoutes } from './features/leads/leadsRoutes';
import { gridDataRoutes } from './features/leads/grid/gridDataRoutes';
import { createSignInLimiter } from './platform/limits/signInLimiter';
import { loggerOptions } from './platform/logging/loggerOptions';
import { notificationsRoutes } from './features/notifications/notificationsRoutes';
import { createPreferencesRepository } from './features/preferences/preferencesRepository';
import { preferencesRoutes } from './features/preferences/preferencesRoutes';
import { createSavedViewsRepository } from './features/views/savedViewsRepository';
import { viewsRoutes } from './features/views/viewsRoutes';
import { hubRoutes } from './features/realtime/hubRoutes';
import { redisPlugin } from './platform/redis/redisPlugin';
import { releaseFiles } from './features/releases/releaseFiles';
import { releasesRoutes } from './features/releases/releasesRoutes';
import { resourcesRoutes } from './features/resources/resourcesRoutes';
import { backupsRoutes } from './features/backups/backupsRoutes';
import type { Backups } from './features/backups/backupServices';
import type { SyncHub } from './features/realtime/syncHub';
import { createSchedulingStats } from './features/scheduling/schedulingStats';
import { agendaFeedRoutes } from './features/scheduling/agenda/agendaFeedRoutes';
import { createAgendaFeeds } from './features/scheduling/agenda/agendaFeeds';
import { agendaRoutes } from './features/scheduling/agenda/agendaRoutes';
import { schedulingRoutes } from './features/scheduling/schedulingRoutes';
import { syncRoutes } from './features/sync/syncRoutes';
import type { SyncService } from './features/sync/syncService';
import { accessRoutes } from './features/users/accessRoutes';
import { userRoutes } from './features/users/userRoutes';
import { remotesManifest } from './features/releases/remotesManifest';
import { securityHeaders } from './platform/web/securityHeaders';
import { webAssets } from './platform/web/webAssets';
import { createServices, type ServicesOptions } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sync runner, for the first-start import and the schedule. */
    syncService: SyncService;
    /** The realtime hub, for tests and operational closes. */
    syncHub: SyncHub;
    /** The e-mail outbox; null without SMTP_URL. */
    mailer: Mailer | null;
    /** Restore points and restores (the schedule, the tests). */
    backups: Backups;
  }
}

/** The services' settings and stand-ins (see createServices), and how the app itself runs. */
export interface BuildAppOptions extends Omit<ServicesOptions, 'redis' | 'log'> {
  /** Runs before any route is registered (tests use it to watch onRoute). */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** Logs for a person at a terminal: readable, and without a line per request. */
  terminal?: boolean;
  /** Where the log lines go, at LOG_LEVEL even in tests (which read them); default stdout. */
  logStream?: DestinationStream;
}

/** The whole HTTP application, ready to listen or to be driven with inject() in tests. */
export async function buildApp({
  config,
  db,
  beforeRoutes,
  terminal = false,
  logStream,
  ...options
}: BuildAppOptions): Promise<FastifyInstance> {
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
  const { ctx, authenticate, counters, stores, hub, leads, writeBack, readCache, sendVersioned, sync } =
    services;
  const { notificationsRepository, releases, releasesRepository, liveRemotes } = services;
  services.gate.install(app);
  const { releaseStages, releasePreviews, releaseWatch } = services;
  app.addHook('onReady', services.start);
  app.addHook('onClose', services.stop);
  app.decorate('syncService', sync);
  app.decorate('syncHub', hub);
  app.decorate('mailer', services.mailer);
  app.decorate('backups', services.backups);
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
      await api.register(authRoutes, {
        ctx,
        authenticate,
        counters,
        signInLimiter: createSignInLimiter(counters, config.rateLimits),
      });
      await api.register(oidcRoutes, { ctx, counters, stores });
      await api.register(userRoutes, { ctx, authenticate });
      await api.register(accessRoutes, { ctx, authenticate });
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
        authenticate,
        sendVersioned,
      });
      await api.register(leadsRoutes, { leads, authenticate, sendVersioned });
      const leadImport = createLeadImport(db, {
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
        limits: config.importLimits,
        writeRequests: writeBack.editRequests,
      });
      // rows a crash left staged are removed at start
      api.addHook('onReady', async () => {
        await leadImport.sweep();
      });
      await api.register(leadImportRoutes, {
        leadImport,
        authenticate,
        maxBytes: config.importMaxBytes,
        restorePoint: services.backups.beforeChange,
      });
      const leadActions = createLeadActions(db, writeBack.editRequests);
      await api.register(leadActionsRoutes, {
        bulk: leadActions.bulk,
        undo: leadActions.undo,
        merge: leadActions.merge,
        notifier: services.notifier,
        authenticate,
        restorePoint: services.backups.beforeChange,
      });
      await api.register(duplicatesRoutes, {
        duplicates: createDuplicatesRepository(db),
        leads,
        authenticate,
        sendVersioned,
      });
      await api.register(schedulingRoutes, {
        // the older summary endpoints compare the default pair
        stats: createSchedulingStats(leads, [config.auditors[0], config.auditors[1]]),
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
        feeds: createAgendaFeeds(db),
        leads,
        auditors: config.auditors,
        timeZone: config.calendar.timeZone,
        publicOrigin: config.publicOrigin,
        authenticate,
      });
      await api.register(businessRoutes, {
        timeZone: config.calendar.timeZone,
        writeBack: writeBack.mode,
        authenticate,
      });
      await api.register(dashboardRoutes, {
        leads,
        sync,
        authenticate,
        cache: readCache,
      });
      await api.register(notificationsRoutes, {
        notifications: notificationsRepository,
        authenticate,
      });
      await api.register(preferencesRoutes, {
        preferences: createPreferencesRepository(db),
        authenticate,
      });
      await api.register(viewsRoutes, {
        views: createSavedViewsRepository(db),
        authenticate,
      });
      await api.register(releasesRoutes, {
        releases,
        stages: releaseStages,
        previews: releasePreviews,
        repository: releasesRepository,
        live: liveRemotes,
        watch: releaseWatch,
        authenticate,
        counters,
      });
      await api.register(backupsRoutes, { backups: services.backups, authenticate });
      await api.register(resourcesRoutes, {
        config,
        db,
        redis,
        authenticate,
      });
    },
    { prefix: '/api' },
  );

  await app.register(hubRoutes, { hub, tokenCaller: createTokenCaller(ctx), config });
  await app.register(remotesManifest, {
    live: liveRemotes,
    repository: releasesRepository,
    tokenCaller: createTokenCaller(ctx),
    fallback: config.remoteUrls,
  });
  await app.register(releaseFiles, { dir: config.releases.dir });
  if (config.serveWeb) await app.register(webAssets, { config });
  return app;
}

import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './features/auth/appContext';
import { createAccessTokens } from './features/auth/accessTokens';
import { authRoutes } from './features/auth/authRoutes';
import { createAuthenticate, createTokenCaller } from './features/auth/authenticate';
import { resolveJwtSecret } from './features/auth/jwtSecret';
import { oidcRoutes } from './features/auth/oidc/oidcRoutes';
import { createPasswordLinks } from './features/auth/passwordLinks';
import { createPasswordMail } from './features/auth/passwordMail';
import { createMailer, type Mailer } from './features/mail/mailer';
import { createMailOutboxRepository } from './features/mail/mailOutboxRepository';
import { createSmtpTransport, type MailTransport } from './features/mail/smtpTransport';
import type { RetryPolicy } from './platform/http/retryPolicy';
import { createPasswords, OWASP_SCRYPT, TEST_SCRYPT } from './features/auth/passwords';
import { createSignIns } from './features/auth/sessions/signIns';
import type { Config } from './platform/config/loadConfig';
import type { Database } from './platform/db/database';
import { apiDocs } from './features/docs/apiDocs';
import { errorHandler } from './platform/errors/errorHandler';
import { clientErrorHandler, frameworkErrors } from './platform/errors/frameworkErrors';
import { healthRoutes } from './platform/health/healthRoutes';
import { createVersionedReads } from './platform/http/versionedReads';
import { createReadCache } from './platform/cache/readCache';
import type { BodyStore } from './platform/cache/bodyStore';
import { createMemoryBodyStore } from './platform/cache/memoryBodyStore';
import { createRedisBodyStore } from './platform/cache/redisBodyStore';
import { createTieredBodyStore } from './platform/cache/tieredBodyStore';
import { createRedisCounterStore } from './platform/limits/redisCounterStore';
import { createSharedCounterStore } from './platform/limits/sharedCounterStore';
import { createRedisBackplane } from './features/realtime/backplane/redisBackplane';
import { createRedisSyncLock } from './features/sync/lock/redisSyncLock';
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
import { createLeadsRepository } from './features/leads/repository/leadsRepository';
import { createMemoryCounterStore } from './platform/limits/memoryCounterStore';
import { createSignInLimiter } from './platform/limits/signInLimiter';
import { loggerOptions } from './platform/logging/loggerOptions';
import { createNotificationsRepository } from './features/notifications/notificationsRepository';
import { notificationsRoutes } from './features/notifications/notificationsRoutes';
import { createNotifier } from './features/notifications/notifier';
import { createPreferencesRepository } from './features/preferences/preferencesRepository';
import { preferencesRoutes } from './features/preferences/preferencesRoutes';
import { createSavedViewsRepository } from './features/views/savedViewsRepository';
import { viewsRoutes } from './features/views/viewsRoutes';
import { hubRoutes } from './features/realtime/hubRoutes';
import { redisPlugin } from './platform/redis/redisPlugin';
import { createReleaseServices } from './features/releases/releaseServices';
import { releaseFiles } from './features/releases/releaseFiles';
import { releasesRoutes } from './features/releases/releasesRoutes';
import { resourcesRoutes } from './features/resources/resourcesRoutes';
import { createSyncHub, SYNC_GROUP, type SyncHub } from './features/realtime/syncHub';
import { createSchedulingStats } from './features/scheduling/schedulingStats';
import { agendaFeedRoutes } from './features/scheduling/agenda/agendaFeedRoutes';
import { createAgendaFeeds } from './features/scheduling/agenda/agendaFeeds';
import { agendaRoutes } from './features/scheduling/agenda/agendaRoutes';
import { schedulingRoutes } from './features/scheduling/schedulingRoutes';
import { hubProgress } from './features/sync/engine/hubProgress';
import { syncRoutes } from './features/sync/syncRoutes';
import { createSyncService, type SyncService } from './features/sync/syncService';
import { accessRoutes } from './features/users/accessRoutes';
import { userRoutes } from './features/users/userRoutes';
import { createUsersRepository } from './features/users/usersRepository';
import { createUsersService } from './features/users/usersService';
import { remotesManifest } from './features/releases/remotesManifest';
import { securityHeaders } from './platform/web/securityHeaders';
import { webAssets } from './platform/web/webAssets';
import { createWriteBack, type WriteBackOptions } from './features/writeBack/writeBack';

declare module 'fastify' {
  interface FastifyInstance {
    /** The sync runner, for the first-start import and the schedule. */
    syncService: SyncService;
    /** The realtime hub, for tests and operational closes. */
    syncHub: SyncHub;
    /** The e-mail outbox; null without SMTP_URL. */
    mailer: Mailer | null;
  }
}

export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Runs before any route is registered (tests use it to watch onRoute). */
  beforeRoutes?: (app: FastifyInstance) => void;
  /** The hub's timings and limits (tests shorten them). */
  hub?: { recheckMs?: number; maxConnectionsPerUser?: number };
  /** Where the hot reads' answers are kept (tests and benchmarks compare against none). */
  readStore?: BodyStore;
  /** Logs for a person at a terminal: readable, and without a line per request. */
  terminal?: boolean;
  /** The outbox's retries and where its mails go (tests shorten the pauses). */
  mail?: { policy?: RetryPolicy; pollMs?: number; transport?: MailTransport };
  /** The calendar write-back's pauses and writer (tests shorten and replace them). */
  writeBack?: WriteBackOptions;
}

/** The whole HTTP application, ready to listen or to be driven with inject() in tests. */
export async function buildApp({
  config,
  db,
  beforeRoutes,
  hub: hubOptions,
  readStore,
  mail: mailOptions,
  writeBack: writeBackOptions,
  terminal = false,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, terminal),
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

  const users = createUsersRepository(db);
  const signingSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const backplane = redis && createRedisBackplane(redis);
  const hub = createSyncHub({
    ...hubOptions,
    stillAllowed: async (userId, sessionId) => Boolean(await signIns.activeUser(userId, sessionId)),
    backplane,
  });
  const signIns = createSignIns(db, signingSecret, (userId, sessionId) => hub.endSignIn(userId, sessionId));
  const passwordLinks = createPasswordLinks(db);
  const notificationsRepository = createNotificationsRepository(db);
  const notifier = createNotifier(notificationsRepository, users, (userIds, target, args) =>
    hub.sendToUsers(userIds, target, args),
  );
  const mailer = config.mail
    ? createMailer({
        outbox: createMailOutboxRepository(db),
        transport: mailOptions?.transport ?? createSmtpTransport(config.mail),
        notifier,
        log: app.log,
        policy: mailOptions?.policy,
        pollMs: mailOptions?.pollMs,
      })
    : null;
  if (mailer) {
    // mails left waiting by the last run go out once the app is up
    app.addHook('onReady', async () => mailer.start());
    app.addHook('onClose', async () => mailer.stop());
  }
  const ctx: AppContext = {
    config,
    db,
    users,
    passwords: createPasswords(config.env === 'test' ? TEST_SCRYPT : OWASP_SCRYPT),
    accessTokens: createAccessTokens(signingSecret, config.accessTokenTtlSeconds),
    signIns,
    passwordLinks,
    passwordMail: createPasswordMail({ passwordLinks, users, mailer, publicOrigin: config.publicOrigin }),
    usersService: createUsersService(users, signIns, passwordLinks, {
      accessEnded: (userId) => hub.endAccess(userId),
      changed: (change) =>
        void notifier
          .accessChanged(change)
          .catch((error: unknown) => app.log.error({ err: error }, 'notification lost')),
    }),
  };
  const authenticate = createAuthenticate(ctx);
  const counters = redis
    ? createSharedCounterStore(redis, createRedisCounterStore(redis), createMemoryCounterStore())
    : createMemoryCounterStore();
  const writeBack = createWriteBack(config, db, app.log, writeBackOptions);
  if (writeBack.worker) {
    // writes left waiting by the last run go out once the app is up
    const worker = writeBack.worker;
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }
  const leads = createLeadsRepository(db, { writeRequests: writeBack.editRequests });
  const readCache = createReadCache(
    readStore ??
      (redis
        ? createTieredBodyStore(
            createMemoryBodyStore(),
            createRedisBodyStore(redis, { maxBytes: config.redisCacheMaxBytes }),
          )
        : createMemoryBodyStore()),
  );
  const sendVersioned = createVersionedReads(readCache);
  const sync = createSyncService({
    db,
    leads,
    config,
    notifier,
    progress: hubProgress((target, args) => hub.broadcast(SYNC_GROUP, target, args)),
    lock: redis && createRedisSyncLock(redis, config.syncLeaseMs),
    log: app.log,
  });
  const { releases, releasesRepository, liveRemotes } = createReleaseServices({
    config,
    db,
    notifier,
    backplane,
    tellTabs: (target, args) => hub.sendToOwnConnections(target, args),
  });
  app.addHook('onReady', () => liveRemotes.ready());
  app.addHook('onClose', async () => liveRemotes.stop());
  app.decorate('syncService', sync);
  app.decorate('syncHub', hub);
  app.decorate('mailer', mailer);
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
      await api.register(oidcRoutes, { ctx, counters, redis });
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
      await api.register(leadImportRoutes, {
        leadImport: createLeadImport(db, {
          auditors: config.auditors,
          timeZone: config.calendar.timeZone,
          writeRequests: writeBack.editRequests,
        }),
        authenticate,
        maxBytes: config.importMaxBytes,
      });
      const leadActions = createLeadActions(db, writeBack.editRequests);
      await api.register(leadActionsRoutes, {
        bulk: leadActions.bulk,
        undo: leadActions.undo,
        authenticate,
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
        repository: releasesRepository,
        authenticate,
        counters,
      });
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
  await app.register(remotesManifest, { live: liveRemotes });
  await app.register(releaseFiles, { dir: config.releases.dir });
  if (config.serveWeb) await app.register(webAssets, { config });
  return app;
}

import type { FastifyBaseLogger } from 'fastify';
import { createAccessTokens } from './features/auth/accessTokens';
import { createBackups } from './features/backups/backupServices';
import type { UPLOAD_RETRY } from './features/backups/offsite/offsiteCopies';
import { createAuthenticate, createTokenCaller } from './features/auth/authenticate';
import { createIssueTokens } from './features/auth/issueTokens';
import { resolveJwtSecret } from './features/auth/jwtSecret';
import { createPasswordLinks } from './features/auth/passwordLinks';
import { createPasswordMail } from './features/auth/passwordMail';
import { createPasswords, OWASP_SCRYPT, TEST_SCRYPT } from './features/auth/passwords';
import { createSignIns } from './features/auth/sessions/signIns';
import { createLeadActions } from './features/leads/actions/leadActions';
import { createDuplicatesRepository } from './features/leads/duplicates/duplicatesRepository';
import { createLeadImport } from './features/leads/import/leadImport';
import { createLeadsRepository } from './features/leads/repository/leadsRepository';
import { createMailer } from './features/mail/mailer';
import { createMailOutboxRepository } from './features/mail/mailOutboxRepository';
import { createSmtpTransport, type MailTransport } from './features/mail/smtpTransport';
import { createNotificationsRepository } from './features/notifications/notificationsRepository';
import { createNotifier } from './features/notifications/notifier';
import { createPreferencesRepository } from './features/preferences/preferencesRepository';
import { createSyncHub, SYNC_GROUP } from './features/realtime/syncHub';
import { createReleaseServices } from './features/releases/releaseServices';
import { createAgendaFeeds } from './features/scheduling/agenda/agendaFeeds';
import { createSchedulingStats } from './features/scheduling/schedulingStats';
import { hubProgress } from './features/sync/engine/hubProgress';
import { createSyncService } from './features/sync/syncService';
import { createUsersRepository } from './features/users/usersRepository';
import { createUsersService } from './features/users/usersService';
import { createSavedViewsRepository } from './features/views/savedViewsRepository';
import { createWriteBack, type WriteBackOptions } from './features/writeBack/writeBack';
import type { BodyStore } from './platform/cache/bodyStore';
import { createReadCache } from './platform/cache/readCache';
import type { Config } from './platform/config/loadConfig';
import type { Database } from './platform/db/database';
import type { RetryPolicy } from './platform/http/retryPolicy';
import { createRequestGate } from './platform/http/requestGate';
import { createVersionedReads } from './platform/http/versionedReads';
import { createSignInLimiter } from './platform/limits/signInLimiter';
import type { RedisConnection } from './platform/redis/redisConnection';
import { createSharedStores } from './sharedStores';

export interface ServicesOptions {
  config: Config;
  db: Database;
  /** REDIS_URL's connection; null: every store stays in this process. */
  redis: RedisConnection | null;
  log: FastifyBaseLogger;
  /** The hub's timings and limits (tests shorten them). */
  hub?: { recheckMs?: number; maxConnectionsPerUser?: number };
  /** Where the hot reads' answers are kept (tests and benchmarks compare against none). */
  readStore?: BodyStore;
  /** The outbox's retries and where its mails go (tests shorten the pauses). */
  mail?: { policy?: RetryPolicy; pollMs?: number; transport?: MailTransport };
  /** The calendar write-back's pauses and writer (tests shorten and replace them). */
  writeBack?: WriteBackOptions;
  /** How patiently a snapshot's copy to the bucket is retried (tests shorten it). */
  uploadRetry?: typeof UPLOAD_RETRY;
}

/**
 * The one composition root: every service of the server, built once over one database and
 * one Redis connection, for the HTTP app, the command line, the benchmarks and the tests.
 * Nothing runs until `start()` (the outbox, the write-back, the live remotes); `stop()`
 * ends what runs, the hub's connections included.
 */
export function createServices({
  config,
  db,
  redis,
  log,
  hub: hubOptions,
  readStore,
  mail: mailOptions,
  writeBack: writeBackOptions,
  uploadRetry,
}: ServicesOptions) {
  const stores = createSharedStores(redis, config);
  const users = createUsersRepository(db);
  const signingSecret = resolveJwtSecret(config.jwtSecret, config.dataDir);
  const hub = createSyncHub({
    ...hubOptions,
    stillAllowed: async (userId, sessionId) => Boolean(await signIns.activeUser(userId, sessionId)),
    backplane: stores.backplane,
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
        log,
        policy: mailOptions?.policy,
        pollMs: mailOptions?.pollMs,
      })
    : null;
  const passwordMail = createPasswordMail({
    passwordLinks,
    users,
    mailer,
    publicOrigin: config.publicOrigin,
  });
  const accessTokens = createAccessTokens(signingSecret, config.accessTokenTtlSeconds);
  const tokenCaller = createTokenCaller({ accessTokens, signIns });
  const usersService = createUsersService(users, signIns, passwordLinks, {
    accessEnded: (userId) => hub.endAccess(userId),
    changed: (change) =>
      void notifier
        .accessChanged(change)
        .catch((error: unknown) => log.error({ err: error }, 'notification lost')),
  });
  const writeBack = createWriteBack(config, db, log, notifier, writeBackOptions);
  const leads = createLeadsRepository(db, { writeRequests: writeBack.editRequests });
  const bodies = readStore ?? stores.readStore;
  const readCache = createReadCache(bodies);
  const sync = createSyncService({
    db,
    leads,
    users,
    config,
    notifier,
    progress: hubProgress((target, args) => hub.broadcast(SYNC_GROUP, target, args)),
    lock: stores.syncLock,
    log,
    // a restore point before every run (and none while a restore is under way)
    beforeRun: (reason) => backups.beforeSync(reason),
    mayStart: () => backups.refuseWhileRestoring(),
  });
  const releaseServices = createReleaseServices({
    config,
    db,
    notifier,
    users,
    backplane: stores.backplane,
    ownUserIds: () => hub.ownUserIds(),
    tellTab: (args, userId) => hub.sendToOwnConnections('RemoteReleased', args, userId),
    log,
  });
  const { releases, releasesRepository, liveRemotes, releaseWatch } = releaseServices;

  const gate = createRequestGate();
  const backups = createBackups({
    config,
    db,
    syncRuns: sync.runs,
    syncLock: stores.syncLock,
    gate,
    notifier,
    readStore: bodies,
    backplane: stores.backplane,
    tellTabs: (change) => hub.sendToAll('DataRestored', [change]),
    afterRestore: () => void liveRemotes.invalidate(),
    log,
    uploadRetry,
  });

  const leadImport = createLeadImport(db, {
    auditors: config.auditors,
    timeZone: config.calendar.timeZone,
    limits: config.importLimits,
    writeRequests: writeBack.editRequests,
  });

  return {
    config,
    db,
    stores,
    gate,
    backups,
    users,
    usersService,
    passwords: createPasswords(config.env === 'test' ? TEST_SCRYPT : OWASP_SCRYPT),
    accessTokens,
    signIns,
    passwordLinks,
    passwordMail,
    issueTokens: createIssueTokens({ accessTokens, signIns, users }),
    tokenCaller,
    authenticate: createAuthenticate(tokenCaller),
    counters: stores.counters,
    signInLimiter: createSignInLimiter(stores.counters, config.rateLimits),
    hub,
    notifier,
    notificationsRepository,
    mailer,
    writeBack,
    leads,
    leadImport,
    leadActions: createLeadActions(db, writeBack.editRequests),
    duplicates: createDuplicatesRepository(db),
    // the older summary endpoints compare the default pair
    schedulingStats: createSchedulingStats(
      leads,
      [config.auditors[0], config.auditors[1]],
      config.calendar.timeZone,
    ),
    agendaFeeds: createAgendaFeeds(db),
    preferences: createPreferencesRepository(db),
    savedViews: createSavedViewsRepository(db),
    readCache,
    sendVersioned: createVersionedReads(readCache),
    sync,
    releases,
    releaseStages: releaseServices.releaseStages,
    releasePreviews: releaseServices.releasePreviews,
    releasesRepository,
    liveRemotes,
    releaseWatch,

    /**
     * The app's start (the command line never calls it): the import rows a crash left staged are
     * removed; mails and calendar writes left waiting by the last run go out; the live remotes
     * are read and watched.
     */
    async start(): Promise<void> {
      await leadImport.sweep();
      await mailer?.start();
      await writeBack.worker?.start();
      await liveRemotes.ready();
      releaseWatch.start();
    },

    /** Ends what runs, in the reverse order. The hub is stopped apart (`hub.stop()`): before the server waits for open requests. */
    async stop(): Promise<void> {
      await backups.settled();
      backups.close();
      releaseWatch.stop();
      liveRemotes.stop();
      await writeBack.worker?.stop();
      await mailer?.stop();
    },
  };
}

export type Services = ReturnType<typeof createServices>;

import type { HubCaller } from './hubConnection';
import { PING } from './hubMessages';
import type { HubRegistry } from './hubRegistry';

/** Send a ping after this long without sending (ASP.NET KeepAliveInterval). */
export const KEEP_ALIVE_MS = 15_000;
/** Drop a client silent for this long (ASP.NET ClientTimeoutInterval). */
export const CLIENT_TIMEOUT_MS = 30_000;
/** A negotiated connection that never opens a transport is forgotten after this. */
const UNUSED_CONNECTION_MS = 30_000;
/** How often every open connection's sign-in is checked again. */
export const RECHECK_MS = 60_000;

export const TOKEN_EXPIRED = 'Your sign-in token expired; reconnect with a fresh one.';

export interface LivenessOptions {
  keepAliveMs?: number;
  clientTimeoutMs?: number;
  recheckMs?: number;
  /** Whether a sign-in still has access (user active, sign-in not ended). */
  stillAllowed?: (userId: number, sessionId: string) => Promise<boolean>;
}

/**
 * Keeps the registry's connections alive and honest: pings the quiet ones, drops the silent
 * ones, the expired tokens and the never-opened ones, and checks every sign-in again now and
 * then. Answers the function that stops it.
 */
export function watchLiveness(registry: HubRegistry, options: LivenessOptions = {}): () => void {
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const clientTimeoutMs = options.clientTimeoutMs ?? CLIENT_TIMEOUT_MS;

  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const connection of registry.all()) {
        if (now >= connection.caller.expiresAt) {
          // as ASP.NET's CloseOnAuthenticationExpiration: the client reconnects with a fresh token
          registry.end(connection, { error: TOKEN_EXPIRED, allowReconnect: true });
          continue;
        }
        const kind = connection.transport?.kind;
        if (!kind) {
          if (now - connection.createdAt > UNUSED_CONNECTION_MS) registry.remove(connection);
          continue;
        }
        if (now - connection.lastReceivedAt > clientTimeoutMs) {
          registry.end(connection, {
            error: 'Connection timed out: no message from the client.',
            allowReconnect: true,
          });
        } else if (
          kind !== 'LongPolling' &&
          connection.handshakeDone &&
          now - connection.lastSentAt >= keepAliveMs
        ) {
          connection.sendRaw(PING);
        }
      }
    },
    Math.min(1000, keepAliveMs / 2),
  );
  timer.unref();

  const recheck = setInterval(() => {
    const stillAllowed = options.stillAllowed;
    if (!stillAllowed) return;
    const signIns = new Map<string, HubCaller>();
    for (const { caller } of registry.all()) signIns.set(`${caller.userId}:${caller.sessionId}`, caller);
    for (const caller of signIns.values()) {
      stillAllowed(caller.userId, caller.sessionId).then(
        (allowed) => {
          if (!allowed)
            registry.cutOff(
              (other) => other.userId === caller.userId && other.sessionId === caller.sessionId,
            );
        },
        () => undefined, // the database is away: check again at the next round
      );
    }
  }, options.recheckMs ?? RECHECK_MS);
  recheck.unref();

  return () => {
    clearInterval(timer);
    clearInterval(recheck);
  };
}

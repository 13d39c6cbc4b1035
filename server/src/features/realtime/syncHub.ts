import { HUB_CLOSE_REASONS } from '@auditdesk/shared/core';
import type { HubBackplane } from './backplane/hubBackplane';
import { hubChannels } from './hubChannels';
import { HubConnection, newHubId, type HubCaller } from './hubConnection';
import { watchLiveness, type LivenessOptions } from './hubLiveness';
import { frame, MessageType } from './hubMessages';
import { createHubProtocol } from './hubProtocol';
import { ACCESS_ENDED, createHubRegistry } from './hubRegistry';
import { createHubRelay } from './hubRelay';

export { ACCESS_ENDED } from './hubRegistry';

export const SYNC_GROUP = 'sync';
/** Open connections one account may hold (every tab is one). */
export const MAX_CONNECTIONS_PER_USER = 20;
export const SIGNED_OUT = HUB_CLOSE_REASONS.signedOut;

const invocation = (target: string, args: unknown[]) =>
  frame({ type: MessageType.Invocation, target, arguments: args });

/**
 * The SignalR-compatible hub behind /hubs/sync: connections and groups (hubRegistry), the
 * JSON protocol (hubProtocol), pings and timeouts (hubLiveness) and the other instances
 * (hubRelay). Transports hand it the text they receive and give it a sink to send through.
 */
export function createSyncHub(
  options: LivenessOptions & {
    maxConnectionsPerUser?: number;
    /** The other instances' hubs (Redis); none: this process is the only one. */
    backplane?: HubBackplane | null;
  } = {},
) {
  const backplane = options.backplane ?? null;
  const channels = hubChannels('sync');
  const registry = createHubRegistry({
    backplane,
    channels,
    maxPerUser: options.maxConnectionsPerUser ?? MAX_CONNECTIONS_PER_USER,
  });
  const relay = createHubRelay(backplane, channels, registry);
  const protocol = createHubProtocol(
    {
      // answers once every instance's messages to the group reach this connection
      joinsyncgroup: (connection: HubConnection) => registry.joinGroup(connection, SYNC_GROUP),
      leavesyncgroup: (connection: HubConnection) => registry.leaveGroup(connection, SYNC_GROUP),
    },
    registry,
  );
  const stopWatching = watchLiveness(registry, options);

  const open = (caller: HubCaller, id = newHubId(), token = newHubId()) => {
    registry.admitOneMore(caller.userId);
    return registry.add(new HubConnection(id, token, caller));
  };

  return {
    /** POST /negotiate: a new connection for the signed-in user. */
    negotiate(caller: HubCaller, negotiateVersion: number) {
      const availableTransports = [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ];
      if (negotiateVersion < 1) {
        const id = newHubId(); // version 0: the id is the token
        const legacy = open(caller, id, id);
        return { connectionId: legacy.connectionId, availableTransports };
      }
      const connection = open(caller);
      return {
        connectionId: connection.connectionId,
        connectionToken: connection.connectionToken,
        negotiateVersion: 1,
        availableTransports,
      };
    },

    /** A connection made without negotiating (WebSockets with skipNegotiation). */
    openDirect: (caller: HubCaller): HubConnection => open(caller),

    find: registry.find,

    /** Text the client sent: the handshake, then hub messages. */
    receive: protocol.receive,

    /** The transport went away (socket closed, SSE request ended, long poll deleted). */
    disconnected(connection: HubConnection): void {
      registry.end(connection, { silent: true });
    },

    /** Sends an event to every connection of a group, on every instance. */
    broadcast(group: string, target: string, args: unknown[]): void {
      const text = invocation(target, args);
      // the other instances first: they deliver while this one loops over its own connections
      relay.publish(channels.group(group), { text });
      registry.deliver(text, (connection) => connection.groups.has(group));
    },

    /** Sends an event to every connection, on every instance. */
    sendToAll(target: string, args: unknown[]): void {
      const text = invocation(target, args);
      relay.publish(channels.all, { text });
      registry.deliver(text, () => true);
    },

    /** Sends an event to this instance's connections only (each instance tells its own), or to one user's of them. */
    sendToOwnConnections(target: string, args: unknown[], userId?: number): void {
      registry.deliver(
        invocation(target, args),
        (connection) => userId === undefined || connection.userId === userId,
      );
    },

    /** The users with a connection on this instance. */
    ownUserIds(): number[] {
      return [...new Set([...registry.all()].map((connection) => connection.userId))];
    },

    /** Sends an event to one connection, on whichever instance holds it. */
    sendToConnection(connectionId: string, target: string, args: unknown[]): void {
      const text = invocation(target, args);
      relay.publish(channels.connection(connectionId), { text });
      registry.deliver(text, (connection) => connection.connectionId === connectionId);
    },

    /** Server-side close of this instance's connections: every client gets a Close message. */
    closeAll(reason: { error?: string; allowReconnect?: boolean } = {}): void {
      registry.endEach(reason);
    },

    /** Sends an event to every connection of these users, on every instance. */
    sendToUsers(userIds: readonly number[], target: string, args: unknown[]): void {
      const wanted = new Set(userIds);
      const text = invocation(target, args);
      for (const userId of wanted) relay.publish(channels.user(userId), { text });
      registry.deliver(text, (connection) => wanted.has(connection.userId));
    },

    /** A user lost access (revoked, deactivated, deleted): their connections close at once, on every instance. */
    endAccess(userId: number): void {
      registry.cutOff((caller) => caller.userId === userId);
      relay.publish(channels.user(userId), { close: ACCESS_ENDED });
    },

    /**
     * A sign-in ended (sign-out, a reused refresh token, a new password: null for all of the
     * user's): its connections close at once, on every instance, not at the next recheck.
     */
    endSignIn(userId: number, sessionId: string | null): void {
      registry.cutOff(
        (caller) => caller.userId === userId && (!sessionId || caller.sessionId === sessionId),
        SIGNED_OUT,
      );
      relay.publish(channels.user(userId), { close: SIGNED_OUT, ...(sessionId ? { sessionId } : {}) });
    },

    stop(): void {
      stopWatching();
      registry.endEach({ silent: true });
      relay.stop();
    },

    get size() {
      return registry.size;
    },
  };
}

export type SyncHub = ReturnType<typeof createSyncHub>;

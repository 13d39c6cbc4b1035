import {
  clientHubMessage,
  handshakeRequest,
  typedHubMessage,
  type ClientHubMessage,
} from '@auditdesk/shared/core';
import { randomBytes } from 'node:crypto';
import { HttpProblem } from '../../platform/errors/httpProblem';
import { hubChannels, type HubBackplane } from './backplane/hubBackplane';
import { HubConnection, type HubCaller } from './hubConnection';
import { frame, MessageType, parseFrames, PING } from './hubMessages';

export const SYNC_GROUP = 'sync';
/** Send a ping after this long without sending (ASP.NET KeepAliveInterval). */
export const KEEP_ALIVE_MS = 15_000;
/** Drop a client silent for this long (ASP.NET ClientTimeoutInterval). */
export const CLIENT_TIMEOUT_MS = 30_000;
/** A negotiated connection that never opens a transport is forgotten after this. */
const UNUSED_CONNECTION_MS = 30_000;
/** How often every open connection's sign-in is checked again. */
export const RECHECK_MS = 60_000;
/** Open connections one account may hold (every tab is one). */
export const MAX_CONNECTIONS_PER_USER = 20;

export const ACCESS_ENDED = 'Your access to Auditdesk has ended.';
export const TOKEN_EXPIRED = 'Your sign-in token expired; reconnect with a fresh one.';

type HubMethod = (connection: HubConnection, args: unknown[]) => unknown;
/** What one instance tells the others: a framed message to send, or a reason to close. */
export const SIGNED_OUT = 'You signed out of Auditdesk.';

/** `close` ends the user's connections; with `sessionId`, only those of that sign-in. */
type BackplaneMessage = { from: string; text?: string; close?: string; sessionId?: string };
type Invocation = Extract<ClientHubMessage, { type: 1 }>;

const randomId = () => randomBytes(16).toString('base64url');
const KNOWN_TYPES = new Set<number>(Object.values(MessageType));

/** The first problem zod found, as one line for a Close message. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'not valid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * The SignalR-compatible hub behind /hubs/sync: connections, groups, the JSON protocol
 * (handshake, invocations with completions, pings, close) and broadcasts. Transports hand
 * it the text they receive and give it a sink to send through.
 */
export function createSyncHub(
  options: {
    keepAliveMs?: number;
    clientTimeoutMs?: number;
    recheckMs?: number;
    maxConnectionsPerUser?: number;
    /** Whether a sign-in still has access (user active, sign-in not ended). */
    stillAllowed?: (userId: number, sessionId: string) => Promise<boolean>;
    /** The other instances' hubs (Redis); none: this process is the only one. */
    backplane?: HubBackplane | null;
  } = {},
) {
  const keepAliveMs = options.keepAliveMs ?? KEEP_ALIVE_MS;
  const clientTimeoutMs = options.clientTimeoutMs ?? CLIENT_TIMEOUT_MS;
  const maxPerUser = options.maxConnectionsPerUser ?? MAX_CONNECTIONS_PER_USER;
  const connections = new Map<string, HubConnection>();
  const backplane = options.backplane ?? null;
  const channels = hubChannels('sync');
  const instanceId = randomId();

  function joinGroup(connection: HubConnection, group: string): Promise<void> | undefined {
    if (connection.groups.has(group)) return;
    connection.groups.add(group);
    return backplane?.join(channels.group(group));
  }

  function leaveGroup(connection: HubConnection, group: string): void {
    if (connection.groups.delete(group)) backplane?.leave(channels.group(group));
  }

  // a null-prototype map of the declared methods only: a target such as `constructor` or
  // `__proto__` must never reach the object's own machinery
  const methods: Record<string, HubMethod> = Object.assign(Object.create(null) as Record<string, HubMethod>, {
    // answers once every instance's messages to the group reach this connection
    joinsyncgroup: (connection: HubConnection) => joinGroup(connection, SYNC_GROUP),
    leavesyncgroup: (connection: HubConnection) => leaveGroup(connection, SYNC_GROUP),
  });

  function add(connection: HubConnection): HubConnection {
    connections.set(connection.connectionToken, connection);
    void backplane?.join(channels.connection(connection.connectionId));
    void backplane?.join(channels.user(connection.userId));
    return connection;
  }

  function remove(connection: HubConnection): void {
    if (connections.get(connection.connectionToken) !== connection) return;
    connections.delete(connection.connectionToken);
    for (const group of [...connection.groups]) leaveGroup(connection, group);
    backplane?.leave(channels.connection(connection.connectionId));
    backplane?.leave(channels.user(connection.userId));
  }

  /** Ends a connection whose client broke the protocol; nothing else is affected. */
  function refuse(connection: HubConnection, reason: string): void {
    connection.close({ error: `Invalid message: ${reason}` });
    remove(connection);
  }

  function invoke(connection: HubConnection, message: Invocation): void {
    const method = methods[message.target.toLowerCase()];
    const reply = (result: { result?: unknown; error?: string }) => {
      // send() (no invocationId) expects no answer
      if (message.invocationId !== undefined) {
        connection.send({ type: MessageType.Completion, invocationId: message.invocationId, ...result });
      }
    };
    if (!method) return reply({ error: `Unknown hub method '${message.target}'.` });
    const failed = () => reply({ error: `An error occurred while invoking '${message.target}'.` });
    try {
      const result = method(connection, message.arguments);
      if (!(result instanceof Promise)) return reply(result === undefined ? {} : { result });
      result.then((value) => reply(value === undefined ? {} : { result: value }), failed);
    } catch {
      failed();
    }
  }

  function handshake(connection: HubConnection, raw: unknown): void {
    const request = handshakeRequest.safeParse(raw);
    const problem = !request.success
      ? 'The handshake request is not valid.'
      : request.data.protocol !== 'json' || request.data.version !== 1
        ? `The protocol '${request.data.protocol}' version ${request.data.version} is not supported.`
        : null;
    if (problem) {
      connection.sendRaw(frame({ error: problem }));
      connection.close({ silent: true });
      remove(connection);
      return;
    }
    connection.handshakeDone = true;
    connection.sendRaw(frame({}));
  }

  /** One message from the client, validated before any field of it is read. */
  function handle(connection: HubConnection, raw: unknown): void {
    if (!connection.handshakeDone) return handshake(connection, raw);
    const typed = typedHubMessage.safeParse(raw);
    if (!typed.success) return refuse(connection, 'expected a JSON object with a numeric type.');
    if (!KNOWN_TYPES.has(typed.data.type)) return; // a newer protocol's message: ignored, as ASP.NET does
    const parsed = clientHubMessage.safeParse(raw);
    if (!parsed.success) return refuse(connection, firstIssue(parsed.error));
    const message = parsed.data;
    switch (message.type) {
      case MessageType.Invocation:
        return invoke(connection, message);
      case MessageType.StreamInvocation:
        connection.send({
          type: MessageType.Completion,
          invocationId: message.invocationId,
          error: 'Streaming is not supported.',
        });
        return;
      case MessageType.Close:
        connection.close({ silent: true });
        remove(connection);
        return;
      default:
        return; // pings, cancellations, acks: nothing to do
    }
  }

  const timer = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections.values()) {
        if (now >= connection.caller.expiresAt) {
          // as ASP.NET's CloseOnAuthenticationExpiration: the client reconnects with a fresh token
          connection.close({ error: TOKEN_EXPIRED, allowReconnect: true });
          remove(connection);
          continue;
        }
        const kind = connection.transport?.kind;
        if (!kind) {
          if (now - connection.createdAt > UNUSED_CONNECTION_MS) remove(connection);
          continue;
        }
        if (now - connection.lastReceivedAt > clientTimeoutMs) {
          connection.close({
            error: 'Connection timed out: no message from the client.',
            allowReconnect: true,
          });
          remove(connection);
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

  /** Closes, for good, the connections of a sign-in or user that lost access. */
  function cutOff(matches: (caller: HubCaller) => boolean, reason = ACCESS_ENDED): void {
    for (const connection of [...connections.values()]) {
      if (!matches(connection.caller)) continue;
      connection.close({ error: reason });
      remove(connection);
    }
  }

  const recheck = setInterval(() => {
    const stillAllowed = options.stillAllowed;
    if (!stillAllowed) return;
    const signIns = new Map<string, HubCaller>();
    for (const { caller } of connections.values())
      signIns.set(`${caller.userId}:${caller.sessionId}`, caller);
    for (const caller of signIns.values()) {
      stillAllowed(caller.userId, caller.sessionId).then(
        (allowed) => {
          if (!allowed)
            cutOff((other) => other.userId === caller.userId && other.sessionId === caller.sessionId);
        },
        () => undefined, // the database is away: check again at the next round
      );
    }
  }, options.recheckMs ?? RECHECK_MS);
  recheck.unref();

  /** Sends framed text to this instance's connections that `matches` picks. */
  function deliver(text: string, matches: (connection: HubConnection) => boolean): void {
    for (const connection of connections.values()) {
      if (connection.handshakeDone && matches(connection)) connection.sendRaw(text);
    }
  }

  function publish(channel: string, message: Omit<BackplaneMessage, 'from'>): void {
    backplane?.publish(channel, JSON.stringify({ from: instanceId, ...message }));
  }

  /** What another instance sent: the same delivery as if it had been sent here. */
  function received(channel: string, payload: string): void {
    let message: BackplaneMessage;
    try {
      message = JSON.parse(payload) as BackplaneMessage;
    } catch {
      return;
    }
    if (message.from === instanceId) return; // delivered here when it was sent
    const { text, close, sessionId } = message;
    const [, , kind, ...rest] = channel.split(':');
    const id = rest.join(':');
    if (kind === 'user' && close)
      return cutOff(
        (caller) => caller.userId === Number(id) && (!sessionId || caller.sessionId === sessionId),
        close,
      );
    if (text === undefined) return;
    if (kind === 'user') deliver(text, (connection) => connection.userId === Number(id));
    else if (kind === 'all') deliver(text, () => true);
    else if (kind === 'group') deliver(text, (connection) => connection.groups.has(id));
    else if (kind === 'connection') deliver(text, (connection) => connection.connectionId === id);
  }

  if (backplane) {
    backplane.onMessage(received);
    void backplane.join(channels.all);
  }

  const invocation = (target: string, args: unknown[]) =>
    frame({ type: MessageType.Invocation, target, arguments: args });

  const countOf = (userId: number) => [...connections.values()].filter((c) => c.userId === userId).length;
  function admitOneMore(userId: number): void {
    if (countOf(userId) >= maxPerUser)
      throw new HttpProblem(
        429,
        'Too many open connections for this account. Close other tabs and try again.',
      );
  }

  return {
    /** POST /negotiate: a new connection for the signed-in user. */
    negotiate(caller: HubCaller, negotiateVersion: number) {
      admitOneMore(caller.userId);
      const availableTransports = [
        { transport: 'WebSockets', transferFormats: ['Text', 'Binary'] },
        { transport: 'ServerSentEvents', transferFormats: ['Text'] },
        { transport: 'LongPolling', transferFormats: ['Text', 'Binary'] },
      ];
      if (negotiateVersion < 1) {
        const id = randomId(); // version 0: the id is the token
        const legacy = add(new HubConnection(id, id, caller));
        return { connectionId: legacy.connectionId, availableTransports };
      }
      const connection = add(new HubConnection(randomId(), randomId(), caller));
      return {
        connectionId: connection.connectionId,
        connectionToken: connection.connectionToken,
        negotiateVersion: 1,
        availableTransports,
      };
    },

    /** A connection made without negotiating (WebSockets with skipNegotiation). */
    openDirect(caller: HubCaller): HubConnection {
      admitOneMore(caller.userId);
      return add(new HubConnection(randomId(), randomId(), caller));
    },

    find: (token: string) => connections.get(token),

    /** Text the client sent: the handshake, then hub messages. */
    receive(connection: HubConnection, text: string): void {
      connection.lastReceivedAt = Date.now();
      let messages: unknown[];
      try {
        messages = parseFrames(text);
      } catch (error) {
        return refuse(connection, error instanceof Error ? error.message : String(error));
      }
      for (const message of messages) {
        if (connection.closed) return;
        handle(connection, message);
      }
    },

    /** The transport went away (socket closed, SSE request ended, long poll deleted). */
    disconnected(connection: HubConnection): void {
      connection.close({ silent: true });
      remove(connection);
    },

    /** Sends an event to every connection of a group, on every instance. */
    broadcast(group: string, target: string, args: unknown[]): void {
      const text = invocation(target, args);
      // the other instances first: they deliver while this one loops over its own connections
      publish(channels.group(group), { text });
      deliver(text, (connection) => connection.groups.has(group));
    },

    /** Sends an event to every connection, on every instance. */
    sendToAll(target: string, args: unknown[]): void {
      const text = invocation(target, args);
      publish(channels.all, { text });
      deliver(text, () => true);
    },

    /** Sends an event to this instance's connections only (each instance tells its own). */
    sendToOwnConnections(target: string, args: unknown[]): void {
      deliver(invocation(target, args), () => true);
    },

    /** Sends an event to one connection, on whichever instance holds it. */
    sendToConnection(connectionId: string, target: string, args: unknown[]): void {
      const text = invocation(target, args);
      deliver(text, (connection) => connection.connectionId === connectionId);
      publish(channels.connection(connectionId), { text });
    },

    /** Server-side close of this instance's connections: every client gets a Close message. */
    closeAll(reason: { error?: string; allowReconnect?: boolean } = {}): void {
      for (const connection of [...connections.values()]) {
        connection.close(reason);
        remove(connection);
      }
    },

    /** Sends an event to every connection of these users, on every instance. */
    sendToUsers(userIds: readonly number[], target: string, args: unknown[]): void {
      const wanted = new Set(userIds);
      const text = invocation(target, args);
      deliver(text, (connection) => wanted.has(connection.userId));
      for (const userId of wanted) publish(channels.user(userId), { text });
    },

    /** A user lost access (revoked, deactivated, deleted): their connections close at once, on every instance. */
    endAccess(userId: number): void {
      cutOff((caller) => caller.userId === userId);
      publish(channels.user(userId), { close: ACCESS_ENDED });
    },

    /**
     * A sign-in ended (sign-out, a reused refresh token, a new password: null for all of the
     * user's): its connections close at once, on every instance, not at the next recheck.
     */
    endSignIn(userId: number, sessionId: string | null): void {
      cutOff(
        (caller) => caller.userId === userId && (!sessionId || caller.sessionId === sessionId),
        SIGNED_OUT,
      );
      publish(channels.user(userId), { close: SIGNED_OUT, ...(sessionId ? { sessionId } : {}) });
    },

    stop(): void {
      clearInterval(timer);
      clearInterval(recheck);
      for (const connection of [...connections.values()]) {
        connection.close({ silent: true });
        remove(connection);
      }
      backplane?.leave(channels.all);
    },

    get size() {
      return connections.size;
    },
  };
}

export type SyncHub = ReturnType<typeof createSyncHub>;

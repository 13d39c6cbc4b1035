import { HUB_CLOSE_REASONS } from '@auditdesk/shared/core';
import { HttpProblem } from '../../platform/errors/httpProblem';
import type { HubBackplane } from './backplane/hubBackplane';
import type { HubChannels } from './hubChannels';
import { POLL_TIMEOUT_MS } from './longPolling';
import type { HubCaller, HubConnection } from './hubConnection';

export const ACCESS_ENDED = HUB_CLOSE_REASONS.accessEnded;

export type CloseReason = Parameters<HubConnection['close']>[0];

/**
 * This instance's open connections and their groups, and the backplane channels they need
 * (each connection's, its user's, each group's): a connection joins them when it is added
 * and leaves them when it is removed.
 */
export function createHubRegistry({
  backplane,
  channels,
  maxPerUser,
}: {
  backplane: HubBackplane | null;
  channels: HubChannels;
  maxPerUser: number;
}) {
  const connections = new Map<string, HubConnection>();
  /**
   * Ended long-polling connections whose last messages (their Close) wait for the next poll:
   * still found for a poll timeout, so that poll gets them (and the one after it a 204).
   */
  const draining = new Map<string, HubConnection>();

  function holdUntilPolled(connection: HubConnection): void {
    if (!connection.transport?.undelivered?.()) return;
    const token = connection.connectionToken;
    draining.set(token, connection);
    setTimeout(() => draining.delete(token), POLL_TIMEOUT_MS).unref();
  }

  function leaveGroup(connection: HubConnection, group: string): void {
    if (connection.groups.delete(group)) backplane?.leave(channels.group(group));
  }

  function remove(connection: HubConnection): void {
    if (connections.get(connection.connectionToken) !== connection) return;
    connections.delete(connection.connectionToken);
    holdUntilPolled(connection);
    for (const group of [...connection.groups]) leaveGroup(connection, group);
    backplane?.leave(channels.connection(connection.connectionId));
    backplane?.leave(channels.user(connection.userId));
  }

  /** Every way a connection ends: it closes (a Close message unless `silent`) and is forgotten. */
  function end(connection: HubConnection, reason?: CloseReason): void {
    connection.close(reason);
    remove(connection);
  }

  return {
    find: (token: string) => connections.get(token) ?? draining.get(token),
    all: () => connections.values(),
    get size() {
      return connections.size;
    },

    /** Refuses a new connection to an account that holds too many already (every tab is one). */
    admitOneMore(userId: number): void {
      const count = [...connections.values()].filter((c) => c.userId === userId).length;
      if (count >= maxPerUser)
        throw new HttpProblem(
          429,
          'Too many open connections for this account. Close other tabs and try again.',
        );
    },

    add(connection: HubConnection): HubConnection {
      connections.set(connection.connectionToken, connection);
      void backplane?.join(channels.connection(connection.connectionId));
      void backplane?.join(channels.user(connection.userId));
      return connection;
    },

    /** Forgets a connection without a word (one that never opened a transport). */
    remove,
    end,

    /** Ends every connection `matches` picks (all of them without), with the same reason. */
    endEach(reason: CloseReason, matches: (connection: HubConnection) => boolean = () => true): void {
      for (const connection of [...connections.values()]) if (matches(connection)) end(connection, reason);
    },

    /** Closes, for good, the connections of a sign-in or user that lost access. */
    cutOff(matches: (caller: HubCaller) => boolean, reason: string = ACCESS_ENDED): void {
      for (const connection of [...connections.values()])
        if (matches(connection.caller)) end(connection, { error: reason });
    },

    /** Resolves once every instance's messages to the group reach this connection. */
    joinGroup(connection: HubConnection, group: string): Promise<void> | undefined {
      if (connection.groups.has(group)) return;
      connection.groups.add(group);
      return backplane?.join(channels.group(group));
    },

    leaveGroup,

    /** Sends framed text to this instance's connections that `matches` picks. */
    deliver(text: string, matches: (connection: HubConnection) => boolean): void {
      for (const connection of connections.values()) {
        if (connection.handshakeDone && matches(connection)) connection.sendRaw(text);
      }
    },
  };
}

export type HubRegistry = ReturnType<typeof createHubRegistry>;

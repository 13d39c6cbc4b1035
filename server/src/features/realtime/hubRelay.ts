import type { HubBackplane } from './backplane/hubBackplane';
import type { HubChannels } from './hubChannels';
import { newHubId } from './hubConnection';
import type { HubRegistry } from './hubRegistry';

/**
 * What one instance tells the others: a framed message to send, or a reason to close.
 * `close` ends the user's connections; with `sessionId`, only those of that sign-in.
 */
type BackplaneMessage = { from: string; text?: string; close?: string; sessionId?: string };

/**
 * The hub's side of the backplane: what this instance sends goes out on the audience's
 * channel, and what another instance sent is delivered here as if it had been sent here.
 */
export function createHubRelay(backplane: HubBackplane | null, channels: HubChannels, registry: HubRegistry) {
  const instanceId = newHubId();

  function received(channel: string, payload: string): void {
    let message: BackplaneMessage;
    try {
      message = JSON.parse(payload) as BackplaneMessage;
    } catch {
      return;
    }
    if (message.from === instanceId) return; // delivered here when it was sent
    const { text, close, sessionId } = message;
    const audience = channels.audienceOf(channel);
    if (!audience) return;
    if (audience.kind === 'user' && close)
      return registry.cutOff(
        (caller) => caller.userId === audience.id && (!sessionId || caller.sessionId === sessionId),
        close,
      );
    if (text === undefined) return;
    switch (audience.kind) {
      case 'all':
        return registry.deliver(text, () => true);
      case 'group':
        return registry.deliver(text, (connection) => connection.groups.has(audience.name));
      case 'connection':
        return registry.deliver(text, (connection) => connection.connectionId === audience.id);
      case 'user':
        return registry.deliver(text, (connection) => connection.userId === audience.id);
    }
  }

  if (backplane) {
    backplane.onMessage(received);
    void backplane.join(channels.all);
  }

  return {
    /** Sends to the other instances' connections on `channel` (this instance's own are served directly). */
    publish(channel: string, message: Omit<BackplaneMessage, 'from'>): void {
      backplane?.publish(channel, JSON.stringify({ from: instanceId, ...message }));
    },
    stop(): void {
      backplane?.leave(channels.all);
    },
  };
}

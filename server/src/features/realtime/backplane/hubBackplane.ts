/**
 * How hubs on several instances reach each other's connections, in the spirit of ASP.NET
 * Core SignalR's Redis backplane: one channel per target (every connection, a group, one
 * connection, one user). An instance listens only to the channels it has connections
 * for, and every instance delivers what it receives to its own connections.
 */
export interface HubBackplane {
  /** Sends to the other instances; never throws (Redis away: only this instance's connections get it). */
  publish(channel: string, payload: string): void;
  /**
   * Starts listening to a channel (counted: as often as join, leave). Resolves once Redis
   * confirmed it, so a message sent after that is not missed; at once while Redis is away
   * (the channel is listened to again when Redis returns).
   */
  join(channel: string): Promise<void>;
  leave(channel: string): void;
  /** Called with every message of a joined channel, its own included. */
  onMessage(handler: (channel: string, payload: string) => void): void;
}

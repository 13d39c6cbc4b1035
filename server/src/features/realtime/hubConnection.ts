import { randomBytes } from 'node:crypto';
import { frame, MessageType } from './hubMessages';

/** A connection's id or token, or an instance's: 128 random bits. */
export const newHubId = () => randomBytes(16).toString('base64url');

/** Where a connection's messages go: a WebSocket, an SSE stream or long-poll responses. */
export interface TransportSink {
  kind: 'WebSockets' | 'ServerSentEvents' | 'LongPolling';
  send(text: string): void;
  /** Ends the transport; for long polling the next poll answers 204. */
  close(): void;
  /** Long polling: messages still waiting for the client's next poll. */
  undelivered?(): boolean;
}

/** Who opened a connection: the user, their sign-in, and when their token runs out. */
export interface HubCaller {
  userId: number;
  sessionId: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * One negotiated connection of the hub: its transport, its groups, and the clocks the
 * hub uses to ping it and to drop it when it goes silent.
 */
export class HubConnection {
  transport: TransportSink | null = null;
  handshakeDone = false;
  closed = false;
  readonly groups = new Set<string>();
  lastReceivedAt = Date.now();
  lastSentAt = Date.now();
  readonly createdAt = Date.now();

  constructor(
    readonly connectionId: string,
    readonly connectionToken: string,
    readonly caller: HubCaller,
  ) {}

  get userId(): number {
    return this.caller.userId;
  }

  sendRaw(text: string): void {
    if (this.closed || !this.transport) return;
    this.lastSentAt = Date.now();
    this.transport.send(text);
  }

  send(message: object): void {
    this.sendRaw(frame(message));
  }

  /** Sends a Close message (unless the client asked to close) and ends the transport. */
  close(reason?: { error?: string; allowReconnect?: boolean; silent?: boolean }): void {
    if (this.closed) return;
    if (!reason?.silent && this.handshakeDone) {
      this.send({
        type: MessageType.Close,
        ...(reason?.error ? { error: reason.error } : {}),
        ...(reason?.allowReconnect ? { allowReconnect: true } : {}),
      });
    }
    this.closed = true;
    this.transport?.close();
  }
}

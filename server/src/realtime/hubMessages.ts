/** The JSON hub protocol's record separator: every message ends with it. */
export const RS = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export interface HubMessage {
  type?: number;
  invocationId?: string;
  target?: string;
  arguments?: unknown[];
  [key: string]: unknown;
}

export const frame = (message: object) => `${JSON.stringify(message)}${RS}`;

/** Splits a frame, POST body, SSE event or poll into its messages; a partial tail is an error. */
export function parseMessages(text: string): HubMessage[] {
  if (!text) return [];
  if (!text.endsWith(RS)) throw new Error('Message is incomplete.');
  return text
    .split(RS)
    .slice(0, -1)
    .map((part) => JSON.parse(part) as HubMessage);
}

export const PING = frame({ type: MessageType.Ping });

import { HUB_MESSAGE_TYPES } from '@auditdesk/shared/core';

/** The JSON hub protocol's record separator: every message ends with it. */
export const RS = '\x1e';

export const MessageType = HUB_MESSAGE_TYPES;

export const frame = (message: object) => `${JSON.stringify(message)}${RS}`;

/**
 * Splits a frame, POST body, SSE event or poll into its parsed JSON values; a partial tail
 * or text that is not JSON is an error. The values are not trusted yet: the hub validates
 * each one before it reads a field.
 */
export function parseFrames(text: string): unknown[] {
  if (!text) return [];
  if (!text.endsWith(RS)) throw new Error('Message is incomplete.');
  return text
    .split(RS)
    .slice(0, -1)
    .map((part) => JSON.parse(part) as unknown);
}

export const PING = frame({ type: MessageType.Ping });

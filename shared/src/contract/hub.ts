import { z } from 'zod';
import { notification } from './notifications';
import { remoteName } from './releases';
import { SYNC_STEP_IDS, type HubEventName } from './vocabulary';

/**
 * The SignalR JSON hub protocol as the server reads it (../shared/docs/signalr-protocol.md
 * section 4): every message a client may send, validated before use. Unknown message
 * types are ignored, as ASP.NET does, so newer clients keep working.
 */
const invocationId = z.string().max(64);
const target = z.string().min(1).max(256);
const hubArguments = z.array(z.unknown()).max(64);

export const handshakeRequest = z.object({
  protocol: z.string().max(64),
  version: z.number().int(),
});

export const HUB_MESSAGE_TYPES = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export const clientHubMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal(HUB_MESSAGE_TYPES.Invocation),
    invocationId: invocationId.optional(),
    target,
    arguments: hubArguments,
    streamIds: z.array(z.string().max(64)).max(64).optional(),
    headers: z.record(z.string(), z.string()).optional(),
  }),
  z.object({ type: z.literal(HUB_MESSAGE_TYPES.StreamItem), invocationId, item: z.unknown() }),
  z.object({
    type: z.literal(HUB_MESSAGE_TYPES.Completion),
    invocationId,
    result: z.unknown().optional(),
    error: z.string().optional(),
  }),
  z.object({
    type: z.literal(HUB_MESSAGE_TYPES.StreamInvocation),
    invocationId,
    target,
    arguments: hubArguments,
  }),
  z.object({ type: z.literal(HUB_MESSAGE_TYPES.CancelInvocation), invocationId }),
  z.object({ type: z.literal(HUB_MESSAGE_TYPES.Ping) }),
  z.object({
    type: z.literal(HUB_MESSAGE_TYPES.Close),
    error: z.string().optional(),
    allowReconnect: z.boolean().optional(),
  }),
  z.object({ type: z.literal(HUB_MESSAGE_TYPES.Ack), sequenceId: z.number().int() }),
  z.object({ type: z.literal(HUB_MESSAGE_TYPES.Sequence), sequenceId: z.number().int() }),
]);
export type ClientHubMessage = z.infer<typeof clientHubMessage>;

/** Anything with a numeric type: known types are then checked by clientHubMessage. */
export const typedHubMessage = z.looseObject({ type: z.number().int() });

const stepId = z.enum(SYNC_STEP_IDS);

/**
 * The events the server sends, with their argument lists (spec section 7): the server
 * sends exactly these, the browser client listens for exactly these.
 */
export const hubEvents = {
  SyncStarted: z.tuple([]),
  StepStarted: z.tuple([stepId, z.string()]),
  StepProgress: z.tuple([stepId, z.number().min(0).max(100), z.string()]),
  StepCompleted: z.tuple([stepId, z.number().int().min(0)]),
  SyncCompleted: z.tuple([z.boolean(), z.string(), z.number().int().min(0)]),
  SyncError: z.tuple([z.string()]),
  /** To its recipients only: a new notification for the bell. */
  NotificationAdded: z.tuple([notification]),
  /**
   * To each person whose release of a remote changed (promotion, rollback, stage, preview):
   * remote, their version (null for the built-in build), its manifest URL, its one-line notes.
   */
  RemoteReleased: z.tuple([remoteName, z.string().nullable(), z.string(), z.string()]),
  /** To everyone: the database was restored to a point (its name and reason, who, when): every screen reads its data again. */
  DataRestored: z.tuple([
    z.object({ point: z.string(), reason: z.string(), by: z.string(), at: z.string() }),
  ]),
} as const satisfies Record<HubEventName, z.ZodTuple>;

export type HubEventArgs<E extends HubEventName> = z.infer<(typeof hubEvents)[E]>;
/** Listener signatures, e.g. StepStarted: (stepId, description) => void. */
export type HubEventListeners = { [E in HubEventName]: (...args: HubEventArgs<E>) => void };

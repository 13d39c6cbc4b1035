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

/** The sync run an event is about (its id in the history, and in the trigger's answer). */
export const syncRunId = z.number().int().positive();

/**
 * The events the server sends, with their argument lists (spec section 7): the server
 * sends exactly these, the browser client listens for exactly these. A sync event ends
 * with the id of the run it is about, after the spec's arguments (a client that reads only
 * those reads them unchanged): a screen tells one run from another, and ignores a late
 * event of a run older than the one it shows.
 */
export const hubEvents = {
  SyncStarted: z.tuple([syncRunId]),
  StepStarted: z.tuple([stepId, z.string(), syncRunId]),
  StepProgress: z.tuple([stepId, z.number().min(0).max(100), z.string(), syncRunId]),
  StepCompleted: z.tuple([stepId, z.number().int().min(0), syncRunId]),
  SyncCompleted: z.tuple([z.boolean(), z.string(), z.number().int().min(0), syncRunId]),
  SyncError: z.tuple([z.string(), syncRunId]),
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
/** The events about a sync run: each ends with the run's id. */
export type SyncRunEventName = Exclude<HubEventName, 'NotificationAdded' | 'RemoteReleased'>;
/** A sync event's arguments before the run's id, as a run reports them. */
export type SyncEventArgs<E extends SyncRunEventName> =
  HubEventArgs<E> extends [...infer Reported, number] ? Reported : never;
/** Listener signatures, e.g. StepStarted: (stepId, description, runId) => void. */
export type HubEventListeners = { [E in HubEventName]: (...args: HubEventArgs<E>) => void };

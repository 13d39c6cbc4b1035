import {
  clientHubMessage,
  handshakeRequest,
  typedHubMessage,
  type ClientHubMessage,
} from '@auditdesk/shared/core';
import type { HubConnection } from './hubConnection';
import { frame, MessageType, parseFrames } from './hubMessages';
import type { HubRegistry } from './hubRegistry';

/** A method a client may invoke; what it answers (or resolves to) is the completion's result. */
export type HubMethod = (connection: HubConnection, args: unknown[]) => unknown;
type Invocation = Extract<ClientHubMessage, { type: 1 }>;

const KNOWN_TYPES = new Set<number>(Object.values(MessageType));

/** The first problem zod found, as one line for a Close message. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'not valid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * The SignalR JSON protocol of one connection (../shared/docs/signalr-protocol.md): the
 * handshake, invocations of `methods` (keyed by lower-case target) with their completions,
 * and the client's close. A client that breaks the protocol loses its connection.
 */
export function createHubProtocol(
  methodsByTarget: Record<string, HubMethod>,
  registry: Pick<HubRegistry, 'end'>,
) {
  // a null-prototype map of the declared methods only: a target such as `constructor` or
  // `__proto__` must never reach the object's own machinery
  const methods: Record<string, HubMethod> = Object.assign(
    Object.create(null) as Record<string, HubMethod>,
    methodsByTarget,
  );

  /** Ends a connection whose client broke the protocol; nothing else is affected. */
  const refuse = (connection: HubConnection, reason: string) =>
    registry.end(connection, { error: `Invalid message: ${reason}` });

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
      registry.end(connection, { silent: true });
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
        return registry.end(connection, { silent: true });
      default:
        return; // pings, cancellations, acks: nothing to do
    }
  }

  return {
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
  };
}

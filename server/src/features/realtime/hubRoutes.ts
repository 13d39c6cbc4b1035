import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { bearerToken, type TokenCaller } from '../../platform/http/authenticate';
import type { Config } from '../../platform/config/loadConfig';
import { conflict, forbidden, HttpProblem, notFound, unauthorized } from '../../platform/errors/httpProblem';
import type { HubCaller, HubConnection } from './hubConnection';
import { createLongPollingSink } from './longPolling';
import type { SyncHub } from './syncHub';

declare module 'fastify' {
  interface FastifyRequest {
    hubConnection?: HubConnection;
    hubCaller?: HubCaller;
  }
}

type Query = { id?: string; access_token?: string; negotiateVersion?: string };

/**
 * /hubs/sync over HTTP: negotiate, then WebSockets, Server-Sent Events or long polling,
 * as the official @microsoft/signalr client speaks them (shared/docs/signalr-protocol.md).
 * Every request carries the user's token (header, or `access_token` where browsers
 * cannot set one) and, from a browser, an allowed Origin. Refusals go to the app's one
 * error handler as problem details.
 */
export async function hubRoutes(
  app: FastifyInstance,
  {
    hub,
    tokenCaller,
    config,
    path = '/hubs/sync',
  }: { hub: SyncHub; tokenCaller: TokenCaller; config: Config; path?: string },
) {
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });

  // the app's own origin from the settings, never from the request's Host header
  const allowedOrigins = new Set([config.publicOrigin, ...config.allowedOrigins]);

  /** Checks the caller and, for transport requests, finds its connection. */
  async function admit(request: FastifyRequest, needsConnection: boolean) {
    const origin = request.headers.origin;
    if (origin && !allowedOrigins.has(origin)) throw forbidden(`The origin ${origin} may not connect.`);
    const query = request.query as Query;
    const caller = await tokenCaller(bearerToken(request) ?? query.access_token);
    if (!caller) throw unauthorized();
    request.hubCaller = { userId: caller.user.id, sessionId: caller.sessionId, expiresAt: caller.expiresAt };
    if (!needsConnection) return;
    const connection = query.id ? hub.find(query.id) : undefined;
    if (query.id && (!connection || connection.userId !== caller.user.id))
      throw notFound('No connection with this id.');
    request.hubConnection = connection;
  }
  const admitCaller = (request: FastifyRequest) => admit(request, false);
  const admitConnection = (request: FastifyRequest) => admit(request, true);

  app.post(`${path}/negotiate`, { preValidation: admitCaller }, async (request) =>
    hub.negotiate(request.hubCaller!, Number((request.query as Query).negotiateVersion ?? 0)),
  );

  app.route({
    method: 'GET',
    url: path,
    preValidation: admitConnection,
    // Synchronous on purpose: the handshake may arrive right after the upgrade.
    wsHandler: (socket: WebSocket, request) => {
      // skipNegotiation: the WebSocket opens without an id
      let open: HubConnection;
      try {
        open = request.hubConnection ?? hub.openDirect(request.hubCaller!);
      } catch {
        return socket.close(1008, 'Too many open connections for this account.');
      }
      if (open.transport) return socket.close(1008, 'This connection already has a transport.');
      open.transport = {
        kind: 'WebSockets',
        send: (text) => socket.send(text),
        close: () => socket.close(1000),
      };
      socket.on('message', (data, isBinary) => {
        // A listener that throws would take the whole process down: contain it to this connection.
        try {
          if (isBinary)
            return open.close({ error: 'Binary messages are not supported by the JSON protocol.' });
          hub.receive(open, data.toString());
        } catch (error) {
          request.log.error({ err: error }, 'hub message failed');
          open.close({ error: 'The server could not handle this message.' });
          hub.disconnected(open);
        }
      });
      socket.on('close', () => hub.disconnected(open));
      socket.on('error', () => hub.disconnected(open));
    },
    handler: async (request, reply) => {
      const connection = request.hubConnection;
      if (!connection) throw new HttpProblem(400, 'Connection id required.');
      if ((request.headers.accept ?? '').includes('text/event-stream'))
        return serverSentEvents(connection, request, reply);
      return longPoll(connection, reply);
    },
  });

  function serverSentEvents(connection: HubConnection, request: FastifyRequest, reply: FastifyReply) {
    if (connection.transport) throw conflict('This connection already has a transport.');
    reply.hijack(); // raw stream: no compression, headers flushed at once
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    reply.raw.write(':\r\n');
    connection.transport = {
      kind: 'ServerSentEvents',
      send: (text) => reply.raw.write(`data: ${text}\r\n\r\n`),
      close: () => reply.raw.end(),
    };
    request.raw.on('close', () => hub.disconnected(connection));
  }

  function longPoll(connection: HubConnection, reply: FastifyReply) {
    if (!connection.transport) {
      connection.transport = createLongPollingSink();
      // the first poll is answered at once and empty: start() waits for it
      return reply.status(200).header('content-type', 'text/plain; charset=utf-8').send('');
    }
    if (connection.transport.kind !== 'LongPolling')
      throw conflict('This connection uses another transport.');
    connection.lastReceivedAt = Date.now(); // a poll is a sign of life
    (connection.transport as ReturnType<typeof createLongPollingSink>).poll(reply);
    return reply;
  }

  // SSE and long polling send their messages here
  app.post(path, { preValidation: admitConnection }, async (request, reply) => {
    const connection = request.hubConnection;
    if (connection?.closed) throw notFound('No connection with this id.');
    if (!connection?.transport || connection.transport.kind === 'WebSockets') {
      throw new HttpProblem(400, 'Send through the connection’s transport.');
    }
    hub.receive(connection, typeof request.body === 'string' ? request.body : '');
    return reply.status(200).send('');
  });

  app.delete(path, { preValidation: admitConnection }, async (request, reply) => {
    if (request.hubConnection) hub.disconnected(request.hubConnection);
    return reply.status(202).send('');
  });
}

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Socket } from 'node:net';
import { problemBody } from './errorHandler';

const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of the request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
};

/**
 * Errors Fastify meets before any route runs (a malformed or over-long address): problem
 * details like every other error.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
  void reply
    .status(status)
    .type('application/problem+json')
    .send(problemBody(status, (error.code && FRAMEWORK_DETAILS[error.code]) ?? 'The request is not valid.'));
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
};

/**
 * Requests Node's HTTP parser refuses (headers too large, malformed, too slow): answered
 * with problem details on the raw socket, then closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'The request could not be read.'];
  const body = JSON.stringify(problemBody(status, detail));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${problemBody(status, detail).title}\r\nContent-Type: application/problem+json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

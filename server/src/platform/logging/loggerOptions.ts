import { routes } from '@auditdesk/shared/core';
import type { FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from '../config/loadConfig';

/** Fields that must never reach a log line, wherever they appear. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.refreshToken',
  '*.access_token',
  '*.refresh_token',
  '*.passwordHash',
];

/**
 * Where each path a secret is part of starts (`/api/agenda-feed/` before a feed's token: the
 * address is the whole permission): every operation of the route table with a `:token`.
 */
const SECRET_PATH_STARTS = Object.values(routes)
  .filter((operation) => operation.path.includes('/:token'))
  .map((operation) => `/api${operation.path.slice(0, operation.path.indexOf(':token'))}`);

/** A request's path as logged: no query string, and a secret in it replaced by `[redacted]`. */
export function loggedPath(url: string): string {
  const path = url.split('?')[0] ?? '/';
  const start = SECRET_PATH_STARTS.find((prefix) => path.startsWith(prefix));
  if (!start) return path;
  const rest = path.slice(start.length);
  const slash = rest.indexOf('/');
  return `${start}[redacted]${slash === -1 ? '' : rest.slice(slash)}`;
}

/**
 * JSON lines for a log collector; on a terminal (`terminal`), readable lines with the time,
 * without the request-by-request lines (see requestLogging). `stream`: the lines go there, at
 * LOG_LEVEL whatever the environment (tests read them).
 */
export function loggerOptions(
  config: Config,
  terminal = false,
  stream?: DestinationStream,
): FastifyServerOptions['logger'] {
  return {
    level: config.env === 'test' && !stream ? 'silent' : config.logLevel,
    ...(stream ? { stream } : {}),
    ...(terminal
      ? {
          stream: pretty({
            colorize: true,
            translateTime: 'SYS:HH:MM:ss',
            ignore: 'pid,hostname,reqId',
            singleLine: true,
          }),
        }
      : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // The query string can carry access_token (SignalR) or one-time links: log the path only,
      // and a feed's secret address as the feed's id (see the feed's route), never its token.
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: loggedPath(request.url),
      }),
    },
  };
}

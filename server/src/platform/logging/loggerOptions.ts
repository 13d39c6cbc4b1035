import type { FastifyServerOptions } from 'fastify';
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
 * JSON lines for a log collector; on a terminal (`terminal`), readable lines with the time,
 * without the request-by-request lines (see requestLogging).
 */
export function loggerOptions(config: Config, terminal = false): FastifyServerOptions['logger'] {
  return {
    level: config.env === 'test' ? 'silent' : config.logLevel,
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
      // The query string can carry access_token (SignalR) or one-time links: log the path only.
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
      }),
    },
  };
}

import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/loadConfig';
import { remoteOrigins } from './remoteOrigins';

/** helmet's headers, with a CSP that admits exactly the configured remote origins. */
export const securityHeaders = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  // the release store may be a bucket or CDN of its own
  const remotes = remoteOrigins({ ...config.remoteUrls, releases: config.releases.publicUrl ?? '' });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...remotes],
        connectSrc: ["'self'", ...remotes],
        // Mantine and the remotes' style-loader inject <style> elements.
        styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
        imgSrc: ["'self'", 'data:', ...remotes],
        fontSrc: ["'self'", 'data:', ...remotes],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Remote chunks may come from another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
});

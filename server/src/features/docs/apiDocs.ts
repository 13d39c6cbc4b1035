import { problemDetails, ROLES } from '@auditdesk/shared/core';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config/loadConfig';
import { rolesOf } from './describeAccess';

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: problemDetails } },
});

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with,
 * at /api/openapi.json, and a reference page at /api/docs. Each route's roles come from its
 * authenticate hook, and every route documents its problem-details errors.
 */
export const apiDocs = fp(async (app: FastifyInstance, { config }: { config: Config }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Auditdesk API',
        version: '1.0.0',
        description:
          'The back office of a home-energy audit business. Errors are RFC 9457 problem details. ' +
          'Sign in with POST /api/auth/login and send the access token as a Bearer token.',
      },
      servers: [{ url: config.publicOrigin }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform(document) {
      // the API only: not the hub, the web assets or /remotes.json
      if (!document.url.startsWith('/api/')) return { schema: { hide: true }, url: document.url };
      const roles = rolesOf(document.route);
      const schema = document.schema ?? {};
      const documented = {
        ...schema,
        ...(roles
          ? {
              security: [{ bearer: [] }],
              // machine-readable for the fuzz suite and other clients
              'x-roles': roles.length ? roles : ROLES,
              description: [
                schema.description,
                `Roles: ${roles.length ? roles.join(', ') : 'any signed-in user'}.`,
              ]
                .filter(Boolean)
                .join(' '),
            }
          : {}),
        response: {
          ...(schema.response as object | undefined),
          ...(roles
            ? {
                401: problem('Not signed in, or the sign-in has ended'),
                403: problem('The role may not do this'),
              }
            : {}),
          '4XX': problem('The request cannot be served as it is (see detail)'),
          500: problem('An unexpected error; it has been logged'),
        },
      };
      return jsonSchemaTransform({ ...document, schema: documented });
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

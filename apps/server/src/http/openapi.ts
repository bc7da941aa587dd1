import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

export const OPENAPI_PATH = '/api/v1/openapi.json';

/**
 * The OpenAPI 3.1 document, generated from the contract's zod schemas of every mounted
 * endpoint (untagged routes, such as static files and the sandbox, are left out). Register
 * before the routes it describes.
 */
export async function installOpenApi(
  app: FastifyInstance,
  options: { brandName: string; version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.brandName} API`,
        version: options.version,
        description:
          'Every answer is `{ message, data }` (lists add `meta.nextCursor`); errors are `{ message, code, errors? }` with a 4xx or 5xx status. Money travels as naira strings with two decimals.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'A session token from sign-in.' },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'adk_...',
            description:
              'An API key generated on the dashboard (API Keys): `Authorization: Bearer adk_...`. Reseller endpoints only.',
          },
        },
      },
    },
    hideUntagged: true,
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

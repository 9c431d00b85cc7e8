import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const API_DOCS_PREFIX = '/api/docs';

/** Only the wire API is documented: the JSON routes under /api and /auth, not the docs themselves. */
function isDocumentedRoute(url: string): boolean {
  return (url.startsWith('/api/') || url.startsWith('/auth/')) && url !== API_DOCS_PREFIX && !url.startsWith(`${API_DOCS_PREFIX}/`);
}

/**
 * The OpenAPI document is generated from the route schemas, which are the contract's zod schemas
 * (contract/): JSON at /api/docs/json, a browsable page at /api/docs. Registered before any route,
 * since @fastify/swagger collects routes as they are added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '런치챗 (LunchChat) API',
        version: '1',
        description:
          'Generated from contract/ (zod). Every JSON answer is the envelope `{ isSuccess, code, message, result? }`; failures carry the codes of docs/contract.md section 10. Chat realtime (STOMP over /ws) is described in docs/contract.md section 8 and contract/stomp.ts.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      if (!isDocumentedRoute(document.url)) return { schema: { ...document.schema, hide: true }, url: document.url };
      return jsonSchemaTransform(document);
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // The app's own security headers (lib/security.ts) apply: the page loads only its own files.
    staticCSP: false,
    uiConfig: { deepLinking: false },
  });
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the route schemas, browsable at /api/docs. */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Brushworks shop API',
          description: 'Painting tools shop: catalogue, orders, payments, reviews and accounts.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  },
  { name: 'docs' },
);

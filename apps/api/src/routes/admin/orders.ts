import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderListSchema } from '@shop/shared/contracts/orders';
import { modifiedCountResponse } from '@shop/shared/contracts/tools';
import { idParams } from '@shop/shared/fields';
import { bearerSecurity, errorResponses } from '../../lib/route-schemas';
import { listAllOrders, shipOrder } from '../../modules/orders/orders.service';

export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/order',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Every order, newest first (admin)',
        security: bearerSecurity,
        response: { 200: orderListSchema, ...errorResponses(401, 403) },
      },
    },
    async () => listAllOrders(app.database.db),
  );

  app.patch(
    '/shipping-order/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['orders'],
        summary: 'Mark a paid order as shipped (admin)',
        security: bearerSecurity,
        params: idParams,
        response: { 200: modifiedCountResponse, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => shipOrder(app.database.db, request.params.id),
  );
};

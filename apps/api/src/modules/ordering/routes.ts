import type { FastifyPluginAsync } from 'fastify';
import { orderMailRoutes } from './order-mail/order-mail.routes';
import { orderRoutes } from './orders/orders.routes';
import { receiptRoutes } from './orders/receipts.routes';

/** Every route of ordering. */
export const orderingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(orderRoutes);
  await app.register(receiptRoutes);
  await app.register(orderMailRoutes);
};

import type { FastifyPluginAsync } from 'fastify';
import { contractPriceRoutes } from './prices/prices.routes';
import { stockRoutes } from './stock/stock.routes';
import { toolRoutes } from './tools/tools.routes';
import { uploadRoutes } from './uploads/uploads.routes';

/** Every route of the catalogue. */
export const catalogueRoutes: FastifyPluginAsync = async (app) => {
  await app.register(toolRoutes);
  await app.register(stockRoutes);
  await app.register(uploadRoutes);
  await app.register(contractPriceRoutes);
};

import type { FastifyInstance } from 'fastify';
import { hasAnyTool } from '../modules/tools/tools.service';

/** First start with an empty catalogue: add the demo tools and reviews. */
export async function seedDemoData(app: FastifyInstance): Promise<void> {
  if (await hasAnyTool(app.database.db)) return;
  app.log.info('empty catalogue: demo data is not written yet');
}

import fp from 'fastify-plugin';
import { openDatabase, type DatabaseHandle } from '../db/client';

/** Opens the database (migrations applied) unless the caller hands one in, as tests do. */
export default fp<{ handle?: DatabaseHandle }>(
  async (app, { handle }) => {
    const database =
      handle ??
      (await openDatabase({
        url: app.config.DATABASE_URL,
        migrationUrl: app.config.MIGRATION_DATABASE_URL,
        dataDir: app.config.DATA_DIR,
      }));
    app.decorate('database', database);
    // A handle passed in belongs to the caller, who closes it.
    if (!handle) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);

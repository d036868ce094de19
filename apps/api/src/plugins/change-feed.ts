import fp from 'fastify-plugin';
import { localChangeFeed } from '../lib/change-feed';
import { openPostgresChangeFeed } from '../lib/postgres-change-feed';

/**
 * `app.changeFeed` (lib/change-feed.ts): tells every instance that something kept in memory
 * changed. LISTEN/NOTIFY on PostgreSQL, in-process on PGlite (one process).
 */
export default fp(
  async (app) => {
    const { url } = app.database;
    const feed = url ? await openPostgresChangeFeed(url, app.log) : localChangeFeed(app.log);
    app.decorate('changeFeed', feed);
    app.addHook('onClose', () => feed.close());
  },
  { name: 'change-feed', dependencies: ['database'] },
);

import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { readyLineResolver } from './ready-url';
import { seedDemoData } from './seed/seed-demo-data';

/** `npm start`: validated config, database with migrations, demo data, then listen. */
async function main() {
  const config = loadConfigOrExit();
  const app = await buildApp({ config });
  if (config.SEED_DEMO) await seedDemoData(app);

  // Graceful shutdown: stop accepting, finish requests in flight, close the database.
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000).unref();
      app.close().then(
        () => {
          clearTimeout(force);
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
    });
  }

  // Fastify logs a line per address it listens on: the first is 'Shop ready at ...'.
  await app.listen({ port: config.PORT, host: config.HOST, listenTextResolver: readyLineResolver(config) });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

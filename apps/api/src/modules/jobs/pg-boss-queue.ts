import type PgBoss from 'pg-boss';
import type { JobLog, JobQueue } from './job-queue';

/** pg-boss's tables live in this schema of the shop's own database. */
const SCHEMA = 'pgboss';

/**
 * Jobs kept in the shop's PostgreSQL by pg-boss: every instance works the same queues, a job
 * is taken by one of them (SKIP LOCKED), a cron schedule sends one job per minute however many
 * instances run, and a job survives the crash of the instance that sent it.
 * Queues are `stately`: at most one waiting and one running job per key, so a burst of
 * triggers makes one run (`now`), and a retry waiting for its time (`later`) stays separate.
 */
export async function pgBossQueue(connectionString: string, log: JobLog): Promise<JobQueue> {
  // Loaded only on PostgreSQL: PGlite installs never pay for it (decision 0026).
  const { default: PgBossClass } = await import('pg-boss');
  const boss: PgBoss = new PgBossClass({
    connectionString,
    schema: SCHEMA,
    application_name: 'shop-jobs',
    max: 4,
    // Finished jobs are kept a day for whoever looks into the pgboss tables, then deleted.
    deleteAfterDays: 1,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));
  const workers = new Map<string, string>();

  return {
    kind: 'pg-boss',
    async start(definitions) {
      await boss.start();
      for (const job of definitions) {
        // A handler that throws (database gone) is tried again: three times, backing off.
        await boss.createQueue(job.name, {
          name: job.name,
          policy: 'stately',
          retryLimit: 3,
          retryDelay: 5,
          retryBackoff: true,
          expireInSeconds: 15 * 60,
        });
        const workerId = await boss.work(job.name, { pollingIntervalSeconds: 1 }, async () => {
          await job.run();
        });
        workers.set(job.name, workerId);
        await boss.schedule(job.name, `*/${job.everyMinutes} * * * *`);
        await boss.send(job.name, {}, { singletonKey: 'now' });
      }
    },
    async trigger(name, { delayMs = 0 } = {}) {
      const later = delayMs > 0;
      await boss.send(
        name,
        {},
        later ? { singletonKey: 'later', startAfter: Math.ceil(delayMs / 1000) } : { singletonKey: 'now' },
      );
      // This instance's worker looks at once instead of at its next poll.
      const workerId = workers.get(name);
      if (!later && workerId) boss.notifyWorker(workerId);
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}

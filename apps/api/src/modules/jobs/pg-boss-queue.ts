import type PgBoss from 'pg-boss';
import type { JobDefinition, JobLog, JobQueue } from './job-queue';

/** pg-boss's tables live in this schema of the shop's own database. */
const SCHEMA = 'pgboss';
/** How often an idle worker looks for work (a trigger on this instance wakes it at once). */
const POLL_MS = 1_000;
/** The longest pause between looks while the database does not answer. */
const MAX_BACKOFF_MS = 10_000;

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
  const workers = new Map<string, Worker>();

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
        workers.set(job.name, startWorker(boss, job, log));
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
      if (!later) workers.get(name)?.wake();
    },
    async stop() {
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
    },
  };
}

interface Worker {
  wake(): void;
  stop(): Promise<void>;
}

/**
 * One job's worker, on pg-boss's public fetch, complete and fail. Not `boss.work`: pg-boss 10
 * (the last for Node 20) neither awaits nor catches its own complete and fail calls, so a
 * database that went away while a job ran rejected with no handler and ended the process. Here
 * every call to the database is awaited and a failure is logged; the worker backs off while the
 * database is gone and carries on when it is back (docs/decisions/0030).
 */
function startWorker(boss: PgBoss, job: JobDefinition, log: JobLog): Worker {
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let failures = 0;
  /**
   * Jobs that ran but could not be marked done or failed (the database went away meanwhile).
   * They stay active in pg-boss, and a stately queue runs no other job of their key while one is
   * active: until it expired (15 minutes), every trigger of this job waited for the next cron
   * sweep. They are marked first thing once the database answers again.
   */
  const unsettled = new Map<string, { ok: boolean; message?: string }>();

  const settle = async (id: string, outcome: { ok: boolean; message?: string }) => {
    unsettled.set(id, outcome);
    if (outcome.ok) await boss.complete(job.name, id);
    else await boss.fail(job.name, id, { message: outcome.message });
    unsettled.delete(id);
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });

  const runOnce = async (): Promise<boolean> => {
    for (const [id, outcome] of [...unsettled]) await settle(id, outcome);
    const [claimed] = await boss.fetch(job.name);
    if (!claimed) return false;
    try {
      await job.run();
    } catch (error) {
      log.error({ err: error, job: job.name }, `job ${job.name} failed`);
      // pg-boss tries it again later (retryLimit); if even this cannot be written, it is
      // written when the database answers again (unsettled).
      await settle(claimed.id, { ok: false, message: String(error) });
      return true;
    }
    await settle(claimed.id, { ok: true });
    return true;
  };

  const loop = (async () => {
    while (!stopped) {
      let claimed = false;
      try {
        claimed = await runOnce();
        failures = 0;
      } catch (error) {
        failures += 1;
        // Once per outage, not once per look.
        if (failures === 1)
          log.warn({ err: error, job: job.name }, 'job queue: the database is not answering');
      }
      if (stopped) break;
      if (!claimed) await pause(Math.min(POLL_MS * 2 ** failures, MAX_BACKOFF_MS));
    }
  })();

  return {
    wake: () => wakeUp?.(),
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
    },
  };
}

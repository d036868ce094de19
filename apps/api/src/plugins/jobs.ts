import fp from 'fastify-plugin';
import { publicUrlOf } from '../config';
import { inProcessQueue } from '../modules/jobs/in-process-queue';
import type { JobDefinition, JobQueue } from '../modules/jobs/job-queue';
import { pgBossQueue } from '../modules/jobs/pg-boss-queue';
import { drainOrderMail } from '../modules/ordering/order-mail/drain-order-mail';
import { expireDueOrders } from '../modules/ordering/orders/expire-orders';
import { remindUnpaidOrders } from '../modules/ordering/orders/remind-unpaid-orders';

/** The jobs the shop runs (docs/decisions/0030-jobs-and-order-mail-outbox.md). */
export const JOBS = {
  orderMail: 'order-mail',
  expireOrders: 'orders-expire',
  remindOrders: 'orders-remind',
} as const;

/** Writes that finish within this window wake the mail job once (a burst of orders, one run). */
const WAKE_DEBOUNCE_MS = 200;
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Decorates `app.jobs`: pg-boss on PostgreSQL, timers in process on PGlite; the same jobs on
 * both. Starts them when the app is ready and stops them (waiting for runs in progress) before
 * the mailer and the database close.
 */
export default fp(
  async (app) => {
    const { config, database } = app;
    const { db } = database;
    const log = app.log.child({ module: 'jobs' });
    const queue: JobQueue =
      database.kind === 'postgres' && database.url
        ? await pgBossQueue(database.url, log)
        : inProcessQueue(log);
    const ttlMs = config.UNPAID_ORDER_TTL;
    const publicUrl = publicUrlOf(config);
    const retryDelaysMs = Array.from(
      { length: config.MAIL_RETRIES },
      (_, i) => config.MAIL_RETRY_DELAY_MS * 2 ** i,
    );

    const jobs: JobDefinition[] = [
      {
        name: JOBS.orderMail,
        everyMinutes: 1,
        run: async () => {
          const { nextDueAt } = await drainOrderMail({
            db,
            mailer: app.mail,
            publicUrl,
            unpaidOrderTtlMs: ttlMs,
            retryDelaysMs,
            log: app.log.child({ module: 'order-mail' }),
          });
          // A mail waiting for its retry: the job comes back for it (the minute's sweep is the safety net).
          if (nextDueAt) {
            await queue.trigger(JOBS.orderMail, {
              delayMs: Math.max(1000, nextDueAt.getTime() - Date.now()),
            });
          }
        },
      },
      {
        name: JOBS.expireOrders,
        everyMinutes: 1,
        run: async () => {
          const expired = await expireDueOrders(db, app.payments, {
            now: new Date(),
            ttlMs,
            onPaymentCancelError: (error) =>
              log.error({ err: error }, 'Cancelling the payment of an expired order failed'),
          });
          if (expired.length === 0) return;
          app.catalogue.toolsChanged();
          await queue.trigger(JOBS.orderMail);
        },
      },
      {
        name: JOBS.remindOrders,
        everyMinutes: 5,
        run: async () => {
          const reminded = await remindUnpaidOrders(db, {
            now: new Date(),
            ttlMs,
            reminderMs: config.UNPAID_ORDER_REMINDER,
          });
          if (reminded.length > 0) await queue.trigger(JOBS.orderMail);
        },
      },
    ];

    // Any change of an order (a write answered without error) may have queued a mail in its
    // transaction, now committed: wake the mail job rather than wait for its minute. One
    // check here keeps every order route, present and future, from having to remember it.
    let wakePending = false;
    app.addHook('onResponse', (request, reply, done) => {
      done();
      if (wakePending || READS.has(request.method) || reply.statusCode >= 400) return;
      wakePending = true;
      setTimeout(() => {
        wakePending = false;
        queue
          .trigger(JOBS.orderMail)
          .catch((error: unknown) => log.warn({ err: error }, 'waking the mail job failed'));
      }, WAKE_DEBOUNCE_MS).unref();
    });

    app.decorate('jobs', queue);
    app.addHook('onReady', () => queue.start(jobs));
    app.addHook('onClose', () => queue.stop());
  },
  { name: 'jobs', dependencies: ['database', 'mail', 'catalogue', 'payments'] },
);

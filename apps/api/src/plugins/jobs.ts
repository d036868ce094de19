import fp from 'fastify-plugin';
import { publicUrlOf, sellerOf } from '../config';
import { isSuccessfulWrite } from '../lib/successful-write';
import { backofficeJobs } from '../modules/backoffice';
import { invoiceMailComposer, invoicingJobs } from '../modules/invoicing';
import { inProcessQueue, pgBossQueue, type JobQueue } from '../modules/jobs';
import { ORDERING_JOBS, orderingJobs, releaseOrderMailClaims } from '../modules/ordering';

/** Writes that finish within this window wake the mail job once (a burst of orders, one run). */
const WAKE_DEBOUNCE_MS = 200;

/**
 * Decorates `app.jobs`: pg-boss on PostgreSQL, timers in process on PGlite; the same jobs on
 * both, each module's own (modules/ordering/ordering.jobs.ts). Starts them when the app is ready
 * and stops them (waiting for runs in progress) before the mailer and the database close.
 */
export default fp(
  async (app) => {
    const { config, database } = app;
    const log = app.log.child({ module: 'jobs' });
    const queue: JobQueue =
      database.kind === 'postgres' && database.url
        ? await pgBossQueue(database.url, log)
        : inProcessQueue(log);

    const wakeMail = () => queue.trigger(ORDERING_JOBS.orderMail);
    const jobs = [
      ...orderingJobs({
        db: database.db,
        mailer: app.mail,
        payments: app.paymentActions,
        tellChanged: app.tellChanged,
        trigger: (name, options) => queue.trigger(name, options),
        publicUrl: publicUrlOf(config),
        unpaidOrderTtlMs: config.UNPAID_ORDER_TTL,
        unpaidOrderReminderMs: config.UNPAID_ORDER_REMINDER,
        mailRetryDelaysMs: Array.from(
          { length: config.MAIL_RETRIES },
          (_, i) => config.MAIL_RETRY_DELAY_MS * 2 ** i,
        ),
        invoiceMail: invoiceMailComposer(database.db, sellerOf(config), publicUrlOf(config)),
        log,
      }),
      ...invoicingJobs({ db: database.db, wakeMail }),
      ...backofficeJobs({ db: database.db }),
    ];

    // Any change of an order (a write answered without error) may have queued a mail in its
    // transaction, now committed: wake the mail job rather than wait for its minute. One
    // check here keeps every order route, present and future, from having to remember it.
    let wakePending = false;
    app.addHook('onResponse', (request, reply, done) => {
      done();
      if (wakePending || !isSuccessfulWrite(request.method, reply.statusCode)) return;
      wakePending = true;
      setTimeout(() => {
        wakePending = false;
        queue
          .trigger(ORDERING_JOBS.orderMail)
          .catch((error: unknown) => log.warn({ err: error }, 'waking the mail job failed'));
      }, WAKE_DEBOUNCE_MS).unref();
    });

    app.decorate('jobs', queue);
    app.addHook('onReady', async () => {
      // On PGlite this process is the database's only user: claims left by a run that died are free.
      if (database.kind === 'pglite') await releaseOrderMailClaims(database.db);
      await queue.start(jobs);
    });
    app.addHook('onClose', () => queue.stop());
  },
  { name: 'jobs', dependencies: ['database', 'mail', 'catalogue', 'payments'] },
);

import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { TellChanged } from '../../lib/change-topics';
import type { JobDefinition } from '../jobs';
import type { Mailer } from '../mail';
import { drainOrderMail } from './order-mail/drain-order-mail';
import type { InvoiceMailComposer } from './order-mail/order-mail-message';
import { expireDueOrders } from './orders/expire-orders';
import type { PaymentActions } from './orders/payment-actions';
import { remindUnpaidOrders } from './orders/remind-unpaid-orders';

/** The ordering module's jobs (docs/decisions/0030-jobs-and-order-mail-outbox.md). */
export const ORDERING_JOBS = {
  orderMail: 'order-mail',
  expireOrders: 'orders-expire',
  remindOrders: 'orders-remind',
} as const;

export interface OrderingJobDeps {
  db: Database;
  mailer: Pick<Mailer, 'sendNow'>;
  payments: PaymentActions;
  tellChanged: TellChanged;
  /** Asks the queue for one more run of a job, now or later. */
  trigger: (name: string, options?: { delayMs?: number }) => Promise<void>;
  publicUrl: string;
  unpaidOrderTtlMs: number;
  unpaidOrderReminderMs: number;
  mailRetryDelaysMs: number[];
  invoiceMail: InvoiceMailComposer;
  log: FastifyBaseLogger;
}

/** Sending order mail from the outbox, expiring unpaid orders, and reminding before they expire. */
export function orderingJobs(deps: OrderingJobDeps): JobDefinition[] {
  const { db, log, trigger } = deps;
  return [
    {
      name: ORDERING_JOBS.orderMail,
      everyMinutes: 1,
      run: async () => {
        const { nextDueAt } = await drainOrderMail({
          db,
          mailer: deps.mailer,
          publicUrl: deps.publicUrl,
          unpaidOrderTtlMs: deps.unpaidOrderTtlMs,
          retryDelaysMs: deps.mailRetryDelaysMs,
          invoiceMail: deps.invoiceMail,
          log: log.child({ module: 'order-mail' }),
        });
        // A mail waiting for its retry: the job comes back for it (the minute's sweep is the safety net).
        if (nextDueAt) {
          await trigger(ORDERING_JOBS.orderMail, {
            delayMs: Math.max(1000, nextDueAt.getTime() - Date.now()),
          });
        }
      },
    },
    {
      name: ORDERING_JOBS.expireOrders,
      everyMinutes: 1,
      run: async () => {
        const expired = await expireDueOrders(
          {
            db,
            payments: deps.payments,
            tellChanged: deps.tellChanged,
            onPaymentCancelError: (error) =>
              log.error({ err: error }, 'Cancelling the payment of an expired order failed'),
          },
          { now: new Date(), ttlMs: deps.unpaidOrderTtlMs },
        );
        if (expired.length > 0) await trigger(ORDERING_JOBS.orderMail);
      },
    },
    {
      name: ORDERING_JOBS.remindOrders,
      everyMinutes: 5,
      run: async () => {
        const reminded = await remindUnpaidOrders(db, {
          now: new Date(),
          ttlMs: deps.unpaidOrderTtlMs,
          reminderMs: deps.unpaidOrderReminderMs,
        });
        if (reminded.length > 0) await trigger(ORDERING_JOBS.orderMail);
      },
    },
  ];
}

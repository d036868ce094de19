import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { idParams } from '../fields';

/** The order e-mails there are: one per kind of event an order goes through (docs/behaviour.md §5.12). */
export const ORDER_MAIL_KINDS = [
  'placed',
  'paid',
  'shipped',
  'cancelled',
  'refunded',
  'expiring-soon',
  'expired',
  /** Invoices on terms (§5.23): the invoice with its PDF, and the reminders before and after it is due. */
  'invoiced',
  'invoice-due-soon',
  'invoice-overdue',
] as const;
export type OrderMailKind = (typeof ORDER_MAIL_KINDS)[number];

/** At most this many failed e-mails are listed; the count says how many there are. */
export const FAILED_ORDER_MAIL_LIST_COUNT = 10;

export const failedOrderMailSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  kind: z.enum(ORDER_MAIL_KINDS),
  /** The customer's address and the order's tool, as the order had them. */
  to: z.string(),
  toolName: z.string(),
  attempts: z.number().int(),
  /** What the mail server (or the mailer) answered the last time. */
  lastError: z.string().nullable(),
  /** When the event queued it (ISO 8601). */
  queuedAt: z.string(),
});
export type FailedOrderMail = z.infer<typeof failedOrderMailSchema>;

export const failedOrderMailListSchema = z.object({
  count: z.number().int(),
  /** Newest first, at most FAILED_ORDER_MAIL_LIST_COUNT. */
  mails: z.array(failedOrderMailSchema),
});
export type FailedOrderMailList = z.infer<typeof failedOrderMailListSchema>;

export const orderMailRoutes = defineRoutes({
  'GET /order-mail/failed': {
    access: 'admin',
    tags: ['orders'],
    summary: 'Order e-mails given up after every retry, newest first (admin)',
    response: { status: 200, schema: failedOrderMailListSchema },
  },
  'POST /order-mail/:id/retry': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['orders'],
    summary: 'Send a failed order e-mail again, with its retries afresh (admin)',
    params: idParams,
    response: { status: 200, schema: failedOrderMailSchema },
    errors: [404],
  },
});

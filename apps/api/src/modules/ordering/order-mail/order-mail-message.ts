import { z } from 'zod';
import { MY_ORDERS_PATH, orderPaymentPath } from '@shop/shared/order-links';
import type { MailAttachment, OrderMailLine, OrderMailOrder, OrderTemplateData } from '../../mail';
import type { OrderMailKind } from '@shop/shared/contracts/order-mail';

/**
 * The outbox's copy of the order: PostgreSQL's `to_jsonb` of its row (snake_case columns).
 * `carrier` and `tracking_number` are read when the orders table has them.
 */
const orderSnapshot = z.object({
  id: z.string(),
  tool_name: z.string(),
  customer_name: z.string(),
  email: z.string(),
  address: z.string(),
  items_total_cents: z.number(),
  shipping_cents: z.number(),
  // Absent from copies queued before tax (docs/behaviour.md §5.22).
  tax_cents: z.number().default(0),
  price_cents: z.number(),
  transaction_id: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  carrier: z.string().nullish(),
  tracking_number: z.string().nullish(),
  po_number: z.string().nullish(),
  note: z.string().nullish(),
  approval_state: z.string().nullish(),
});

type OrderMailTemplate = keyof OrderTemplateData;
export interface OrderMailMessage<Name extends OrderMailTemplate = OrderMailTemplate> {
  template: Name;
  to: string;
  data: OrderTemplateData[Name];
  attachments?: readonly MailAttachment[];
}

/**
 * Composes an invoice's mail for its order (the invoicing module's, handed in by the composition:
 * invoicing builds on ordering). Null: nothing to send any more (a reminder of an invoice paid
 * since it was queued).
 */
export type InvoiceMailComposer = (
  kind: InvoiceMailKind,
  orderId: string,
  order: OrderMailOrder,
) => Promise<OrderMailMessage | null>;

/** "2026-11-26 13:05 UTC": one unambiguous form for every reader. */
const utc = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** "48 hours", "2 days", "30 minutes": the TTL as the expired mail says it. */
function describeDuration(ms: number): string {
  const units: [number, string][] = [
    [86_400_000, 'day'],
    [3_600_000, 'hour'],
    [60_000, 'minute'],
    [1000, 'second'],
  ];
  const [size, unit] = units.find(([size]) => ms % size === 0 && ms >= size) ?? [1, 'millisecond'];
  const count = ms / size;
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The order as every mail shows it, from the outbox's copy; throws when it cannot be read. */
export function orderOfSnapshot(snapshot: unknown, lines: readonly OrderMailLine[]): OrderMailOrder {
  return orderFrom(orderSnapshot.parse(snapshot), lines);
}

const orderFrom = (row: z.infer<typeof orderSnapshot>, lines: readonly OrderMailLine[]): OrderMailOrder => ({
  id: row.id,
  toolName: row.tool_name,
  lines,
  itemsTotalCents: row.items_total_cents,
  shippingCents: row.shipping_cents,
  taxCents: row.tax_cents,
  totalCents: row.price_cents,
  address: row.address,
  poNumber: row.po_number ?? null,
  note: row.note ?? null,
});

/** The mails of an order's invoice (docs/behaviour.md §5.23): the invoicing module writes them. */
export type InvoiceMailKind = Extract<OrderMailKind, 'invoiced' | 'invoice-due-soon' | 'invoice-overdue'>;
export const isInvoiceMailKind = (kind: OrderMailKind): kind is InvoiceMailKind =>
  kind === 'invoiced' || kind === 'invoice-due-soon' || kind === 'invoice-overdue';

/** What to send for one outbox row of an order mail; throws when the copy of the order cannot be read. */
export function orderMailMessage(
  kind: Exclude<OrderMailKind, InvoiceMailKind>,
  snapshot: unknown,
  lines: readonly OrderMailLine[],
  {
    publicUrl,
    unpaidOrderTtlMs,
    recipientVerified,
  }: { publicUrl: string; unpaidOrderTtlMs: number; recipientVerified: boolean },
): OrderMailMessage {
  const row = orderSnapshot.parse(snapshot);
  const order = orderFrom(row, lines);
  // The name only to an address that proved it is the customer's (docs/behaviour.md §4.8, §5.12).
  const base = { name: recipientVerified ? row.customer_name : null, order };
  const payUrl = `${publicUrl}${orderPaymentPath(row.id)}`;
  const ordersUrl = `${publicUrl}${MY_ORDERS_PATH}`;
  const expiresAt = utc(new Date(Date.parse(row.created_at) + unpaidOrderTtlMs));
  const to = row.email;
  switch (kind) {
    case 'placed':
      return {
        template: 'order-placed',
        to,
        data: {
          ...base,
          payUrl,
          expiresAt,
          awaitingApproval: row.approval_state === 'awaiting',
          // Paid in the checkout that placed it (by invoice, §5.23): its copy was taken again then.
          paidBy: row.paid_at ? row.transaction_id : null,
        },
      };
    case 'paid':
      return {
        template: 'order-paid',
        to,
        data: {
          ...base,
          transactionId: row.transaction_id ?? '',
          paidAt: row.paid_at ? utc(new Date(row.paid_at)) : '',
          orderUrl: ordersUrl,
        },
      };
    case 'shipped':
      return {
        template: 'order-shipped',
        to,
        data: { ...base, carrier: row.carrier, trackingNumber: row.tracking_number, orderUrl: ordersUrl },
      };
    case 'cancelled':
      return { template: 'order-cancelled', to, data: { ...base, ordersUrl } };
    case 'refunded':
      return {
        template: 'order-refunded',
        to,
        data: { ...base, transactionId: row.transaction_id, ordersUrl },
      };
    case 'expiring-soon':
      return { template: 'order-expiring-soon', to, data: { ...base, payUrl, expiresAt } };
    case 'expired':
      return {
        template: 'order-expired',
        to,
        data: { ...base, ttlText: describeDuration(unpaidOrderTtlMs), ordersUrl },
      };
  }
}

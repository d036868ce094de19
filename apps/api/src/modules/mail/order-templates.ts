import { formatDollars, formatUnitPrice } from '@shop/shared/money';
import type { MailContent } from './render-mail';

/** What every order mail shows of the order, as it was at the event (docs/behaviour.md §5.12). */
export interface OrderMailOrder {
  id: string;
  toolName: string;
  quantity: number;
  unitPriceCents: number;
  itemsTotalCents: number;
  shippingCents: number;
  totalCents: number;
  address: string;
}

interface Addressed {
  /** The customer's name, or null when the address is not verified (render-mail.ts). */
  name: string | null;
  order: OrderMailOrder;
}

export interface OrderTemplateData {
  'order-placed': Addressed & { payUrl: string; expiresAt: string };
  'order-paid': Addressed & { transactionId: string; paidAt: string; orderUrl: string };
  'order-shipped': Addressed & { carrier?: string | null; trackingNumber?: string | null; orderUrl: string };
  'order-cancelled': Addressed & { ordersUrl: string };
  'order-refunded': Addressed & { transactionId?: string | null; ordersUrl: string };
  'order-expiring-soon': Addressed & { payUrl: string; expiresAt: string };
  'order-expired': Addressed & { ttlText: string; ordersUrl: string };
}

const dollars = (cents: number) => formatDollars(cents / 100);

/** The items, shipping and total lines: one paragraph, its lines kept (render-mail: pre-line). */
function amounts(order: OrderMailOrder, totalLabel: string): string {
  return [
    `Order ${order.id}`,
    `${order.toolName}: ${order.quantity} × ${formatUnitPrice(order.unitPriceCents)} = ${dollars(order.itemsTotalCents)}`,
    `Shipping: ${dollars(order.shippingCents)}`,
    `${totalLabel}: ${dollars(order.totalCents)}`,
  ].join('\n');
}

const questions = 'Questions about your order? Reply to this mail or write to us from the Contact page.';

/** The order mails: words only, as templates.ts (render-mail.ts does the look). */
export const orderTemplates: {
  [Name in keyof OrderTemplateData]: (data: OrderTemplateData[Name]) => MailContent;
} = {
  'order-placed': ({ name, order, payUrl, expiresAt }) => ({
    subject: `We received your order: ${order.toolName}`,
    name,
    paragraphs: [
      'Thank you for your order. The tools are set aside for you until it is paid.',
      amounts(order, 'Total to pay'),
      `Ship to: ${order.address}`,
      `Please pay by ${expiresAt}: an order still unpaid then is cancelled and its tools go back on sale.`,
    ],
    action: { label: 'Pay for this order', url: payUrl },
    afterword: [questions],
  }),
  'order-paid': ({ name, order, transactionId, paidAt, orderUrl }) => ({
    subject: `Payment received: your receipt for ${order.toolName}`,
    name,
    paragraphs: [
      'Thank you: we received your payment. This mail is your receipt.',
      amounts(order, 'Total paid'),
      `Paid: ${paidAt}\nTransaction: ${transactionId}`,
      `Ship to: ${order.address}. We will write again when it is on its way.`,
    ],
    action: { label: 'See your order', url: orderUrl },
    afterword: [questions],
  }),
  'order-shipped': ({ name, order, carrier, trackingNumber, orderUrl }) => ({
    subject: `Your order of ${order.toolName} is on its way`,
    name,
    paragraphs: [
      `Your order of ${order.quantity} × ${order.toolName} has left our warehouse for ${order.address}.`,
      ...(carrier || trackingNumber
        ? [
            [carrier && `Carrier: ${carrier}`, trackingNumber && `Tracking number: ${trackingNumber}`]
              .filter(Boolean)
              .join('\n'),
          ]
        : []),
      `Order ${order.id}`,
    ],
    action: { label: 'See your order', url: orderUrl },
    afterword: [questions],
  }),
  'order-cancelled': ({ name, order, ordersUrl }) => ({
    subject: `Your order of ${order.toolName} was cancelled`,
    name,
    paragraphs: [
      `Your order of ${order.quantity} × ${order.toolName} was cancelled. Nothing was charged for it.`,
      `Order ${order.id}`,
    ],
    action: { label: 'See your orders', url: ordersUrl },
    afterword: [questions],
  }),
  'order-refunded': ({ name, order, transactionId, ordersUrl }) => ({
    subject: `Your payment for ${order.toolName} was refunded`,
    name,
    paragraphs: [
      `Your order of ${order.quantity} × ${order.toolName} was cancelled and its payment of ${dollars(order.totalCents)} refunded to the card it came from. Banks take a few days to show it.`,
      [`Order ${order.id}`, transactionId && `Transaction: ${transactionId}`].filter(Boolean).join('\n'),
    ],
    action: { label: 'See your orders', url: ordersUrl },
    afterword: [questions],
  }),
  'order-expiring-soon': ({ name, order, payUrl, expiresAt }) => ({
    subject: `Your unpaid order of ${order.toolName} expires soon`,
    name,
    paragraphs: [
      `Your order of ${order.quantity} × ${order.toolName} is not paid yet. It is cancelled on ${expiresAt} unless it is paid before.`,
      amounts(order, 'Total to pay'),
    ],
    action: { label: 'Pay for this order', url: payUrl },
    afterword: ['If you no longer want it, do nothing: it is cancelled then and nothing is charged.'],
  }),
  'order-expired': ({ name, order, ttlText, ordersUrl }) => ({
    subject: `Your unpaid order of ${order.toolName} has expired`,
    name,
    paragraphs: [
      `Your order of ${order.quantity} × ${order.toolName} was not paid within ${ttlText}, so we cancelled it and put its tools back on sale. Nothing was charged.`,
      `Order ${order.id}`,
    ],
    action: { label: 'See your orders', url: ordersUrl },
    afterword: ['You are welcome to order again at any time.'],
  }),
};

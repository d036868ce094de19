import { formatDollars, formatUnitPrice } from '@shop/shared/money';
import type { MailContent } from './render-mail';

/** What every order mail shows of the order, as it was at the event (docs/behaviour.md §5.12). */
export interface OrderMailOrder {
  id: string;
  /** The tool's name, or a summary for several lines: 'Angled Sash Brush and 4 more'. */
  toolName: string;
  lines: readonly OrderMailLine[];
  itemsTotalCents: number;
  shippingCents: number;
  /** The order's tax (docs/behaviour.md §5.22); shown when there is any. */
  taxCents: number;
  totalCents: number;
  address: string;
  poNumber: string | null;
  note: string | null;
}

export interface OrderMailLine {
  toolName: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

interface Addressed {
  /** The customer's name, or null when the address is not verified (render-mail.ts). */
  name: string | null;
  order: OrderMailOrder;
}

export interface OrderTemplateData {
  /** awaitingApproval: a company buyer's order above their limit (docs/behaviour.md §5.21). */
  /** paidBy: the invoice that paid it at checkout (docs/behaviour.md §5.23); null: to be paid. */
  'order-placed': Addressed & {
    payUrl: string;
    expiresAt: string;
    awaitingApproval: boolean;
    paidBy: string | null;
  };
  'order-paid': Addressed & { transactionId: string; paidAt: string; orderUrl: string };
  'order-shipped': Addressed & { carrier?: string | null; trackingNumber?: string | null; orderUrl: string };
  'order-cancelled': Addressed & { ordersUrl: string };
  'order-refunded': Addressed & { transactionId?: string | null; ordersUrl: string };
  'order-expiring-soon': Addressed & { payUrl: string; expiresAt: string };
  'order-expired': Addressed & { ttlText: string; ordersUrl: string };
  /** Invoices on terms (docs/behaviour.md §5.23): to the company's invoice address, the PDF attached. */
  'invoice-issued': Addressed & InvoiceMail;
  /** Before the due date (`overdue` false) and after it. */
  'invoice-reminder': Addressed & InvoiceMail & { overdue: boolean };
}

export interface InvoiceMail {
  companyName: string;
  invoiceNumber: string;
  termsDays: number;
  dueOn: string;
  balanceCents: number;
  statementUrl: string;
}

const dollars = (cents: number) => formatDollars(cents / 100);

/**
 * The order's lines, shipping, tax and total: one paragraph, its lines kept (render-mail: pre-line);
 * the buyer's PO number and note when the checkout gave them (§5.18).
 */
function amounts(order: OrderMailOrder, totalLabel: string): string {
  return [
    `Order ${order.id}`,
    ...(order.poNumber ? [`Your PO number: ${order.poNumber}`] : []),
    ...order.lines.map(
      (line) =>
        `${line.toolName}: ${line.quantity} × ${formatUnitPrice(line.unitPriceCents)} = ${dollars(line.lineTotalCents)}`,
    ),
    ...(order.lines.length > 1 ? [`Items: ${dollars(order.itemsTotalCents)}`] : []),
    `Shipping: ${dollars(order.shippingCents)}`,
    ...(order.taxCents > 0 ? [`Tax: ${dollars(order.taxCents)}`] : []),
    `${totalLabel}: ${dollars(order.totalCents)}`,
    ...(order.note ? [`Your note: ${order.note}`] : []),
  ].join('\n');
}

/** '48 × Angled Sash Brush', or for several lines 'Angled Sash Brush and 4 more (5 tools)'. */
function whatWasOrdered(order: OrderMailOrder): string {
  const [only] = order.lines;
  if (order.lines.length === 1 && only) return `${only.quantity} × ${only.toolName}`;
  return `${order.toolName} (${order.lines.length} tools)`;
}

const questions = 'Questions about your order? Reply to this mail or write to us from the Contact page.';

/** The order mails: words only, as templates.ts (render-mail.ts does the look). */
export const orderTemplates: {
  [Name in keyof OrderTemplateData]: (data: OrderTemplateData[Name]) => MailContent;
} = {
  'order-placed': ({ name, order, payUrl, expiresAt, awaitingApproval, paidBy }) =>
    paidBy
      ? {
          subject: `We received your order: ${order.toolName}`,
          name,
          paragraphs: [
            `Thank you for your order. It is paid by invoice ${paidBy}, sent to your company's accounts: there is nothing to pay now.`,
            amounts(order, 'Total invoiced'),
            `Ship to: ${order.address}. We will write again when it is on its way.`,
          ],
          action: { label: 'See your order', url: payUrl },
          afterword: [questions],
        }
      : awaitingApproval
        ? {
            subject: `Waiting for approval: your order of ${order.toolName}`,
            name,
            paragraphs: [
              "Thank you for your order. It is above your limit per order, so your company's admins were asked to approve it; the tools are set aside meanwhile.",
              amounts(order, 'Total'),
              `Ship to: ${order.address}`,
              `Once approved, please pay by ${expiresAt}: an order still unpaid then is cancelled and its tools go back on sale.`,
            ],
            action: { label: 'See the order', url: payUrl },
            afterword: [questions],
          }
        : {
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
          },
  'invoice-issued': ({ name, order, companyName, invoiceNumber, termsDays, dueOn, statementUrl }) => ({
    subject: `Invoice ${invoiceNumber} from Brushworks, due ${dueOn}`,
    name,
    paragraphs: [
      `Invoice ${invoiceNumber} for ${companyName}'s order is attached as a PDF. It is payable on your terms, Net ${termsDays}: by ${dueOn}.`,
      amounts(order, 'Total due'),
      `Ship to: ${order.address}`,
      `Please quote ${invoiceNumber} with your payment.`,
    ],
    action: { label: "See your company's statement", url: statementUrl },
    afterword: [questions],
  }),
  'invoice-reminder': ({ name, companyName, invoiceNumber, dueOn, balanceCents, statementUrl, overdue }) => ({
    subject: overdue
      ? `Overdue: invoice ${invoiceNumber} was due ${dueOn}`
      : `Reminder: invoice ${invoiceNumber} is due ${dueOn}`,
    name,
    paragraphs: [
      overdue
        ? `Invoice ${invoiceNumber} to ${companyName} was due on ${dueOn} and ${dollars(balanceCents)} of it is still unpaid. Until it is paid, ${companyName}'s buyers cannot order on terms.`
        : `Invoice ${invoiceNumber} to ${companyName} is due on ${dueOn}; ${dollars(balanceCents)} of it is unpaid.`,
      `Please quote ${invoiceNumber} with your payment. If you have paid it already, thank you: ignore this mail.`,
    ],
    action: { label: "See your company's statement", url: statementUrl },
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
      `Your order of ${whatWasOrdered(order)} has left our warehouse for ${order.address}.`,
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
      `Your order of ${whatWasOrdered(order)} was cancelled. Nothing was charged for it.`,
      `Order ${order.id}`,
    ],
    action: { label: 'See your orders', url: ordersUrl },
    afterword: [questions],
  }),
  'order-refunded': ({ name, order, transactionId, ordersUrl }) => ({
    subject: `Your payment for ${order.toolName} was refunded`,
    name,
    paragraphs: [
      `Your order of ${whatWasOrdered(order)} was cancelled and its payment of ${dollars(order.totalCents)} refunded to the card it came from. Banks take a few days to show it.`,
      [`Order ${order.id}`, transactionId && `Transaction: ${transactionId}`].filter(Boolean).join('\n'),
    ],
    action: { label: 'See your orders', url: ordersUrl },
    afterword: [questions],
  }),
  'order-expiring-soon': ({ name, order, payUrl, expiresAt }) => ({
    subject: `Your unpaid order of ${order.toolName} expires soon`,
    name,
    paragraphs: [
      `Your order of ${whatWasOrdered(order)} is not paid yet. It is cancelled on ${expiresAt} unless it is paid before.`,
      amounts(order, 'Total to pay'),
    ],
    action: { label: 'Pay for this order', url: payUrl },
    afterword: ['If you no longer want it, do nothing: it is cancelled then and nothing is charged.'],
  }),
  'order-expired': ({ name, order, ttlText, ordersUrl }) => ({
    subject: `Your unpaid order of ${order.toolName} has expired`,
    name,
    paragraphs: [
      `Your order of ${whatWasOrdered(order)} was not paid within ${ttlText}, so we cancelled it and put its tools back on sale. Nothing was charged.`,
      `Order ${order.id}`,
    ],
    action: { label: 'See your orders', url: ordersUrl },
    afterword: ['You are welcome to order again at any time.'],
  }),
};

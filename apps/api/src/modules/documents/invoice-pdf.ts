import type { Invoice, InvoicePayment } from '@shop/shared/contracts/invoices';
import type { Receipt } from '@shop/shared/contracts/receipts';
import { formatDollars } from '@shop/shared/money';
import type { Seller } from '../../config';
import { PdfDocument } from './pdf-layout';
import { linesTable, taxRows, utc } from './receipt-pdf';

/** Who the invoice bills, as it froze them: the company's name, tax number and billing address. */
export interface InvoiceBillTo {
  name: string;
  taxNumber: string;
  addressLines: readonly string[];
}

/**
 * An invoice on terms as a PDF (docs/behaviour.md §5.23): its number, dates and terms, the PO,
 * the company billed and where the goods go, the order's lines, shipping and tax as the order
 * froze them, the total, what was paid and what is due. The seller is the shop as configured,
 * with its tax number.
 */
export function renderInvoicePdf(
  {
    invoice,
    billTo,
    order,
    payments,
  }: { invoice: Invoice; billTo: InvoiceBillTo; order: Receipt; payments: readonly InvoicePayment[] },
  shop: Seller,
): Promise<Buffer> {
  const fields: [string, string][] = [
    ['Invoice number', invoice.number],
    ['Date issued', utc(invoice.issuedAt)],
    ['Terms', `Net ${invoice.termsDays}`],
    ['Due date', invoice.dueOn],
    ['PO number', invoice.poNumber ?? 'None given'],
    ['Order number', order.orderId],
  ];
  const paid = payments.reduce((sum, payment) => sum + payment.amount, 0);
  const status =
    invoice.state === 'void' ? 'Void' : invoice.state === 'paid' ? 'Paid' : `Due ${invoice.dueOn}`;

  return new PdfDocument({
    title: `Invoice ${invoice.number}`,
    author: shop.name,
    footer: [`${shop.name} · ${shop.email}`, `Invoice ${invoice.number}`],
  })
    .header(shop, { title: 'Invoice', lines: [invoice.number, status] })
    .fields(fields)
    .parties([
      { heading: 'Bill to', lines: [billTo.name, `Tax number ${billTo.taxNumber}`, ...billTo.addressLines] },
      {
        heading: 'Ship to',
        lines: [
          order.customer.name,
          order.customer.email,
          order.customer.phoneNumber,
          order.customer.address,
        ],
      },
    ])
    .table(...linesTable(order))
    .totals([
      { label: 'Items', value: formatDollars(order.itemsTotal) },
      { label: 'Shipping', value: formatDollars(order.shipping) },
      ...taxRows(order),
      { label: 'Total', value: formatDollars(invoice.total), strong: true },
      ...(paid > 0 ? [{ label: 'Paid', value: formatDollars(paid) }] : []),
      { label: 'Balance due', value: formatDollars(invoice.balance), strong: true },
    ])
    .paragraph(
      invoice.state === 'void'
        ? 'This invoice is void: the order was cancelled and nothing is owed on it.'
        : `Payable in US dollars within ${invoice.termsDays} days, by ${invoice.dueOn}. Please quote ${invoice.number} with your payment.`,
    )
    .toBuffer();
}

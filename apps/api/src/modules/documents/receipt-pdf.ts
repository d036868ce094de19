import type { Receipt } from '@shop/shared/contracts/receipts';
import { formatCount } from '@shop/shared/format';
import { formatDollars } from '@shop/shared/money';
import { describeTaxLine } from '@shop/shared/tax';
import type { Seller } from '../../config';
import { PdfDocument, type TableCell, type TableColumn, type TotalsRow } from './pdf-layout';

/** "2026-11-26 13:05 UTC", as the order e-mails write times: a file has no reader's time zone. */
export const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The tax as the order froze it (docs/behaviour.md §5.22): a row per tax line, described as every
 * screen describes it ('Sales tax US-CA 7.25 %', 'Exempt (certificate SR-CA-1001)'). Orders
 * placed before tax have none; an amount without lines still shows, as 'Tax'.
 */
export function taxRows({ tax, taxLines }: Receipt): TotalsRow[] {
  const rows = taxLines.map((line) => ({ label: describeTaxLine(line), value: formatDollars(line.amount) }));
  return rows.length === 0 && tax !== 0 ? [{ label: 'Tax', value: formatDollars(tax) }] : rows;
}

const COLUMNS: readonly TableColumn[] = [
  { header: 'Tool', width: 46 },
  { header: 'Quantity', width: 14, align: 'right' },
  { header: 'Unit price', width: 20, align: 'right' },
  { header: 'Amount', width: 20, align: 'right' },
];

/** The order's lines as the receipt and the invoice print them. */
export const linesTable = (receipt: Receipt): [readonly TableColumn[], TableCell[][]] => [
  COLUMNS,
  receipt.items.map((item) => [
    // None on a line ordered before SKUs (docs/behaviour.md §3.14).
    { text: item.tool, note: item.sku && `SKU ${item.sku}` },
    formatCount(item.quantity),
    formatDollars(item.unitPrice),
    formatDollars(item.amount),
  ]),
];

/**
 * A paid order's receipt as a PDF (docs/behaviour.md §5.16): what the receipt page shows, money
 * in the same words (formatDollars). The seller is `shop`: configuration, with its tax number,
 * which the receipt's own `shop` does not carry.
 */
export function renderReceiptPdf(receipt: Receipt, shop: Seller): Promise<Buffer> {
  const { customer } = receipt;
  const fields: [string, string][] = [
    ['Order number', receipt.orderId],
    ['Date paid', receipt.paidAt ? utc(receipt.paidAt) : 'Not recorded'],
    ['Ordered', utc(receipt.placedAt)],
    ['Transaction id', receipt.transactionId],
  ];
  if (receipt.poNumber) fields.push(['PO number', receipt.poNumber]);
  if (receipt.note) fields.push(['Note', receipt.note]);

  return new PdfDocument({
    title: `Receipt for order ${receipt.orderId}`,
    author: shop.name,
    footer: [`${shop.name} · ${shop.email}`, `Receipt for order ${receipt.orderId}`],
  })
    .header(shop, { title: 'Receipt', lines: ['Paid'] })
    .fields(fields)
    .parties([
      { heading: 'Customer', lines: [customer.name, customer.email, customer.phoneNumber, customer.address] },
    ])
    .table(...linesTable(receipt))
    .totals([
      { label: 'Items', value: formatDollars(receipt.itemsTotal) },
      { label: 'Shipping', value: formatDollars(receipt.shipping) },
      ...taxRows(receipt),
      { label: 'Total paid', value: formatDollars(receipt.total), strong: true },
    ])
    .paragraph('Paid by card in US dollars. Thank you for your order.')
    .toBuffer();
}

import { desc, eq } from 'drizzle-orm';
import { countryName } from '@shop/shared/countries';
import type { Seller } from '../../config';
import type { DbExecutor } from '../../db/client';
import { loadInvoicePdf } from '../documents';
import { findOrderRow, receiptOf } from '../ordering';
import { toInvoice, toInvoicePayment, type InvoiceRow } from './invoice-dto';
import { invoicePayments } from './invoicing.table';

/**
 * An invoice as a PDF (docs/behaviour.md §5.23): its order's lines and totals as the receipt reads
 * them, the company it billed as it froze it, the payments so far. pdfkit loads on the first
 * document (documents.routes.ts says why).
 */
export async function invoicePdf(db: DbExecutor, invoice: InvoiceRow, seller: Seller): Promise<Buffer> {
  const order = await findOrderRow(db, invoice.orderId);
  if (!order) throw new Error(`invoice ${invoice.number} names no order`);
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, invoice.id))
    .orderBy(desc(invoicePayments.receivedOn));
  const { address } = invoice.billTo;
  const place = [address.city, address.region, address.postalCode].filter(Boolean).join(' ');
  const { renderInvoicePdf } = await loadInvoicePdf();
  return renderInvoicePdf(
    {
      invoice: toInvoice(invoice),
      billTo: {
        name: invoice.billTo.name,
        taxNumber: invoice.billTo.taxNumber,
        addressLines: [address.line1, address.line2, place, countryName(address.country)].filter(
          (line): line is string => Boolean(line),
        ),
      },
      order: await receiptOf(db, order, seller),
      payments: payments.map((payment) => toInvoicePayment(payment, invoice.number)),
    },
    seller,
  );
}

/** The PDF's file name: the number says what it is. */
export const invoiceFileName = (invoice: InvoiceRow) => `${invoice.number}.pdf`;

import type { Invoice, InvoicePayment } from '@shop/shared/contracts/invoices';
import { centsToDollars } from '@shop/shared/money';
import { sql } from 'drizzle-orm';
import { todayUtc } from '../../lib/utc-days';
import type { invoicePayments, invoices } from './invoicing.table';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/** The SQL of today's UTC day, for comparisons made in the database. */
export const todayUtcSql = sql`(now() at time zone 'UTC')::date`;

/** "INV-2026-00042": gap-free within its year. */
export const invoiceNumber = (year: number, sequence: number) =>
  `INV-${year}-${String(sequence).padStart(5, '0')}`;

export const balanceCentsOf = (invoice: InvoiceRow) =>
  invoice.state === 'open' ? invoice.totalCents - invoice.paidCents : 0;

const isOverdue = (invoice: InvoiceRow, today = todayUtc()) =>
  invoice.state === 'open' && invoice.dueOn < today;

export function toInvoice(invoice: InvoiceRow, today = todayUtc()): Invoice {
  return {
    id: invoice.id,
    number: invoice.number,
    orderId: invoice.orderId,
    companyId: invoice.companyId ?? '',
    companyName: invoice.billTo.name,
    poNumber: invoice.poNumber,
    issuedAt: invoice.issuedAt.toISOString(),
    dueOn: invoice.dueOn,
    termsDays: invoice.termsDays,
    total: centsToDollars(invoice.totalCents),
    paid: centsToDollars(invoice.paidCents),
    balance: centsToDollars(balanceCentsOf(invoice)),
    state: invoice.state,
    overdue: isOverdue(invoice, today),
  };
}

export function toInvoicePayment(payment: InvoicePaymentRow, invoiceNumber: string): InvoicePayment {
  return {
    id: payment.id,
    invoiceId: payment.invoiceId,
    invoiceNumber,
    amount: centsToDollars(payment.amountCents),
    method: payment.method,
    reference: payment.reference,
    receivedOn: payment.receivedOn,
    recordedAt: payment.recordedAt.toISOString(),
  };
}

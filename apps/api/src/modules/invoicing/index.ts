/**
 * Invoicing (docs/behaviour.md §5.23): payment terms and credit limits of companies, invoices
 * with gap-free numbers issued when an order is paid by invoice, the payments recorded against
 * them, reminders, and a company's statement. Builds on ordering (an invoice pays an order) and
 * companies (whose terms it reads under the company's lock); ordering hears of it only through
 * the mail composer and the refund hook the composition hands it.
 */
export { invoicingRoutes } from './invoicing.routes';
export { invoiceOf, invoiceOrder } from './issue-invoice';
export { toInvoice, type InvoiceRow } from './invoice-dto';
export { invoiceMailComposer } from './invoice-mail';
export { invoicingJobs } from './invoicing.jobs';
export { voidInvoiceOfOrder } from './invoices.service';
export { settleInvoiceIntent } from './invoice-card-payment';

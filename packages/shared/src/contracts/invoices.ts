import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { emailField, idParams, noControlCharacters, text } from '../fields';

/**
 * Invoices on terms (docs/behaviour.md §5.23): the shop gives an approved company payment terms
 * and a credit limit; its buyers then pay by invoice instead of by card. Amounts travel as
 * dollars, dates as YYYY-MM-DD (a due date is a day, not an instant).
 */

/** The terms the shop offers: the invoice is due this many days after it is issued. */
export const PAYMENT_TERMS_DAYS = [15, 30, 60] as const;
export type PaymentTermsDays = (typeof PAYMENT_TERMS_DAYS)[number];

/** How a company pays an order: by card now, or by invoice on its terms. */
export const PAYMENT_METHODS = ['card', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The largest credit limit and payment the shop records, in dollars. */
const MAX_AMOUNT = 10_000_000;

const amountField = (label: string) =>
  z
    .number({ error: `${label} is required` })
    .min(0.01, `${label} must be at least $0.01`)
    .max(MAX_AMOUNT, `${label} must be at most $${MAX_AMOUNT.toLocaleString('en-US')}`)
    .refine(
      (value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} must be in whole cents`,
    );

/** A company's terms as the shop set them. */
export const companyTermsSchema = z.object({
  days: z.union(PAYMENT_TERMS_DAYS.map((days) => z.literal(days))),
  /** Dollars: the most its unpaid invoices may add up to. */
  creditLimit: z.number(),
  /** Where its invoices and reminders are e-mailed. */
  invoiceEmail: z.string(),
});
export type CompanyTerms = z.infer<typeof companyTermsSchema>;

/** PUT /company/{id}/terms (shop admin). */
export const putCompanyTermsBody = z.strictObject({
  days: z
    .number({ error: 'Choose Net 15, Net 30 or Net 60' })
    .refine(
      (days): days is PaymentTermsDays => (PAYMENT_TERMS_DAYS as readonly number[]).includes(days),
      'Choose Net 15, Net 30 or Net 60',
    ),
  creditLimit: amountField('Credit limit'),
  invoiceEmail: emailField,
});
export type PutCompanyTermsBody = z.input<typeof putCompanyTermsBody>;

export const INVOICE_STATES = ['open', 'paid', 'void'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  open: 'Open',
  paid: 'Paid',
  void: 'Void',
};

export const invoiceSchema = z.object({
  id: z.string(),
  /** INV-2026-00042: gap-free within its year. */
  number: z.string(),
  orderId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  poNumber: z.string().nullable(),
  issuedAt: z.string(),
  /** YYYY-MM-DD: the last day to pay on its terms. */
  dueOn: z.string(),
  termsDays: z.number().int(),
  total: z.number(),
  paid: z.number(),
  /** What is still owed: total less payments (0 once paid or void). */
  balance: z.number(),
  state: z.enum(INVOICE_STATES),
  /** Open and past its due date. */
  overdue: z.boolean(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const INVOICE_PAYMENT_METHODS = ['bank-transfer', 'cheque', 'card', 'other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = {
  'bank-transfer': 'Bank transfer',
  cheque: 'Cheque',
  card: 'Card',
  other: 'Other',
};

export const invoicePaymentSchema = z.object({
  id: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  amount: z.number(),
  method: z.enum(INVOICE_PAYMENT_METHODS),
  /** The bank's or the cheque's reference, as the admin typed it. */
  reference: z.string().nullable(),
  /** YYYY-MM-DD: when the money came. */
  receivedOn: z.string(),
  recordedAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** POST /invoice/{id}/payment (shop admin): money received against one invoice, all or part. */
export const recordInvoicePaymentBody = z.strictObject({
  amount: amountField('Amount'),
  method: z.enum(INVOICE_PAYMENT_METHODS, { error: 'Choose how it was paid' }),
  reference: noControlCharacters(text({ max: 80 }).trim())
    .optional()
    .transform((value) => value || null),
  /** Defaults to today; never in the future. */
  receivedOn: z.iso.date({ error: 'Enter the date as YYYY-MM-DD' }).optional(),
});
export type RecordInvoicePaymentBody = z.input<typeof recordInvoicePaymentBody>;

/**
 * POST /invoice/{id}/card-intent (the company's admins): a card payment of what the invoice
 * still owes, to be paid with the card form as an order's payment is.
 */
export const invoiceCardIntentSchema = z.object({
  clientSecret: z.string(),
  intentId: z.string(),
  /** Dollars: the invoice's balance when the intent was made, which the card pays in full. */
  amount: z.number(),
});
export type InvoiceCardIntent = z.infer<typeof invoiceCardIntentSchema>;

/** POST /invoice/{id}/card-payment: the intent the card paid; the shop asks the processor. */
export const invoiceCardPaymentBody = z.strictObject({
  intentId: noControlCharacters(
    z.string({ error: 'intentId is required' }).min(1, 'intentId is required').max(200),
  ),
});
export type InvoiceCardPaymentBody = z.infer<typeof invoiceCardPaymentBody>;

/** GET /company/{id}/statement: the company's account with the shop. */
export const statementSchema = z.object({
  companyId: z.string(),
  companyName: z.string(),
  terms: companyTermsSchema.nullable(),
  /** The open invoices' balances: what the company owes now. */
  balance: z.number(),
  /** Credit limit less balance (0 when over or without terms). */
  creditAvailable: z.number(),
  /** The open invoices past their due date, and what they owe. */
  overdueCount: z.number().int(),
  overdueBalance: z.number(),
  /** Newest first. */
  invoices: z.array(invoiceSchema),
  /** Newest first. */
  payments: z.array(invoicePaymentSchema),
});
export type Statement = z.infer<typeof statementSchema>;

export const invoiceRoutes = defineRoutes({
  'PUT /company/:id/terms': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['invoices', 'companies'],
    summary: 'Give an approved company payment terms and a credit limit, or change them (admin)',
    description: '409 when the company is not approved. Invoices already issued keep their due dates.',
    params: idParams,
    body: putCompanyTermsBody,
    response: { status: 200, schema: companyTermsSchema },
    errors: [404, 409],
  },
  'DELETE /company/:id/terms': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['invoices', 'companies'],
    summary: 'End the company’s terms: its buyers pay by card again; open invoices stay owed (admin)',
    params: idParams,
    response: { status: 200, schema: z.object({ deletedCount: z.number().int() }) },
    errors: [404],
  },
  'GET /company/:id/statement': {
    access: 'signed-in',
    tags: ['invoices', 'companies'],
    summary: "The company's invoices, payments and balance (its admins, or the shop admin)",
    params: idParams,
    response: { status: 200, schema: statementSchema },
    errors: [403, 404],
  },
  'GET /order/:id/invoice': {
    access: 'signed-in',
    tags: ['invoices', 'orders'],
    summary: "The order's invoice (its buyer, the company's admins, or the shop admin); 404 when none",
    params: idParams,
    response: { status: 200, schema: invoiceSchema },
    errors: [404],
  },
  'POST /order/:id/invoice': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['invoices', 'orders'],
    summary: 'Pay an unpaid order by invoice on the company’s terms (its buyer)',
    description:
      '403 when the company has no terms; 409 when the order is not payable, an invoice is overdue, or the order would pass the credit limit (the message says by how much).',
    params: idParams,
    response: { status: 201, schema: invoiceSchema },
    errors: [403, 404, 409],
  },
  'GET /invoice/:id/pdf': {
    access: 'signed-in',
    tags: ['invoices'],
    summary: 'The invoice as a PDF (the order’s buyer, the company’s admins, or the shop admin)',
    params: idParams,
    response: { status: 200, mediaType: 'application/pdf' },
    errors: [404],
  },
  'POST /invoice/:id/payment': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['invoices'],
    summary: 'Record a payment received against an invoice, in full or in part (admin)',
    description: '409 when the invoice is void or paid, or the amount is more than it still owes.',
    params: idParams,
    body: recordInvoicePaymentBody,
    response: { status: 201, schema: invoiceSchema },
    errors: [404, 409],
  },
  'POST /invoice/:id/card-intent': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['invoices', 'payments'],
    summary: 'Start paying an invoice’s balance by card (the company’s admins)',
    description:
      '403 for the order’s buyer who is not a company admin; 409 when the invoice is paid or void. A retry for the same balance answers the same intent.',
    params: idParams,
    response: { status: 200, schema: invoiceCardIntentSchema },
    errors: [403, 404, 409, 503],
  },
  'POST /invoice/:id/card-payment': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['invoices', 'payments'],
    summary: 'Record a card payment of an invoice once the processor confirms it (the company’s admins)',
    description:
      '409 payment-not-verified when the processor does not confirm the intent was paid, for this invoice, for its amount; 409 payment-refunded when the invoice no longer owes that amount (the card payment is refunded). Sent again, it answers the same invoice.',
    params: idParams,
    body: invoiceCardPaymentBody,
    response: { status: 200, schema: invoiceSchema },
    errors: [403, 404, 409, 503],
  },
});

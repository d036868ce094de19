import { z } from 'zod';
import { defineRoutes } from '../api/define';
import { dollarsField, idParams, noControlCharacters, text } from '../fields';
import { idempotencyHeaders } from './cart';
import { invoiceSchema, PAYMENT_METHODS } from './invoices';
import { orderDetailSchema } from './orders';

/**
 * Quotes (docs/behaviour.md §5.24): a buyer asks for a price on their cart's lines (the cart is
 * kept); the shop's admins set a unit price per line and an expiry date and send it; the buyer
 * accepts it once, before it expires, and the order is placed at the quoted prices.
 */
export const QUOTE_STATES = ['requested', 'sent', 'accepted'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const QUOTE_STATE_LABELS: Record<QuoteState | 'expired', string> = {
  requested: 'Waiting for our prices',
  sent: 'Priced',
  accepted: 'Accepted',
  expired: 'Expired',
};

/** The most days ahead a quote may be valid. */
export const MAX_QUOTE_DAYS = 365;

export const quoteLineSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  /** The price the buyer would have paid when asking (their list or contract price), per unit. */
  listUnitPrice: z.number(),
  /** The shop's price per unit; null until the quote is sent. */
  quotedUnitPrice: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  id: z.string(),
  /** Q-2026-00012: readable in mail and on the phone. */
  number: z.string(),
  state: z.enum(QUOTE_STATES),
  /** Sent and past its expiry date, not accepted. */
  expired: z.boolean(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  companyName: z.string().nullable(),
  /** The buyer's words when asking. */
  note: z.string().nullable(),
  /** The shop's words when sending. */
  message: z.string().nullable(),
  lines: z.array(quoteLineSchema),
  /** The quoted lines' sum in dollars (shipping and tax come with the order); null until sent. */
  quotedTotal: z.number().nullable(),
  requestedAt: z.string(),
  sentAt: z.string().nullable(),
  /** YYYY-MM-DD: the last day it may be accepted; null until sent. */
  expiresOn: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  /** The order its acceptance placed. */
  orderId: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** POST /quote: ask for a quote on the cart's lines as they are. */
export const requestQuoteBody = z.strictObject({
  note: text({ max: 500, multiline: true })
    .trim()
    .optional()
    .transform((value) => value || null),
});
export type RequestQuoteBody = z.input<typeof requestQuoteBody>;

/** PUT /quote/{id}/prices (shop admin): a unit price for every line, an expiry date, and send. */
export const priceQuoteBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({ toolId: text({ max: 100 }), unitPrice: dollarsField('Quoted price', { min: 0.01 }) }),
    )
    .min(1, 'Price every line'),
  expiresOn: z.iso.date({ error: 'Enter the expiry date as YYYY-MM-DD' }),
  message: noControlCharacters(z.string().trim().max(1000, 'A message must be 1,000 characters or fewer'), {
    multiline: true,
  })
    .optional()
    .transform((value) => value || null),
});
export type PriceQuoteBody = z.input<typeof priceQuoteBody>;

/** POST /quote/{id}/accept: where the order goes and how it is paid. */
export const acceptQuoteBody = z.strictObject({
  addressId: noControlCharacters(
    z.string({ error: 'Choose an address' }).min(1, 'Choose an address').max(100),
  ),
  poNumber: text({ max: 50 })
    .trim()
    .optional()
    .transform((value) => value || null),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Pay by card or by invoice' }).default('card'),
});
export type AcceptQuoteBody = z.input<typeof acceptQuoteBody>;

export const acceptQuoteResponse = z.object({
  insertedId: z.string(),
  order: orderDetailSchema,
  invoice: invoiceSchema.nullable(),
});

export const quotesQuery = z.strictObject({
  state: z.enum(QUOTE_STATES, { error: 'State must be requested, sent or accepted' }).optional(),
});

export const quoteRoutes = defineRoutes({
  'POST /quote': {
    access: 'signed-in',
    rateLimit: 'writes',
    tags: ['quotes', 'cart'],
    summary: "Ask for a quote on the cart's lines; the cart is kept",
    description: '409 when the cart is empty.',
    body: requestQuoteBody,
    response: { status: 201, schema: quoteSchema },
    errors: [409],
  },
  'GET /my-quote': {
    access: 'signed-in',
    tags: ['quotes'],
    summary: 'Your quotes, newest first',
    response: { status: 200, schema: z.array(quoteSchema) },
  },
  'GET /quote': {
    access: 'admin',
    tags: ['quotes'],
    summary: 'Every quote, newest first, by state (admin)',
    query: quotesQuery,
    response: { status: 200, schema: z.array(quoteSchema) },
  },
  'GET /quote/:id': {
    access: 'signed-in',
    tags: ['quotes'],
    summary: 'One quote (the buyer who asked, or the shop admin)',
    params: idParams,
    response: { status: 200, schema: quoteSchema },
    errors: [404],
  },
  'PUT /quote/:id/prices': {
    access: 'admin',
    rateLimit: 'writes',
    tags: ['quotes'],
    summary: 'Price every line, set the expiry date and send the quote to the buyer (admin)',
    description:
      'A sent quote may be priced again until it is accepted. 400 when a line is missing or not the quote’s, or the date is past; 409 once accepted.',
    params: idParams,
    body: priceQuoteBody,
    response: { status: 200, schema: quoteSchema },
    errors: [404, 409],
  },
  'POST /quote/:id/accept': {
    access: 'signed-in',
    rateLimit: 'orders',
    tags: ['quotes', 'orders'],
    summary: 'Accept a sent quote: the order is placed at its prices (the buyer who asked)',
    description:
      'Once: 409 when already accepted, not priced yet, or past its expiry date; the order’s own checks (stock, credit) as at checkout.',
    params: idParams,
    headers: idempotencyHeaders,
    body: acceptQuoteBody,
    response: { status: 201, schema: acceptQuoteResponse },
    errors: [403, 404, 409],
  },
});

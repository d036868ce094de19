import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { acceptQuoteBody, priceQuoteBody, Quote, quotesQuery } from '@shop/shared/contracts/quotes';
import { MAX_QUOTE_DAYS } from '@shop/shared/contracts/quotes';
import { centsToDollars, dollarsToCents } from '@shop/shared/money';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { addDays, todayUtc } from '../../lib/utc-days';
import type { Actor } from '../../lib/request-context';
import { users } from '../accounts';
import { recordAudit } from '../audit';
import { afterPlaced, placeAndPay, readCart, type PlaceDeps } from '../cart';
import { companies, membershipOf } from '../companies';
import { invoiceOf } from '../invoicing';
import { findOrderRow, type OrderLimitsConfig } from '../ordering';
import { quoteLines, quotes } from './quotes.table';

type QuoteRow = typeof quotes.$inferSelect;
type QuoteLineRow = typeof quoteLines.$inferSelect;

/** Sent and past its last day, not accepted: it can no longer be. */
const isExpired = (quote: QuoteRow, today = todayUtc()) =>
  quote.state === 'sent' && quote.expiresOn !== null && quote.expiresOn < today;

/** Quotes with their lines, customer and company, in the order asked. */
async function toQuotes(db: DbExecutor, rows: QuoteRow[]): Promise<Quote[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db
    .select()
    .from(quoteLines)
    .where(inArray(quoteLines.quoteId, ids))
    .orderBy(asc(quoteLines.position));
  const people = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))]));
  const companyIds = [...new Set(rows.flatMap((row) => (row.companyId ? [row.companyId] : [])))];
  const names =
    companyIds.length === 0
      ? []
      : await db
          .select({ id: companies.id, name: companies.name })
          .from(companies)
          .where(inArray(companies.id, companyIds));
  const today = todayUtc();
  return rows.map((row) => {
    const own = lines.filter((line) => line.quoteId === row.id);
    const priced = own.every((line) => line.quotedUnitPriceCents !== null);
    return {
      id: row.id,
      number: `Q-${row.requestedAt.getUTCFullYear()}-${String(row.sequence).padStart(5, '0')}`,
      state: row.state,
      expired: isExpired(row, today),
      customer: people.find((person) => person.id === row.userId) ?? { id: row.userId, name: '', email: '' },
      companyName: names.find((company) => company.id === row.companyId)?.name ?? null,
      note: row.note,
      message: row.message,
      lines: own.map(toLine),
      quotedTotal:
        row.state === 'requested' || !priced
          ? null
          : centsToDollars(own.reduce((sum, line) => sum + line.quantity * line.quotedUnitPriceCents!, 0)),
      requestedAt: row.requestedAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      expiresOn: row.expiresOn,
      acceptedAt: row.acceptedAt?.toISOString() ?? null,
      orderId: row.orderId,
    };
  });
}

const toLine = (line: QuoteLineRow) => ({
  toolId: line.toolId,
  toolName: line.toolName,
  sku: line.sku,
  quantity: line.quantity,
  listUnitPrice: centsToDollars(line.listUnitPriceCents),
  quotedUnitPrice: line.quotedUnitPriceCents === null ? null : centsToDollars(line.quotedUnitPriceCents),
});

async function oneQuote(db: DbExecutor, row: QuoteRow): Promise<Quote> {
  const [quote] = await toQuotes(db, [row]);
  return quote!;
}

/**
 * Asks for a quote on the cart's lines as they are now (docs/behaviour.md §5.24): each line with
 * the price the buyer would pay today (their contract's where they have one). The cart is kept.
 */
export async function requestQuote(
  db: Database,
  actor: Actor,
  note: string | null,
  limits: OrderLimitsConfig,
): Promise<Quote> {
  const cart = await readCart(db, actor.id, limits);
  if (cart.lines.length === 0) throw conflict('Your cart is empty: add the tools to quote first');
  const membership = await membershipOf(db, actor.id);
  const row = await db.transaction(async (tx) => {
    const [quote] = await tx
      .insert(quotes)
      .values({ userId: actor.id, companyId: membership?.companyId ?? null, note })
      .returning();
    await tx.insert(quoteLines).values(
      cart.lines.map((line, index) => ({
        quoteId: quote!.id,
        position: index + 1,
        toolId: line.toolId,
        toolName: line.name,
        sku: line.sku || null,
        quantity: line.quantity,
        listUnitPriceCents: dollarsToCents(line.unitPrice),
      })),
    );
    return quote!;
  });
  return oneQuote(db, row);
}

export async function myQuotes(db: Database, actor: Actor): Promise<Quote[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.userId, actor.id))
    .orderBy(desc(quotes.requestedAt))
    .limit(200);
  return toQuotes(db, rows);
}

export async function allQuotes(db: Database, query: z.output<typeof quotesQuery>): Promise<Quote[]> {
  const rows = await db
    .select()
    .from(quotes)
    .where(query.state ? eq(quotes.state, query.state) : undefined)
    .orderBy(desc(quotes.requestedAt))
    .limit(500);
  return toQuotes(db, rows);
}

/** A quote its buyer or the shop's admin may read; 404 for anyone else, as for an unknown id. */
export async function findQuoteFor(db: DbExecutor, actor: Actor, id: string): Promise<Quote> {
  const [row] = isUuid(id) ? await db.select().from(quotes).where(eq(quotes.id, id)) : [];
  if (!row || (row.userId !== actor.id && !actor.isAdmin)) throw notFound('Quote');
  return oneQuote(db, row);
}

/**
 * The shop's prices (admin): one for every line, an expiry date from today to MAX_QUOTE_DAYS
 * ahead, an optional message; the quote is sent (and may be priced again until accepted). Under
 * the quote's row lock, against an acceptance at the same moment. Answers the quote; the caller
 * mails the buyer once committed.
 */
export async function priceQuote(
  db: Database,
  admin: Actor,
  id: string,
  body: z.output<typeof priceQuoteBody>,
): Promise<Quote> {
  if (!isUuid(id)) throw notFound('Quote');
  const today = todayUtc();
  if (body.expiresOn < today) throw invalidInput('The expiry date cannot be in the past');
  if (body.expiresOn > addDays(today, MAX_QUOTE_DAYS)) {
    throw invalidInput(`A quote may be valid for at most ${MAX_QUOTE_DAYS} days`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row) throw notFound('Quote');
    if (row.state === 'accepted') throw conflict('This quote was accepted: its prices are final');
    const lines = await tx.select().from(quoteLines).where(eq(quoteLines.quoteId, id));
    const prices = new Map(body.lines.map((line) => [line.toolId, dollarsToCents(line.unitPrice)]));
    const unknown = body.lines.find((line) => !lines.some((own) => own.toolId === line.toolId));
    if (unknown) throw invalidInput('A price was sent for a tool this quote does not have');
    const unpriced = lines.find((line) => !prices.has(line.toolId));
    if (unpriced) throw invalidInput(`Price every line: ${unpriced.toolName} has no price`);
    for (const line of lines) {
      await tx
        .update(quoteLines)
        .set({ quotedUnitPriceCents: prices.get(line.toolId)! })
        .where(and(eq(quoteLines.quoteId, id), eq(quoteLines.position, line.position)));
    }
    const [sent] = await tx
      .update(quotes)
      .set({
        state: 'sent',
        expiresOn: body.expiresOn,
        message: body.message,
        sentAt: new Date(),
        sentBy: admin.id,
      })
      .where(eq(quotes.id, id))
      .returning();
    const quote = await oneQuote(tx, sent!);
    await recordAudit(tx, {
      actor: admin,
      kind: 'quote.price',
      target: { type: 'quote', id, label: quote.number },
      before: row.state === 'sent' ? { expiresOn: row.expiresOn } : null,
      after: { quotedTotal: quote.quotedTotal, expiresOn: body.expiresOn },
    });
    return quote;
  });
}

/**
 * The buyer accepts a sent quote (docs/behaviour.md §5.24): once, on or before its last day. Under
 * the quote's row lock, so of two clicks at once one places the order and the other hears 409
 * (a retry with the same key finds the order it made). The order is placed as at checkout
 * (tax, approval, invoice), each line at its quoted unit price, whatever the catalogue says now.
 */
export async function acceptQuote(
  deps: PlaceDeps,
  actor: Actor,
  id: string,
  body: z.output<typeof acceptQuoteBody>,
  key: string,
) {
  if (!isUuid(id)) throw notFound('Quote');
  const placed = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
    if (!row || row.userId !== actor.id) throw notFound('Quote');
    if (row.state === 'requested')
      throw conflict('This quote has no prices yet: we will e-mail you when it does');
    if (row.state === 'accepted') {
      // The same key again (a lost answer) finds the order it placed; another key is refused.
      const order = row.orderId ? await findOrderRow(tx, row.orderId) : undefined;
      if (order?.checkoutKey !== key) throw conflict('This quote was already accepted');
      return {
        orderId: order.id,
        isNew: false,
        awaitsApproval: false,
        invoice: await invoiceOf(tx, order.id),
      };
    }
    if (isExpired(row)) throw conflict(`This quote expired on ${row.expiresOn}: ask for a new one`);
    const lines = await tx
      .select()
      .from(quoteLines)
      .where(eq(quoteLines.quoteId, id))
      .orderBy(asc(quoteLines.position));
    const request = {
      lines: lines.map((line) => ({
        toolId: line.toolId,
        quantity: line.quantity,
        quotedUnitPriceCents: line.quotedUnitPriceCents!,
      })),
      addressId: body.addressId,
      poNumber: body.poNumber,
      note: null,
      paymentMethod: body.paymentMethod,
      key,
    };
    const result = await placeAndPay(tx, deps, actor, request);
    if (!result.isNew) throw conflict('This Idempotency-Key was used for another order: send a new one');
    await tx
      .update(quotes)
      .set({ state: 'accepted', acceptedAt: new Date(), orderId: result.orderId })
      .where(eq(quotes.id, id));
    return result;
  });
  return afterPlaced(deps, placed);
}

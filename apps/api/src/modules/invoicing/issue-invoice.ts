import { eq, sql } from 'drizzle-orm';
import { formatUnitPrice } from '@shop/shared/money';
import { rowsOf, type DbExecutor } from '../../db/client';
import { AppError, conflict, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import { companies, membershipOf } from '../companies';
import { assertPayable, lockOrder, markPaid, refreshQueuedOrderMail } from '../ordering';
import { invoiceNumber, todayUtcSql, type InvoiceRow } from './invoice-dto';
import { invoices } from './invoicing.table';

/**
 * Pays an unpaid order by invoice on its company's terms (docs/behaviour.md §5.23), in the
 * caller's transaction: checkout's, or the payment page's. Under the company's row lock (two
 * orders of one company are decided one after the other, so the credit is never spent twice):
 * the company must have terms, no open invoice past its due date, and room under its credit
 * limit for the whole order (the amount over is named to the cent). The invoice takes the next
 * number of the year (invoice_counters: gap-free, a rollback gives its number back), bills a copy
 * of the company, and the order is paid by it: its transaction id is the invoice number, and the
 * 'invoiced' mail (the PDF, to the company's invoice address) is queued with it.
 */
export async function invoiceOrder(tx: DbExecutor, actor: Actor, orderId: string): Promise<InvoiceRow> {
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('not-found', 'Order not found');
  assertPayable(order);
  // The buyer orders for their company still (a member who left pays by card, as anyone).
  const membership = await membershipOf(tx, actor.id);
  const terms =
    order.companyId && membership?.companyId === order.companyId && membership.role !== 'viewer'
      ? await lockCompanyTerms(tx, order.companyId)
      : null;
  if (!terms) throw forbidden('Your company has no payment terms: pay by card');

  const [owed] = rowsOf<{
    balance: string | number;
    overdue_number: string | null;
    overdue_due: string | null;
  }>(
    await tx.execute(sql`
      select coalesce(sum(total_cents - paid_cents), 0) as balance,
             (array_agg(number order by due_on) filter (where due_on < ${todayUtcSql}))[1] as overdue_number,
             min(due_on) filter (where due_on < ${todayUtcSql})::text as overdue_due
        from invoices where company_id = ${terms.id} and state = 'open'`),
  );
  if (owed?.overdue_number) {
    throw new AppError(
      'invoice-overdue',
      `Invoice ${owed.overdue_number} was due on ${owed.overdue_due}: once it is paid, ${terms.name} can order on terms again`,
    );
  }
  const balance = Number(owed?.balance ?? 0);
  const over = balance + order.priceCents - terms.creditLimitCents;
  if (over > 0) {
    throw new AppError(
      'credit-limit-exceeded',
      `This order would take ${terms.name} ${formatUnitPrice(over)} over its credit limit of ${formatUnitPrice(terms.creditLimitCents)} (${formatUnitPrice(balance)} is owed on open invoices)`,
    );
  }

  const [counter] = rowsOf<{ year: number; last_number: number }>(
    await tx.execute(sql`
      insert into invoice_counters (year, last_number)
      values (extract(year from now() at time zone 'UTC')::int, 1)
      on conflict (year) do update set last_number = invoice_counters.last_number + 1
      returning year, last_number`),
  );
  if (!counter) throw new Error('invoice_counters answered nothing');
  const number = invoiceNumber(counter.year, counter.last_number);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      number,
      year: counter.year,
      sequence: counter.last_number,
      orderId: order.id,
      companyId: terms.id,
      billTo: { name: terms.name, taxNumber: terms.taxNumber, address: terms.billingAddress },
      invoiceEmail: terms.invoiceEmail,
      poNumber: order.poNumber,
      termsDays: terms.termsDays,
      dueOn: sql`${todayUtcSql} + ${terms.termsDays}::int`,
      totalCents: order.priceCents,
      issuedBy: actor.id,
    })
    .returning();
  if (!invoice) throw new Error('the invoice was not written');
  if ((await markPaid(tx, order.id, number, actor.id, 'invoiced')) !== 'paid') {
    throw conflict('This order has already been paid');
  }
  // Invoiced in the checkout that placed it: its 'placed' mail, not sent yet, tells the buyer so
  // rather than asking them to pay.
  await refreshQueuedOrderMail(tx, { orderId: order.id, kind: 'placed' });
  return invoice;
}

/**
 * The company's row, locked until the transaction ends: its invoicing and its terms changes
 * take turns. FOR NO KEY UPDATE, so as not to block the key-share lock every order of the
 * company takes on this row (decision 0043).
 */
export async function lockCompany(tx: DbExecutor, companyId: string) {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('no key update');
  return company ?? null;
}

/** The company's terms, its row locked until the transaction ends; null when it has none. */
async function lockCompanyTerms(tx: DbExecutor, companyId: string) {
  const company = await lockCompany(tx, companyId);
  if (
    company?.state !== 'approved' ||
    company.termsDays === null ||
    company.creditLimitCents === null ||
    !company.invoiceEmail
  ) {
    return null;
  }
  const { termsDays, creditLimitCents, invoiceEmail } = company;
  return { ...company, termsDays, creditLimitCents, invoiceEmail };
}

/** The order's invoice, or null when it was not paid by invoice. */
export async function invoiceOf(db: DbExecutor, orderId: string): Promise<InvoiceRow | null> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return invoice ?? null;
}

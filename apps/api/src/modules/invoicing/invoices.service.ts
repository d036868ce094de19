import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CompanyTerms,
  Invoice,
  putCompanyTermsBody,
  recordInvoicePaymentBody,
  Statement,
} from '@shop/shared/contracts/invoices';
import { centsToDollars, dollarsToCents, formatUnitPrice } from '@shop/shared/money';
import type { Database, DbExecutor } from '../../db/client';
import { conflict, invalidInput, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor } from '../../lib/request-context';
import { recordAudit } from '../audit';
import { companies, companyAccess, membershipOf, termsOf } from '../companies';
import { findOrderFor, finishRefund, orders } from '../ordering';
import { todayUtc } from '../../lib/utc-days';
import { balanceCentsOf, toInvoice, toInvoicePayment, type InvoiceRow } from './invoice-dto';
import { lockCompany } from './issue-invoice';
import { invoicePayments, invoices } from './invoicing.table';

const companyTarget = (company: { id: string; name: string }) => ({
  type: 'company' as const,
  id: company.id,
  label: company.name,
});

/**
 * Gives an approved company payment terms and a credit limit, or changes them (shop admin,
 * docs/behaviour.md §5.23). Under the company's row lock, as invoicing reads them; invoices
 * already issued keep their own terms and due dates. In the audit log.
 */
export async function putTerms(
  db: Database,
  admin: Actor,
  companyId: string,
  body: z.output<typeof putCompanyTermsBody>,
): Promise<CompanyTerms> {
  if (!isUuid(companyId)) throw notFound('Company');
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) throw notFound('Company');
    if (company.state !== 'approved') throw conflict('Only an approved company can have payment terms');
    const [updated] = await tx
      .update(companies)
      .set({
        termsDays: body.days,
        creditLimitCents: dollarsToCents(body.creditLimit),
        invoiceEmail: body.invoiceEmail,
      })
      .where(eq(companies.id, companyId))
      .returning();
    const before = termsOf(company);
    await recordAudit(tx, {
      actor: admin,
      kind: 'company.terms',
      target: companyTarget(company),
      before: before ? { ...before } : null,
      after: { days: body.days, creditLimit: body.creditLimit, invoiceEmail: body.invoiceEmail },
    });
    return termsOf(updated!)!;
  });
}

/** Ends a company's terms (shop admin): its buyers pay by card again; open invoices stay owed. */
export async function endTerms(db: Database, admin: Actor, companyId: string): Promise<number> {
  if (!isUuid(companyId)) throw notFound('Company');
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, companyId);
    if (!company) throw notFound('Company');
    const before = termsOf(company);
    if (!before) return 0;
    await tx
      .update(companies)
      .set({ termsDays: null, creditLimitCents: null, invoiceEmail: null })
      .where(eq(companies.id, companyId));
    await recordAudit(tx, {
      actor: admin,
      kind: 'company.terms-end',
      target: companyTarget(company),
      before: { ...before },
    });
    return 1;
  });
}

/**
 * The company's account with the shop (its admins, or the shop's): terms, every invoice and
 * payment newest first, what it owes now and what credit is left.
 */
export async function statementOf(db: Database, actor: Actor, companyId: string): Promise<Statement> {
  await companyAccess(db, actor, companyId, 'company-admin');
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('Company');
  const rows = await db
    .select()
    .from(invoices)
    .where(eq(invoices.companyId, companyId))
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence));
  const numbers = new Map(rows.map((row) => [row.id, row.number]));
  const payments =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(invoicePayments)
          .where(inArray(invoicePayments.invoiceId, [...numbers.keys()]))
          .orderBy(desc(invoicePayments.receivedOn), desc(invoicePayments.recordedAt));
  const today = todayUtc();
  const list = rows.map((row) => toInvoice(row, today));
  const balanceCents = rows.reduce((sum, row) => sum + balanceCentsOf(row), 0);
  const overdue = list.filter((invoice) => invoice.overdue);
  const terms = termsOf(company);
  return {
    companyId: company.id,
    companyName: company.name,
    terms,
    balance: centsToDollars(balanceCents),
    creditAvailable: terms ? centsToDollars(Math.max(0, company.creditLimitCents! - balanceCents)) : 0,
    overdueCount: overdue.length,
    overdueBalance: centsToDollars(
      overdue.reduce((sum, invoice) => sum + dollarsToCents(invoice.balance), 0),
    ),
    invoices: list,
    payments: payments.map((payment) => toInvoicePayment(payment, numbers.get(payment.invoiceId) ?? '')),
  };
}

/**
 * An invoice its reader may see: the shop's admins, the buyer of its order, and its company's
 * admins; anyone else hears 404, as for an unknown id.
 */
export async function findInvoiceFor(db: DbExecutor, actor: Actor, invoiceId: string): Promise<InvoiceRow> {
  const [invoice] = isUuid(invoiceId)
    ? await db.select().from(invoices).where(eq(invoices.id, invoiceId))
    : [];
  if (!invoice || !(await mayRead(db, actor, invoice))) throw notFound('Invoice');
  return invoice;
}

async function mayRead(db: DbExecutor, actor: Actor, invoice: InvoiceRow): Promise<boolean> {
  if (actor.isAdmin) return true;
  const [order] = await db
    .select({ userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, invoice.orderId));
  if (order?.userId === actor.id) return true;
  const membership = await membershipOf(db, actor.id);
  return membership?.role === 'admin' && membership.companyId === invoice.companyId;
}

/** The invoice of an order its reader may see (GET /order/{id}/invoice); 404 when it has none. */
export async function invoiceOfOrder(db: Database, actor: Actor, orderId: string): Promise<Invoice> {
  const order = await findOrderFor(db, actor, orderId, { admins: true });
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, order.id));
  if (!invoice) throw notFound('Invoice');
  return toInvoice(invoice);
}

/**
 * Money received against an invoice (shop admin): in full or in part, never more than it still
 * owes, never dated in the future. Under the invoice's row lock, so two admins recording at once
 * cannot together take it past its total. The last payment marks it paid. In the audit log.
 */
export async function recordPayment(
  db: Database,
  admin: Actor,
  invoiceId: string,
  body: z.output<typeof recordInvoicePaymentBody>,
): Promise<Invoice> {
  if (!isUuid(invoiceId)) throw notFound('Invoice');
  const receivedOn = body.receivedOn ?? todayUtc();
  if (receivedOn > todayUtc()) throw invalidInput('The payment cannot be dated after today');
  const amountCents = dollarsToCents(body.amount);
  return db.transaction(async (tx) => {
    const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!invoice) throw notFound('Invoice');
    const problem = paymentProblem(invoice, amountCents);
    if (problem) throw conflict(problem);
    const updated = await applyPayment(tx, invoice, {
      amountCents,
      method: body.method,
      reference: body.reference,
      receivedOn,
      recordedBy: admin.id,
    });
    await recordAudit(tx, {
      actor: admin,
      kind: 'invoice.payment',
      target: { type: 'invoice', id: invoice.id, label: invoice.number },
      before: { paid: centsToDollars(invoice.paidCents) },
      after: { paid: centsToDollars(updated.paidCents), amount: body.amount, method: body.method },
      note: body.reference ?? undefined,
    });
    return toInvoice(updated);
  });
}

/** Why the invoice cannot take this payment now (void, paid, or owing less), or null. */
export function paymentProblem(invoice: InvoiceRow, amountCents: number): string | null {
  if (invoice.state === 'void') return `Invoice ${invoice.number} is void: nothing is owed on it`;
  if (invoice.state === 'paid') return `Invoice ${invoice.number} is already paid`;
  const balance = balanceCentsOf(invoice);
  if (amountCents > balance) {
    return `${formatUnitPrice(amountCents)} is more than the ${formatUnitPrice(balance)} invoice ${invoice.number} still owes`;
  }
  return null;
}

/**
 * Records a payment against an invoice its caller holds locked (FOR UPDATE) and checked with
 * paymentProblem; the last payment marks it paid. Answers the invoice as it is now.
 */
export async function applyPayment(
  tx: DbExecutor,
  invoice: InvoiceRow,
  payment: Omit<typeof invoicePayments.$inferInsert, 'invoiceId'> & { amountCents: number },
): Promise<InvoiceRow> {
  await tx.insert(invoicePayments).values({ ...payment, invoiceId: invoice.id });
  const paidCents = invoice.paidCents + payment.amountCents;
  const [updated] = await tx
    .update(invoices)
    .set({ paidCents, state: paidCents === invoice.totalCents ? 'paid' : 'open' })
    .where(eq(invoices.id, invoice.id))
    .returning();
  return updated!;
}

/**
 * The refund of an order paid by invoice (an admin cancelled it before it shipped): nothing goes
 * back to a card; its invoice is voided and the order marked refunded, in one transaction. Answers
 * false when the order has no invoice (its payment is the card processor's to refund).
 */
export async function voidInvoiceOfOrder(
  db: Database,
  orderId: string,
  actorUserId: string | null,
): Promise<boolean> {
  const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  if (!invoice) return false;
  await db.transaction(async (tx) => {
    await tx
      .update(invoices)
      .set({ state: 'void', voidedAt: sql`now()` })
      .where(and(eq(invoices.id, invoice.id), sql`${invoices.state} <> 'void'`));
    await finishRefund(tx, orderId, `${invoice.number} void`, actorUserId);
  });
  return true;
}

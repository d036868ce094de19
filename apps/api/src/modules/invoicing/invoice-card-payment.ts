import { eq } from 'drizzle-orm';
import type { Invoice, InvoiceCardIntent } from '@shop/shared/contracts/invoices';
import type { PaymentProviderName } from '@shop/shared/contracts/payments';
import { centsToDollars } from '@shop/shared/money';
import type { Database, DbExecutor } from '../../db/client';
import { AppError, conflict, forbidden } from '../../lib/errors';
import type { Actor } from '../../lib/request-context';
import { todayUtc } from '../../lib/utc-days';
import { membershipOf } from '../companies';
import {
  PAYMENT_CURRENCY,
  intentRefundKey,
  type InvoiceIntentSettler,
  type PaymentProvider,
  type ProviderIntent,
} from '../payments';
import { balanceCentsOf, toInvoice, type InvoiceRow } from './invoice-dto';
import { applyPayment, findInvoiceFor, paymentProblem } from './invoices.service';
import { invoiceCardIntents, invoicePayments, invoices } from './invoicing.table';

/*
 * A company admin pays an invoice's balance by card (docs/behaviour.md §5.23): the shop makes a
 * payment intent for it, the card form pays the intent at the processor, and the payment is
 * recorded against the invoice only once the processor confirms it, by the browser's call or by
 * Stripe's webhook, whichever comes first; the other finds it recorded.
 */

/** The invoice's readers who are not its company's admins (its buyer, the shop) are refused. */
async function assertCompanyAdmin(db: DbExecutor, actor: Actor, invoice: InvoiceRow): Promise<void> {
  const membership = await membershipOf(db, actor.id);
  if (membership?.role !== 'admin' || membership.companyId !== invoice.companyId) {
    throw forbidden("Only the company's admins pay its invoices by card");
  }
}

/** POST /invoice/{id}/card-intent: an intent for what the invoice owes now, in full. */
export async function startInvoiceCardPayment(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  invoiceId: string,
): Promise<InvoiceCardIntent> {
  const invoice = await findInvoiceFor(db, actor, invoiceId);
  await assertCompanyAdmin(db, actor, invoice);
  const balanceCents = balanceCentsOf(invoice);
  const problem = paymentProblem(invoice, balanceCents);
  if (problem) throw conflict(problem);
  const created = await provider.createIntent({
    orderId: invoice.orderId,
    invoiceId: invoice.id,
    amountCents: balanceCents,
    currency: PAYMENT_CURRENCY,
    // One intent per balance: a retry or a second tab pays the same one; a payment recorded in
    // between changes the balance, and the next intent is a new one.
    idempotencyKey: `invoice-${invoice.id}-${invoice.paidCents}`,
  });
  await db
    .insert(invoiceCardIntents)
    .values({
      intentId: created.intentId,
      invoiceId: invoice.id,
      provider: provider.name,
      amountCents: balanceCents,
      startedBy: actor.id,
    })
    .onConflictDoNothing();
  return {
    clientSecret: created.clientSecret,
    intentId: created.intentId,
    amount: centsToDollars(balanceCents),
  };
}

type CardOutcome =
  | { kind: 'paid' | 'replay'; invoice: InvoiceRow }
  | { kind: 'refund-intent'; message: string }
  | { kind: 'rejected'; message: string };

/** Why the processor's intent does not prove this invoice was paid, or null when it does. */
function verificationProblem(intent: ProviderIntent | null, invoiceId: string): string | null {
  if (!intent) return 'The payment provider knows no such payment';
  if (intent.status !== 'succeeded') return `The payment has not succeeded (its status is ${intent.status})`;
  if (intent.invoiceId !== invoiceId) return 'This payment was made for something else';
  if (intent.currency !== PAYMENT_CURRENCY) return 'This payment was made in another currency';
  if (intent.amountReceivedCents !== intent.amountCents) return 'The payment was not received in full';
  return null;
}

/**
 * Records a confirmed card payment against its invoice, in the caller's transaction and under
 * the invoice's row lock: only an intent the shop started for this invoice, for the amount it
 * was started with, and each intent once. When the invoice no longer owes that amount (an admin
 * recorded a transfer meanwhile, or it was voided) nothing is recorded and the intent is to be
 * refunded.
 */
async function settleCardPayment(
  tx: DbExecutor,
  provider: PaymentProviderName,
  intent: ProviderIntent | null,
  invoiceId: string,
  payerId: string | null,
): Promise<CardOutcome> {
  const problem = verificationProblem(intent, invoiceId);
  if (problem || !intent) return { kind: 'rejected', message: problem ?? 'Payment not verified' };
  const [started] = await tx
    .select()
    .from(invoiceCardIntents)
    .where(eq(invoiceCardIntents.intentId, intent.id));
  if (
    started?.provider !== provider ||
    started.invoiceId !== invoiceId ||
    started.amountCents !== intent.amountCents
  ) {
    return { kind: 'rejected', message: 'This payment was not started for this invoice' };
  }
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!invoice) return { kind: 'rejected', message: 'Invoice not found' };
  const [recorded] = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(eq(invoicePayments.intentId, intent.id));
  if (recorded) return { kind: 'replay', invoice };
  const owesLess = paymentProblem(invoice, intent.amountCents);
  if (owesLess) return { kind: 'refund-intent', message: owesLess };
  const updated = await applyPayment(tx, invoice, {
    amountCents: intent.amountCents,
    method: 'card',
    reference: intent.id,
    receivedOn: todayUtc(),
    recordedBy: payerId,
    intentId: intent.id,
  });
  return { kind: 'paid', invoice: updated };
}

/**
 * POST /invoice/{id}/card-payment: the company admin's browser says the card form paid; the
 * processor is asked. A payment the invoice no longer owes is refunded at once and refused.
 */
export async function payInvoiceByCard(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  invoiceId: string,
  intentId: string,
): Promise<Invoice> {
  const invoice = await findInvoiceFor(db, actor, invoiceId);
  await assertCompanyAdmin(db, actor, invoice);
  const intent = await provider.retrieve(intentId);
  const outcome = await db.transaction((tx) =>
    settleCardPayment(tx, provider.name, intent, invoice.id, actor.id),
  );
  switch (outcome.kind) {
    case 'paid':
    case 'replay':
      return toInvoice(outcome.invoice);
    case 'rejected':
      throw new AppError('payment-not-verified', outcome.message);
    case 'refund-intent':
      await provider.refund({ intentId, idempotencyKey: intentRefundKey(intentId) });
      throw new AppError('payment-refunded', `${outcome.message}: your card payment was refunded`);
  }
}

/** Stripe's webhook settling an invoice's intent (handed to payments by the composition). */
export const settleInvoiceIntent: InvoiceIntentSettler = async (tx, provider, intent) => {
  const outcome = await settleCardPayment(tx, provider, intent, intent.invoiceId ?? '', null);
  switch (outcome.kind) {
    case 'paid':
    case 'replay':
      return { kind: outcome.kind };
    case 'rejected':
      return { kind: 'rejected', code: 'payment-not-verified', message: outcome.message };
    case 'refund-intent':
      return { kind: 'refund-intent', intentId: intent.id, message: outcome.message };
  }
};

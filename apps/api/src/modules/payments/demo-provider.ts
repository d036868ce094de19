import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { AppError, conflict } from '../../lib/errors';
import { checkDemoCard, type DemoCard } from './demo-card-check';
import type { CreateIntentInput, PaymentProvider, ProviderIntent } from './payment-provider';
import { demoPaymentIntents } from './payments.table';

type DemoIntentRow = typeof demoPaymentIntents.$inferSelect;

export interface DemoProvider extends PaymentProvider {
  readonly name: 'demo';
  findByClientSecret(clientSecret: string): Promise<ProviderIntent | null>;
  /**
   * Charges the card for the intent, as Stripe.js's confirmCardPayment does. A card's problem
   * throws a 402 with the processor's message and leaves the intent unpaid. It changes no order.
   */
  confirm(clientSecret: string, card: DemoCard, now?: Date): Promise<ProviderIntent>;
}

const cancelledPayment = () => conflict('This payment was cancelled with its order');

const randomToken = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '');

function toProviderIntent(row: DemoIntentRow): ProviderIntent {
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    amountReceivedCents: row.status === 'succeeded' ? row.amountCents : 0,
    currency: row.currency,
    orderId: row.orderId,
    invoiceId: row.invoiceId,
    clientSecret: row.clientSecret,
  };
}

/**
 * The default card processor: in-process, no account anywhere, nothing charged. Its intents
 * live in the database, so a later verification asks this store, never the browser.
 */
export function createDemoProvider(db: Database): DemoProvider {
  const findBy = async (
    column: typeof demoPaymentIntents.id | typeof demoPaymentIntents.clientSecret,
    value: string,
  ) => {
    const [row] = await db.select().from(demoPaymentIntents).where(eq(column, value)).limit(1);
    return row ? toProviderIntent(row) : null;
  };

  return {
    name: 'demo',

    async createIntent({ orderId, invoiceId, amountCents, currency, idempotencyKey }: CreateIntentInput) {
      const id = `pi_demo_${randomToken(18)}`;
      await db
        .insert(demoPaymentIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomToken(18)}`,
          idempotencyKey,
          orderId,
          invoiceId,
          amountCents,
          currency,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing({ target: demoPaymentIntents.idempotencyKey });
      const [row] = await db
        .select()
        .from(demoPaymentIntents)
        .where(eq(demoPaymentIntents.idempotencyKey, idempotencyKey))
        .limit(1);
      // As at Stripe: a key reused with other parameters is a programming error, not a retry.
      if (
        !row ||
        row.orderId !== orderId ||
        row.invoiceId !== (invoiceId ?? null) ||
        row.amountCents !== amountCents ||
        row.currency !== currency
      ) {
        throw new Error(`idempotency key ${idempotencyKey} was used with other parameters`);
      }
      return { intentId: row.id, clientSecret: row.clientSecret };
    },

    retrieve: (intentId) => findBy(demoPaymentIntents.id, intentId),

    findByClientSecret: (clientSecret) => findBy(demoPaymentIntents.clientSecret, clientSecret),

    async confirm(clientSecret, card, now = new Date()) {
      const intent = await findBy(demoPaymentIntents.clientSecret, clientSecret);
      if (!intent) throw new AppError('not-found', 'Payment not found');
      // Confirming a paid intent again charges nothing and answers the same payment.
      if (intent.status === 'succeeded') return intent;
      if (intent.status === 'canceled') throw cancelledPayment();

      const problem = checkDemoCard(card, now);
      const [row] = await db
        .update(demoPaymentIntents)
        .set(
          problem
            ? { lastError: problem, updatedAt: now }
            : { status: 'succeeded', lastError: null, updatedAt: now },
        )
        .where(
          and(eq(demoPaymentIntents.id, intent.id), eq(demoPaymentIntents.status, 'requires_payment_method')),
        )
        .returning();
      if (problem) throw new AppError('payment-failed', problem);
      if (row) return toProviderIntent(row);
      // No row: a concurrent confirm succeeded first (that payment is the answer), or the order
      // was cancelled meanwhile and its intent with it.
      const settled = await findBy(demoPaymentIntents.id, intent.id);
      if (!settled) throw new Error(`demo intent ${intent.id} vanished`);
      if (settled.status === 'canceled') throw cancelledPayment();
      return settled;
    },

    async cancelIntent(intentId) {
      await db
        .update(demoPaymentIntents)
        .set({ status: 'canceled', updatedAt: new Date() })
        .where(
          and(eq(demoPaymentIntents.id, intentId), eq(demoPaymentIntents.status, 'requires_payment_method')),
        );
      return findBy(demoPaymentIntents.id, intentId);
    },

    async refund({ intentId }) {
      // One refund per intent, as Stripe refunds a payment in full once: the first id stays.
      const [row] = await db
        .update(demoPaymentIntents)
        .set({
          refundId: sql`coalesce(${demoPaymentIntents.refundId}, ${`re_demo_${randomToken(18)}`})`,
          updatedAt: new Date(),
        })
        .where(and(eq(demoPaymentIntents.id, intentId), eq(demoPaymentIntents.status, 'succeeded')))
        .returning({ refundId: demoPaymentIntents.refundId });
      if (!row?.refundId) throw conflict('This payment has not succeeded, so there is nothing to refund');
      return { refundId: row.refundId };
    },
  };
}

import type { Database } from '../../db/client';
import type { PaymentActions } from '../ordering';
import { cancelPaymentInFlight } from './cancel-payment-in-flight';
import type { PaymentProvider } from './payment-provider';
import { completeRefund } from './refund-order';

/** What ordering asks of payments, done with the card processor in use (plugins/payments.ts). */
export const paymentActionsFor = (db: Database, provider: PaymentProvider): PaymentActions => ({
  cancelInFlight: (orderId) => cancelPaymentInFlight(db, provider, orderId),
  completeRefund: (orderId, actorUserId) => completeRefund(db, provider, orderId, actorUserId),
});

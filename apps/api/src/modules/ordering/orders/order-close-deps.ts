import type { Database } from '../../../db/client';
import type { TellChanged } from '../../../lib/change-topics';
import type { PaymentActions } from './payment-actions';

/**
 * What closing an order needs beyond the database: the payment side of a close (cancelling a
 * payment in flight, refunding), how to tell what changed once committed, and where to report a
 * processor that did not answer (the close stands; a late payment is refunded when it comes).
 */
export interface OrderCloseDeps {
  db: Database;
  payments: PaymentActions;
  tellChanged: TellChanged;
  onPaymentCancelError: (error: unknown) => void;
}

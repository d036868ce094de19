/**
 * What ordering asks of payments. Payments builds on ordering (it marks orders paid and
 * refunded), so ordering cannot import it: it names what it needs here, and the composition
 * (plugins/payments.ts) hands it the payments module's implementation.
 */
export interface PaymentActions {
  /**
   * After an unpaid order closed (cancelled or expired, committed): its payment in flight is
   * cancelled at the processor, and one that got there first is refunded (§5.10).
   */
  cancelInFlight(orderId: string): Promise<void>;
  /** The order is 'refunding': its payment is refunded at the processor and the order marked refunded. */
  completeRefund(orderId: string, actorUserId: string | null): Promise<void>;
}

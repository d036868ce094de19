import { useState } from 'react';
import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import { CartAdditionsOutcome } from '@/components/cart-additions-outcome';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { useAttemptKey } from '@/lib/idempotency-key';
import { useReorder } from '../api/reorder';

interface OrderNamed {
  id: string;
  toolName: string;
}

/** The last Order again: its order, and what came of it (nothing yet while it runs). */
interface Reordering {
  order: OrderNamed;
  answer?: CartAdditionsResponse;
  error?: string;
}

/**
 * Order again, for the order page and My Orders: one Idempotency-Key per attempt, the same when
 * the buyer presses again after a failure (the lines go in once), a new one for another order or
 * once an attempt was answered (pressed again, the order is added again, on purpose).
 */
export function useOrderAgain() {
  const reorder = useReorder();
  const attempt = useAttemptKey();
  const [reordering, setReordering] = useState<Reordering | null>(null);
  const orderAgain = (order: OrderNamed) => {
    if (reordering?.order.id !== order.id) attempt.reset();
    setReordering({ order });
    reorder.mutate(
      { orderId: order.id, idempotencyKey: attempt.current() },
      {
        onSuccess: (answer) => {
          attempt.reset();
          setReordering({ order, answer });
        },
        onError: (error) => {
          toastIfRateLimited(error);
          setReordering({ order, error: errorMessage(error) });
        },
      },
    );
  };
  return {
    orderAgain,
    reordering,
    isBusyWith: (orderId: string) => reorder.isPending && reordering?.order.id === orderId,
    dismiss: () => setReordering(null),
  };
}

/**
 * What Order again did (docs/behaviour.md §5.19): the lines added, each price that changed since
 * with what it was and is, the lines skipped (a tool no longer in the shop) with why; then the
 * way to the cart.
 */
export function OrderAgainOutcome({
  reordering,
  headingLevel,
  onDismiss,
}: {
  reordering: Reordering | null;
  headingLevel: 2 | 3;
  onDismiss: () => void;
}) {
  if (reordering?.error) {
    return (
      <p role="alert" className="alert alert-error alert-soft">
        {reordering.order.toolName} could not be ordered again: {reordering.error} Press Order again to try
        again.
      </p>
    );
  }
  if (!reordering?.answer) return null;
  return (
    <div className="card bg-base-100 border-base-300 border">
      <div className="card-body">
        <CartAdditionsOutcome
          answer={reordering.answer}
          headingLevel={headingLevel}
          noun="line"
          intro={`Ordered again: ${reordering.order.toolName}. Today’s prices apply; the PO number is not copied.`}
        >
          <button type="button" className="btn" onClick={onDismiss}>
            Dismiss
          </button>
        </CartAdditionsOutcome>
      </div>
    </div>
  );
}

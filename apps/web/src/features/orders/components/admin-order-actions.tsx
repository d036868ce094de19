import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import type { Order } from '@/lib/domain/order';
import { toastFailure } from '@/lib/failure-toast';
import { toast } from '@/lib/toast';
import { useShipOrder } from '@/lib/queries/ship-order';
import { useAdminCancelOrder } from '../api/cancel-order-as-admin';

/**
 * The admin's actions on one order (docs/behaviour.md §5.9–23.4): ship a paid order with an
 * optional carrier and tracking number; cancel an unpaid one; cancel and refund a paid one;
 * finish a refund the processor could not make at first.
 */
export function AdminOrderActions({ order }: { order: Order }) {
  const canShip = order.state === 'paid';
  const cancelLabel = cancelLabelFor(order);
  if (!canShip && !cancelLabel) return null;
  return (
    <section aria-labelledby="admin-actions-heading" className="flex flex-col gap-4">
      <h3 id="admin-actions-heading" className="text-lg font-semibold">
        Admin
      </h3>
      {canShip && <ShipForm orderId={order.id} />}
      {cancelLabel && <CancelButton order={order} label={cancelLabel} />}
    </section>
  );
}

function cancelLabelFor(order: Order): string | null {
  if (order.state === 'unpaid') return 'Cancel order';
  if (order.state === 'paid') return 'Cancel and refund';
  if (order.state === 'refunding') return 'Finish the refund';
  return null;
}

function ShipForm({ orderId }: { orderId: string }) {
  const ship = useShipOrder();
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    ship.mutate(
      {
        orderId,
        body: { carrier: carrier.trim() || undefined, trackingNumber: trackingNumber.trim() || undefined },
      },
      { onSuccess: () => toast.success('Marked shipped'), onError: (error) => toastFailure(error) },
    );
  };
  return (
    <form onSubmit={onSubmit} className="flex max-w-md flex-col gap-3" aria-label="Ship this order">
      <FormField id="ship-carrier" label="Carrier (optional)">
        {(control) => (
          <input {...control} maxLength={100} value={carrier} onChange={(e) => setCarrier(e.target.value)} />
        )}
      </FormField>
      <FormField id="ship-tracking" label="Tracking number (optional)">
        {(control) => (
          <input
            {...control}
            maxLength={100}
            value={trackingNumber}
            onChange={(e) => setTrackingNumber(e.target.value)}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-primary self-start" disabled={ship.isPending}>
        Mark shipped
      </button>
    </form>
  );
}

function CancelButton({ order, label }: { order: Order; label: string }) {
  const cancel = useAdminCancelOrder();
  const [open, setOpen] = useState(false);
  const confirm = () =>
    cancel.mutate(order.id, {
      onSuccess: (after) => {
        toast.success(after.state === 'refunded' ? 'Order refunded' : 'Order cancelled');
        setOpen(false);
      },
      onError: (error) => {
        toastFailure(error);
        setOpen(false);
      },
    });
  const refunds = order.state !== 'unpaid';
  return (
    <>
      <button type="button" className="btn btn-error self-start" onClick={() => setOpen(true)}>
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={refunds ? `Refund ${order.customerName}'s order?` : `Cancel ${order.customerName}'s order?`}
        cancelLabel="Close"
        confirmLabel={refunds ? 'Refund' : 'Cancel Order'}
        isBusy={cancel.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      >
        <p className="py-2">
          {refunds
            ? 'The payment is refunded in full to the card and the units go back to stock.'
            : 'The units go back to stock and the customer can no longer pay.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

import type { OrderEvent } from '@shop/shared/contracts/orders';
import { ORDER_EVENT_LABELS } from '@shop/shared/order-states';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who acted, as the reader knows them: admins see e-mails, customers 'you' and 'the shop'. */
function byWhom(event: OrderEvent): string {
  if (event.actor === 'system') return 'automatically';
  if (event.actorEmail) return `by ${event.actorEmail}`;
  return event.actor === 'customer' ? 'by you' : 'by the shop';
}

/** An order's events, oldest first, as an ordered list (docs/behaviour.md §5.6). */
export function OrderTimeline({ events }: { events: OrderEvent[] }) {
  return (
    <ol className="border-base-300 flex flex-col gap-3 border-l-2 pl-4" aria-label="Order timeline">
      {events.map((event) => (
        <li key={event.kind} className="flex flex-col">
          <span className="font-semibold">{ORDER_EVENT_LABELS[event.kind]}</span>
          <span className="text-base-content/80 text-sm">
            <time dateTime={event.at}>{timeOf(event.at)}</time>, {byWhom(event)}
          </span>
          {(event.carrier || event.trackingNumber) && (
            <span className="text-sm">
              {[event.carrier, event.trackingNumber && `tracking number ${event.trackingNumber}`]
                .filter(Boolean)
                .join(', ')}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

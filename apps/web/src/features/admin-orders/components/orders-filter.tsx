import { useSearchParams } from 'react-router';
import { ORDER_FILTER_LABELS, ORDER_STATES } from '@shop/shared/order-states';
import { ListSearch } from '@/components/ui/list-search';

/**
 * Total Orders' filter (docs/behaviour.md §5.15): the state, applied at once, and the search by
 * customer name or e-mail. Both live in the URL; a change is a new history entry and starts at
 * the first page.
 */
export function OrdersFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = searchParams.get('state') ?? '';
  const onState = (value: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('state', value);
      else next.delete('state');
      next.delete('cursor');
      return next;
    });
  return (
    <div className="flex flex-wrap items-end gap-x-4">
      <div className="mb-4 flex flex-col gap-1">
        <label htmlFor="orders-state" className="text-sm font-medium">
          State
        </label>
        <select
          id="orders-state"
          className="select select-sm border-base-content/50 w-52"
          value={state}
          onChange={(event) => onState(event.target.value)}
        >
          <option value="">All states</option>
          {ORDER_STATES.map((value) => (
            <option key={value} value={value}>
              {ORDER_FILTER_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      <ListSearch id="orders-search" label="Search by customer name or e-mail" />
    </div>
  );
}

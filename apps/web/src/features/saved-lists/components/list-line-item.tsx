import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { SavedList } from '@shop/shared/contracts/saved-lists';
import { dollarsToCents, formatUnitPrice } from '@shop/shared/money';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';

type ListLine = SavedList['lines'][number];

interface ListLineItemProps {
  line: ListLine;
  /** Why the last change was refused, when it was about this line. */
  message?: string;
  /** The last change was this line's, and it was saved. */
  isSaved: boolean;
  /** A change of the list is under way: this line's (a spinner), or another's. */
  isBusy: boolean;
  isChanging: boolean;
  onUpdate: (quantity: number) => void;
  onRemove: () => void;
}

/**
 * One line of a saved list: the tool (to its page while it is in the shop), its SKU, today's unit
 * price for the line's quantity, the quantity (saved with Update) and Remove. A tool no longer in
 * the shop stays on the list, marked; adding the list to the cart skips it.
 */
export function ListLineItem(props: ListLineItemProps) {
  const { line, message, isSaved, isBusy, isChanging, onUpdate, onRemove } = props;
  const [typed, setTyped] = useState(String(line.quantity));
  const [typingError, setTypingError] = useState<string | null>(null);
  // The list moved on (this line saved, or another change): the field shows what it holds.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setTyped(String(line.quantity));
  }
  const ids = { name: `list-line-${line.toolId}`, message: `list-line-${line.toolId}-message` };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(typed);
    // The upper bound is the API's: its refusal shows here too.
    if (typed.trim() === '' || !Number.isInteger(quantity) || quantity < 1) {
      setTypingError('Enter a whole number, 1 or more. Remove takes the tool off the list.');
      return;
    }
    setTypingError(null);
    if (quantity !== line.quantity) onUpdate(quantity);
  };

  const error = typingError ?? message;
  return (
    <article
      aria-labelledby={ids.name}
      className={`card bg-base-100 border ${error ? 'border-error' : 'border-base-300'}`}
    >
      <div className="card-body flex-row gap-4 p-4">
        <img
          src={line.img}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="rounded-box h-16 w-16 shrink-0 object-cover"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <h4 id={ids.name} className="font-semibold wrap-anywhere">
            {line.isArchived ? (
              line.name
            ) : (
              <Link to={paths.product(line.toolId)} className="link link-hover">
                {line.name}
              </Link>
            )}
          </h4>
          <div className="text-sm">
            <p className="font-mono wrap-anywhere">SKU {line.sku}</p>
            {line.isArchived ? (
              <p className="mt-1 flex flex-wrap items-center gap-2">
                <span className="badge badge-warning">No longer in the shop</span>
                <span>Adding the list to the cart skips it.</span>
              </p>
            ) : (
              <p>{formatUnitPrice(dollarsToCents(line.unitPrice))} each today</p>
            )}
          </div>
          <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
            <div className="w-32">
              <FormField
                id={`list-quantity-${line.toolId}`}
                label={
                  <>
                    Quantity <span className="sr-only">of {line.name}</span>
                  </>
                }
                isInvalid={Boolean(error)}
                describedBy={ids.message}
              >
                {(field) => (
                  <input
                    {...field}
                    className={`${field.className} input-sm`}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    step={1}
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                  />
                )}
              </FormField>
            </div>
            <BusyButton
              isBusy={isChanging}
              disabled={isBusy}
              spinnerSize="xs"
              className="btn btn-sm"
              aria-label={`Update ${line.name}`}
            >
              Update
            </BusyButton>
            <button
              type="button"
              className="btn btn-sm btn-ghost text-error"
              disabled={isBusy}
              aria-label={`Remove ${line.name}`}
              onClick={onRemove}
            >
              Remove
            </button>
          </form>
          <div id={ids.message}>
            {error ? (
              <p role="alert" className="text-error text-sm">
                {error}
              </p>
            ) : (
              isSaved && <p role="status">Saved.</p>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

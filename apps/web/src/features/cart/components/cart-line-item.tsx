import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CartLine } from '@shop/shared/contracts/cart';
import { formatCount } from '@shop/shared/format';
import { dollarsToCents, formatDollars, formatUnitPrice } from '@shop/shared/money';
import { largestOrderQuantity } from '@shop/shared/pricing';
import { BusyButton } from '@/components/ui/busy-button';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastIfRateLimited } from '@/lib/failure-toast';
import { useSetCartLine } from '@/lib/queries/set-cart-lines';
import { toast } from '@/lib/toast';

/** What the last change of the line's quantity came to, shown in place. */
type Outcome =
  | { kind: 'saved' }
  | { kind: 'refused'; quantity: number; message: string; nearest: number[] }
  | { kind: 'failed'; message: string };

interface CartLineItemProps {
  line: CartLine;
  /** Checkout's refusal of this line, when the buyer was sent back to fix it. */
  checkoutRefusal?: string;
  /** After Remove: focus goes somewhere that stays. */
  onRemoved: () => void;
}

/**
 * One line of the cart: picture, name (to the tool's page), the unit price of the rung reached,
 * the next rung when it is near, the quantity (sent as typed; a refusal is shown with the nearest
 * valid quantities, never rounded), the line total and Remove. A line that cannot be ordered as
 * it stands shows why, and the quantities that would fix it.
 */
export function CartLineItem({ line, checkoutRefusal, onRemoved }: CartLineItemProps) {
  const setLine = useSetCartLine();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [typed, setTyped] = useState(String(line.quantity));
  // The cart moved on (a quantity saved here or elsewhere): the field shows what it holds.
  const [shownQuantity, setShownQuantity] = useState(line.quantity);
  if (shownQuantity !== line.quantity) {
    setShownQuantity(line.quantity);
    setTyped(String(line.quantity));
  }
  const ids = { name: `cart-line-${line.toolId}`, message: `cart-line-${line.toolId}-message` };

  const send = (quantity: number) => {
    setOutcome(null);
    setLine.mutate(
      { toolId: line.toolId, quantity },
      {
        onSuccess: (result) =>
          setOutcome(
            result.status === 'ok'
              ? { kind: 'saved' }
              : { kind: 'refused', quantity, message: result.message, nearest: result.nearest },
          ),
        onError: (error) => {
          toastIfRateLimited(error);
          setOutcome({ kind: 'failed', message: errorMessage(error) });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(typed);
    if (typed.trim() === '' || !Number.isInteger(quantity) || quantity < 1) {
      setOutcome({ kind: 'failed', message: 'Enter a whole number, 1 or more. Remove takes the tool out.' });
      return;
    }
    if (quantity === line.quantity && outcome?.kind !== 'refused') return;
    send(quantity);
  };

  const remove = () =>
    setLine.mutate(
      { toolId: line.toolId, quantity: 0 },
      {
        onSuccess: () => {
          toast.success(`${line.name} removed from your cart`);
          onRemoved();
        },
        onError: (error) => toastFailure(error),
      },
    );

  const isInvalid = outcome?.kind === 'refused' || outcome?.kind === 'failed';
  // The quantities that would fix the line's problem, as the API works them out.
  const fixes = line.problem?.nearest ?? [];
  return (
    <article
      aria-labelledby={ids.name}
      className={`card bg-base-100 border ${line.problem || checkoutRefusal ? 'border-error' : 'border-base-300'}`}
    >
      <div className="card-body flex-row gap-4 p-4 sm:p-6">
        <img
          src={line.img}
          alt=""
          width={80}
          height={80}
          loading="lazy"
          decoding="async"
          className="rounded-box h-16 w-16 shrink-0 object-cover sm:h-20 sm:w-20"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id={ids.name} className="text-lg font-semibold wrap-anywhere">
              <Link to={paths.product(line.toolId)} className="link link-hover">
                {line.name}
              </Link>
            </h2>
            <p className="font-semibold">
              <span className="sr-only">Line total </span>
              {formatDollars(line.lineTotal)}
            </p>
          </div>
          <div className="text-sm">
            <p className="font-mono wrap-anywhere">SKU {line.sku}</p>
            <p>{formatUnitPrice(dollarsToCents(line.unitPrice))} each</p>
            {line.nextRung && (
              <p className="border-success border-l-4 pl-2 font-medium">
                Add {formatCount(line.nextRung.addQuantity)} more to pay{' '}
                {formatUnitPrice(dollarsToCents(line.nextRung.unitPrice))} each
              </p>
            )}
          </div>

          <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
            <div className="w-32">
              <FormField
                id={`cart-quantity-${line.toolId}`}
                label={
                  <>
                    Quantity <span className="sr-only">of {line.name}</span>
                  </>
                }
                isInvalid={isInvalid}
                describedBy={ids.message}
              >
                {(field) => (
                  <input
                    {...field}
                    className={`${field.className} input-sm`}
                    type="number"
                    inputMode="numeric"
                    min={line.minOrderQuantity}
                    step={line.packSize}
                    max={Math.max(line.minOrderQuantity, largestOrderQuantity(line))}
                    value={typed}
                    onChange={(event) => setTyped(event.target.value)}
                  />
                )}
              </FormField>
            </div>
            <BusyButton
              isBusy={setLine.isPending}
              spinnerSize="xs"
              className="btn btn-sm"
              aria-label={`Update ${line.name}`}
            >
              Update
            </BusyButton>
            <button
              type="button"
              className="btn btn-sm btn-ghost text-error"
              disabled={setLine.isPending}
              aria-label={`Remove ${line.name}`}
              onClick={remove}
            >
              Remove
            </button>
          </form>

          <div id={ids.message}>
            <LineMessages
              line={line}
              outcome={outcome}
              checkoutRefusal={checkoutRefusal}
              fixes={fixes}
              onChoose={send}
            />
          </div>
        </div>
      </div>
    </article>
  );
}

function LineMessages({
  line,
  outcome,
  checkoutRefusal,
  fixes,
  onChoose,
}: {
  line: CartLine;
  outcome: Outcome | null;
  checkoutRefusal?: string;
  fixes: number[];
  onChoose: (quantity: number) => void;
}) {
  if (outcome?.kind === 'saved') return <p role="status">Saved.</p>;
  if (outcome?.kind === 'refused' || outcome?.kind === 'failed') {
    const nearest = outcome.kind === 'refused' ? outcome.nearest : [];
    return (
      <LineAlert
        message={outcome.message}
        // The refused quantity was not kept: say what the cart still holds.
        detail={`Your cart still holds ${formatCount(line.quantity)}.`}
        choices={nearest}
        onChoose={onChoose}
      />
    );
  }
  if (checkoutRefusal) return <LineAlert message={checkoutRefusal} choices={fixes} onChoose={onChoose} />;
  if (line.problem) return <LineAlert message={line.problem.message} choices={fixes} onChoose={onChoose} />;
  return null;
}

function LineAlert({
  message,
  detail,
  choices,
  onChoose,
}: {
  message: string;
  detail?: string;
  choices: number[];
  onChoose: (quantity: number) => void;
}) {
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-col items-start gap-2">
      <p>
        {message}
        {detail && <> {detail}</>}
      </p>
      {choices.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {choices.map((quantity) => (
            <button key={quantity} type="button" className="btn btn-sm" onClick={() => onChoose(quantity)}>
              Choose {formatCount(quantity)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatCount } from '@shop/shared/format';
import { largestOrderQuantity, quantityRuleText } from '@shop/shared/pricing';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import type { Tool } from '@/lib/domain/tool';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { cartQueryOptions } from '@/lib/queries/get-cart';
import { useAddToCart } from '@/lib/queries/set-cart-lines';
import { toast } from '@/lib/toast';
import { BusyButton } from './ui/busy-button';
import { FormField } from './ui/form-field';

type CartTool = Pick<
  Tool,
  'id' | 'name' | 'minOrderQuantity' | 'packSize' | 'maxOrderQuantity' | 'availableQuantity'
>;

/** What the last press came to. */
type Outcome =
  | { kind: 'added'; quantity: number }
  | { kind: 'refused'; message: string; nearest: number[] }
  | { kind: 'failed'; message: string };

/**
 * 'Add to cart' for one tool, on its product page and its purchase page: how many to add (from
 * the tool's minimum, by its pack), sent as the quantity the cart's line will hold. The server
 * checks the tool's rules on that quantity; a refusal shows its message and the nearest valid
 * quantities, each a button that sets the field to reach it, and nothing is rounded behind the
 * buyer's back. A visitor is sent to sign in first and comes back here (docs/behaviour.md §2.3).
 */
export function AddToCart({
  tool,
  showsRules = true,
}: {
  tool: CartTool;
  /** The minimum and the pack under the field; the purchase page says them already. */
  showsRules?: boolean;
}) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const cart = useQuery({ ...cartQueryOptions(), enabled: user !== null });
  const held = cart.data?.lines.find((line) => line.toolId === tool.id)?.quantity ?? 0;
  const add = useAddToCart(tool.id);
  const [typed, setTyped] = useState(String(tool.minOrderQuantity));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const added = Number(typed);
  const isWhole = typed.trim() !== '' && Number.isInteger(added) && added >= 1;
  const largest = Math.max(tool.minOrderQuantity, largestOrderQuantity(tool));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (user === null) {
      navigate(paths.login, { state: { from: location } });
      return;
    }
    if (!isWhole) {
      setOutcome({ kind: 'failed', message: 'Enter how many to add: a whole number, 1 or more.' });
      input.current?.focus();
      return;
    }
    setOutcome(null);
    add.mutate(added, {
      onSuccess: ({ result, quantity }) => {
        if (result.status === 'ok') {
          setOutcome({ kind: 'added', quantity });
          toast.success(`${tool.name}: ${formatCount(quantity)} in your cart`);
        } else {
          setOutcome({ kind: 'refused', message: result.message, nearest: result.nearest });
        }
      },
      onError: (error) => {
        toastIfRateLimited(error);
        setOutcome({ kind: 'failed', message: errorMessage(error) });
      },
    });
  };

  /** A nearest quantity is what the line should hold: the field takes what is missing to it. */
  const choose = (quantity: number) => {
    setTyped(String(quantity - held));
    setOutcome(null);
    input.current?.focus();
  };

  const isRefused = outcome?.kind === 'refused' || outcome?.kind === 'failed';
  const rules = [
    held > 0
      ? `${formatCount(held)} in your cart now${isWhole ? `; it will then hold ${formatCount(held + added)}` : ''}.`
      : showsRules
        ? `Minimum ${formatCount(tool.minOrderQuantity)}.`
        : null,
    ...(showsRules ? quantityRuleText(tool) : []),
  ].filter((rule) => rule !== null);
  return (
    <form
      noValidate
      aria-label={`Add ${tool.name} to your cart`}
      onSubmit={onSubmit}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-40">
          <FormField
            id="add-to-cart-quantity"
            label="Quantity to add"
            isInvalid={isRefused}
            describedBy={isRefused ? 'add-to-cart-hint add-to-cart-outcome' : 'add-to-cart-hint'}
          >
            {(field) => (
              <input
                {...field}
                ref={input}
                type="number"
                inputMode="numeric"
                min={held > 0 ? tool.packSize : tool.minOrderQuantity}
                step={tool.packSize}
                max={largest}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <BusyButton isBusy={add.isPending} className="btn btn-secondary">
          Add to cart
        </BusyButton>
      </div>
      <div id="add-to-cart-hint" className="text-sm">
        {rules.map((rule) => (
          <p key={rule}>{rule}</p>
        ))}
      </div>
      <AddToCartOutcome outcome={outcome} held={held} onChoose={choose} />
    </form>
  );
}

function AddToCartOutcome({
  outcome,
  held,
  onChoose,
}: {
  outcome: Outcome | null;
  held: number;
  onChoose: (quantity: number) => void;
}) {
  if (outcome?.kind === 'added') {
    return (
      <div id="add-to-cart-outcome" role="status" className="flex flex-wrap items-center gap-3">
        <span>Added: your cart holds {formatCount(outcome.quantity)}.</span>
        <Link to={paths.cart} className="btn btn-sm btn-outline">
          View cart
        </Link>
      </div>
    );
  }
  if (outcome === null) return <div id="add-to-cart-outcome" role="status" />;
  // Only quantities above what the cart already holds can be reached by adding.
  const choices = outcome.kind === 'refused' ? outcome.nearest.filter((quantity) => quantity > held) : [];
  return (
    <div
      id="add-to-cart-outcome"
      role="alert"
      className="alert alert-error alert-soft flex flex-col items-start"
    >
      <p>{outcome.message}</p>
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

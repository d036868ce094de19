import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CartAddition, CartAdditionsResponse } from '@shop/shared/contracts/cart';
import { formatCount } from '@shop/shared/format';
import { dollarsToCents, formatUnitPrice } from '@shop/shared/money';
import { paths } from '@/config/paths';

interface CartAdditionsOutcomeProps {
  answer: CartAdditionsResponse;
  /** The heading's level where the outcome sits. */
  headingLevel: 2 | 3;
  /** What the rows are called: the pad's rows, an order's or a list's lines. */
  noun: 'row' | 'line';
  /** Where each row came from, when the buyer numbered them ('Line 3' of the pad). */
  labelOf?: (result: CartAddition) => string | null;
  /** A sentence under the heading: where the rows came from. */
  intro?: ReactNode;
  /** More actions beside 'Go to the cart'. */
  children?: ReactNode;
}

const plural = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
const price = (dollars: number) => formatUnitPrice(dollarsToCents(dollars));

/**
 * What adding rows to the cart did (the quick-order pad, Order again, a saved list; docs/
 * behaviour.md §5.19): how many went in, each added one with what the cart now holds and, when
 * ordering again, a unit price that is not what was paid; then each one skipped with its reason
 * (a tool no longer in the shop, a quantity its rules refuse now). Focus moves to its heading,
 * so that a screen reader reads the outcome the button led to.
 */
export function CartAdditionsOutcome(props: CartAdditionsOutcomeProps) {
  const { answer, headingLevel, noun, labelOf, intro, children } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  useEffect(() => heading.current?.focus(), [answer]);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const Subheading = headingLevel === 2 ? 'h3' : 'h4';
  const added = answer.results.filter((result) => result.status !== 'refused');
  const skipped = answer.results.filter((result) => result.status === 'refused');
  const priceChanges = added.filter((result) => result.priceChange !== null).length;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-4">
      <Heading id={`${id}-heading`} ref={heading} tabIndex={-1} className="text-lg font-semibold">
        {added.length === 0
          ? 'Nothing was added to your cart'
          : skipped.length === 0
            ? `Added ${plural(added.length, noun)} to your cart`
            : `Added ${formatCount(added.length)} of ${plural(answer.results.length, noun)} to your cart`}
      </Heading>
      {intro && <p>{intro}</p>}
      {priceChanges > 0 && (
        <p className="alert alert-warning alert-soft">
          {priceChanges === 1
            ? 'One price has changed since you ordered: see the line marked below.'
            : `${formatCount(priceChanges)} prices have changed since you ordered: see the lines marked below.`}
        </p>
      )}
      {added.length > 0 && (
        <section aria-labelledby={`${id}-added`} className="flex flex-col gap-2">
          <Subheading id={`${id}-added`} className="font-semibold">
            Added ({formatCount(added.length)})
          </Subheading>
          <ul className="flex flex-col gap-2">
            {added.map((result) => (
              <li key={result.index} className="border-base-300 rounded-box border p-3">
                <RowName result={result} label={labelOf?.(result) ?? null} />
                <p>
                  {result.status === 'merged' && result.message
                    ? result.message
                    : `${formatCount(result.quantity)} added`}
                  {result.cartQuantity !== null && `. Your cart holds ${formatCount(result.cartQuantity)}.`}
                </p>
                {result.priceChange && (
                  <p className="mt-1 flex flex-wrap items-center gap-2">
                    <span className="badge badge-warning">Price changed</span>
                    <span>
                      Was {price(result.priceChange.was)} each, now {price(result.priceChange.now)} each
                    </span>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {skipped.length > 0 && (
        <section aria-labelledby={`${id}-skipped`} className="flex flex-col gap-2">
          <Subheading id={`${id}-skipped`} className="font-semibold">
            Skipped ({formatCount(skipped.length)})
          </Subheading>
          <ul className="flex flex-col gap-2">
            {skipped.map((result) => (
              <li key={result.index} className="border-error rounded-box border p-3">
                <RowName result={result} label={labelOf?.(result) ?? null} />
                <p>
                  {formatCount(result.quantity)}: {result.message ?? 'Not added'}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap gap-2">
        <Link to={paths.cart} className="btn btn-primary">
          Go to the cart
        </Link>
        {children}
      </div>
    </section>
  );
}

/** 'Line 3: Wall Brush, SKU BR-25': the row as the buyer knows it ('SKU XX-1' alone when no tool has it). */
export function RowName({ result, label }: { result: CartAddition; label: string | null }) {
  const sku = result.sku && <span className="font-mono">SKU {result.sku}</span>;
  return (
    <p className="font-medium wrap-anywhere">
      {label && <>{label}: </>}
      {result.name ?? sku ?? 'A tool'}
      {result.name && sku && <>, {sku}</>}
    </p>
  );
}

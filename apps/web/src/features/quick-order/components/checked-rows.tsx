import { useEffect, useRef } from 'react';
import type { CartAddition, CartAdditionsResponse } from '@shop/shared/contracts/cart';
import { formatCount } from '@shop/shared/format';
import type { ParsedQuickOrder, QuickOrderLineProblem, QuickOrderRow } from '@shop/shared/quick-order-text';
import { RowName } from '@/components/cart-additions-outcome';
import { BusyButton } from '@/components/ui/busy-button';

/** A check the buyer has seen: the text it was of, how it was read, what the API said of each row. */
export interface Check {
  text: string;
  parsed: ParsedQuickOrder;
  /** Null when no line was a row (only lines that could not be read): nothing was asked. */
  answer: CartAdditionsResponse | null;
}

interface CheckedRowsProps {
  check: Check;
  /** The pad's text changed since: the results are not of what it says now. */
  isStale: boolean;
  /** The line to focus (the row just fixed); otherwise the heading takes focus. */
  focusLine: number | null;
  onChoose: (row: QuickOrderRow, quantity: number) => void;
  onAdd: () => void;
  isAdding: boolean;
}

type Item =
  | { line: number; row: QuickOrderRow; result: CartAddition }
  | { line: number; problem: QuickOrderLineProblem };

const plural = (count: number, noun: string) => `${formatCount(count)} ${noun}${count === 1 ? '' : 's'}`;
const lineId = (line: number) => `quick-order-line-${line}`;

/**
 * Every line of the pad as it was checked, in the pad's order: each row valid, merged or refused
 * (with the quantities that would fix it), and each line that could not be read. Then 'Add the N
 * valid rows to the cart', held back while the pad says something else than what was checked.
 */
export function CheckedRows({ check, isStale, focusLine, onChoose, onAdd, isAdding }: CheckedRowsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { parsed, answer } = check;
  useEffect(() => {
    const line = focusLine === null ? null : document.getElementById(lineId(focusLine));
    (line ?? heading.current)?.focus();
  }, [check, focusLine]);

  const items: Item[] = [
    ...parsed.rows.flatMap((row, index) => {
      const result = answer?.results[index];
      return result ? [{ line: row.line, row, result }] : [];
    }),
    ...parsed.problems.map((problem) => ({ line: problem.line, problem })),
  ].sort((a, b) => a.line - b.line);
  const validCount = answer?.addedCount ?? 0;
  const refusedCount = parsed.rows.length - validCount;

  return (
    <section aria-labelledby="quick-order-checked-heading" className="flex flex-col gap-4">
      <h2 id="quick-order-checked-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Checked rows
      </h2>
      <p>
        {parsed.rows.length > 0 &&
          `${plural(parsed.rows.length, 'row')} checked: ${formatCount(validCount)} valid, ${formatCount(refusedCount)} refused.`}
        {parsed.problems.length > 0 &&
          ` ${plural(parsed.problems.length, 'line')} could not be read: ${parsed.problems.length === 1 ? 'it is' : 'they are'} marked below.`}
      </p>
      <ul aria-label="Rows as checked" className="flex flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.line}
            id={lineId(item.line)}
            tabIndex={-1}
            className={`rounded-box border p-3 ${'problem' in item || item.result.status === 'refused' ? 'border-error' : 'border-base-300'}`}
          >
            {'problem' in item ? (
              <ProblemLine problem={item.problem} />
            ) : (
              <RowLine row={item.row} result={item.result} isStale={isStale} onChoose={onChoose} />
            )}
          </li>
        ))}
      </ul>
      {isStale && (
        <p className="alert alert-warning alert-soft">
          The pad has changed since these rows were checked: press Check rows again before adding them.
        </p>
      )}
      {validCount > 0 ? (
        <BusyButton
          type="button"
          className="btn btn-primary self-start"
          isBusy={isAdding}
          disabled={isStale}
          onClick={onAdd}
        >
          Add the {plural(validCount, 'valid row')} to the cart
        </BusyButton>
      ) : (
        <p>No row can be added as it stands: fix the lines marked above, then check them again.</p>
      )}
    </section>
  );
}

/** What the check said of one row, in words. */
function statusOf(result: CartAddition): { label: string; badge: string; detail: string } {
  const holds =
    result.cartQuantity === null ? '' : ` Your cart would then hold ${formatCount(result.cartQuantity)}.`;
  if (result.status === 'refused') {
    return { label: 'Refused', badge: 'badge-error', detail: result.message ?? 'It cannot be added.' };
  }
  if (result.status === 'merged') {
    return { label: 'Merged', badge: 'badge-info', detail: `${result.message ?? 'Merged'}.${holds}` };
  }
  return { label: 'Valid', badge: 'badge-success', detail: holds.trim() };
}

function RowLine({
  row,
  result,
  isStale,
  onChoose,
}: {
  row: QuickOrderRow;
  result: CartAddition;
  isStale: boolean;
  onChoose: (row: QuickOrderRow, quantity: number) => void;
}) {
  const { label, badge, detail } = statusOf(result);
  // The nearest quantities are of the whole line a SKU's rows make together: this row takes what
  // the others do not already ask for.
  const others = result.quantity - row.quantity;
  const choices = result.nearest.map((quantity) => quantity - others).filter((quantity) => quantity >= 1);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <RowName result={result} label={`Line ${row.line}`} />
        <span className={`badge ${badge}`}>{label}</span>
      </div>
      <p>
        Quantity {formatCount(row.quantity)}. {detail}
      </p>
      {choices.length > 0 && others > 0 && (
        <p className="text-sm">For this line, counting the {formatCount(others)} its other rows ask for:</p>
      )}
      {choices.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {choices.map((quantity) => (
            <button
              key={quantity}
              type="button"
              className="btn btn-sm"
              disabled={isStale}
              onClick={() => onChoose(row, quantity)}
            >
              Choose {formatCount(quantity)} <span className="sr-only">for line {row.line}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function ProblemLine({ problem }: { problem: QuickOrderLineProblem }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium wrap-anywhere">
          Line {problem.line}: <span className="font-mono">{problem.text}</span>
        </p>
        <span className="badge badge-error">Not read</span>
      </div>
      <p>{problem.message}</p>
    </div>
  );
}

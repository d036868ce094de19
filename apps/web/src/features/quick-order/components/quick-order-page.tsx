import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import { MAX_QUICK_ORDER_ROWS, parseQuickOrderText, type QuickOrderRow } from '@shop/shared/quick-order-text';
import { CartAdditionsOutcome } from '@/components/cart-additions-outcome';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { useAttemptKey } from '@/lib/idempotency-key';
import { useCheckRows, useQuickAdd } from '../api/quick-add';
import { keepLines, withQuantity } from '../lib/pad-text';
import { CheckedRows, type Check } from './checked-rows';

/** A file of 200 rows is far smaller; a larger one is not a quick order (and would stall the page). */
const MAX_FILE_BYTES = 1_000_000;

/**
 * /quick-order (signed in): the trade buyer's pad (docs/behaviour.md §5.19). Lines of SKU and
 * quantity, typed, pasted or read from a CSV file, are read by the shared parser; every row is
 * checked by the API (POST /cart/quick-add/check, which changes nothing) and shown: valid with
 * what the cart would then hold, merged with an earlier row of its SKU, or refused with its reason
 * and the nearest valid quantities, which fix the row's line when chosen. Lines the parser could
 * not read are shown with their line numbers. Only then can the valid rows be added, with one
 * Idempotency-Key per attempt; what the API answers is shown, and what was not added stays in
 * the pad.
 */
export function QuickOrderPage() {
  usePageTitle('Quick order');
  const [text, setText] = useState('');
  const [check, setCheck] = useState<Check | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [added, setAdded] = useState<CartAdditionsResponse | null>(null);
  /** The line to take focus once checked again: the row whose quantity the buyer chose. */
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const checkRows = useCheckRows();
  const quickAdd = useQuickAdd();
  const attempt = useAttemptKey();

  const runCheck = (source: string, lineToFocus: number | null = null) => {
    setFormError(null);
    setTextError(null);
    setFocusLine(lineToFocus);
    const parsed = parseQuickOrderText(source);
    if (parsed.refusal !== null || (parsed.rows.length === 0 && parsed.problems.length === 0)) {
      setCheck(null);
      setTextError(parsed.refusal ?? 'Type or paste at least one line: a SKU, then the quantity.');
      return;
    }
    // New rows, a new attempt: the key of an earlier one must not answer for these.
    attempt.reset();
    setAdded(null);
    if (parsed.rows.length === 0) {
      setCheck({ text: source, parsed, answer: null });
      return;
    }
    checkRows.mutate(
      parsed.rows.map(({ sku, quantity }) => ({ sku, quantity })),
      {
        onSuccess: (answer) => setCheck({ text: source, parsed, answer }),
        onError: (error) => {
          toastIfRateLimited(error);
          setFormError(errorMessage(error));
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    runCheck(text);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setFileError(null);
    if (!file) return;
    // Emptied, so that the same file chosen again (once fixed) is read again.
    input.value = '';
    if (file.size > MAX_FILE_BYTES) {
      setFileError(`${file.name} is too large for a quick order of at most ${MAX_QUICK_ORDER_ROWS} rows.`);
      return;
    }
    let content: string;
    try {
      content = await file.text();
    } catch {
      setFileError(`${file.name} could not be read. Choose it again, or paste its lines.`);
      return;
    }
    // The file's lines go into the pad, where the buyer sees them, can fix them, and their line
    // numbers are the file's.
    setText(content);
    runCheck(content);
  };

  const choose = (row: QuickOrderRow, quantity: number) => {
    if (!check) return;
    const fixed = withQuantity(check.text, row.line, quantity);
    if (fixed === null) return;
    setText(fixed);
    runCheck(fixed, row.line);
  };

  const addValidRows = () => {
    if (!check?.answer) return;
    const { answer, parsed } = check;
    const sent = parsed.rows.filter((_, index) => answer.results[index]?.status !== 'refused');
    setFormError(null);
    quickAdd.mutate(
      {
        rows: sent.map(({ sku, quantity }) => ({ sku, quantity })),
        // The same key on a retry of this attempt: its rows go into the cart once.
        idempotencyKey: attempt.current(),
      },
      {
        onSuccess: (result) => {
          attempt.reset();
          // What did not go in stays in the pad, to fix: rows refused then or now, lines not read.
          const addedLines = new Set(
            result.results
              .filter((row) => row.status !== 'refused')
              .flatMap((row) => sent[row.index]?.line ?? []),
          );
          const lines = [...parsed.rows, ...parsed.problems].map(({ line }) => line);
          setText(keepLines(check.text, new Set(lines.filter((line) => !addedLines.has(line)))));
          setCheck(null);
          setAdded(result);
        },
        onError: (error) => {
          toastIfRateLimited(error);
          setFormError(
            `${errorMessage(error)} Press the button again: the rows go into your cart once, however often it is pressed.`,
          );
        },
      },
    );
  };

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">Quick order</h1>
        <p>
          Order by part number. Type or paste one line per tool, the SKU then the quantity, or upload a CSV
          file. Every row is checked and shown to you before anything goes into your cart.
        </p>
        <p className="flex flex-wrap gap-x-4">
          <Link to={paths.cart} className="link">
            Your cart
          </Link>
          <Link to={paths.savedLists} className="link">
            Saved lists
          </Link>
        </p>
      </div>

      {added && (
        <div className="card bg-base-100 border-base-300 border">
          <div className="card-body">
            <CartAdditionsOutcome answer={added} headingLevel={2} noun="row">
              {text !== '' && (
                <p className="basis-full text-sm">
                  The lines that were not added are left in the pad below, to fix and check again.
                </p>
              )}
            </CartAdditionsOutcome>
          </div>
        </div>
      )}

      <form noValidate onSubmit={onSubmit} aria-label="Quick order pad" className="card bg-base-200">
        <fieldset disabled={quickAdd.isPending} className="card-body gap-4">
          <FormField
            id="quick-order-text"
            label="SKUs and quantities"
            kind="textarea"
            error={textError ?? undefined}
            hint={
              <>
                One tool a line: the SKU, then the quantity, such as <code>BR-25 48</code>. Spaces, a tab, a
                comma or a semicolon may separate them; write 1,200 or 1200 for twelve hundred. At most{' '}
                {MAX_QUICK_ORDER_ROWS} lines.
              </>
            }
          >
            {(field) => (
              <textarea
                {...field}
                className={`${field.className} h-48 font-mono`}
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder={'BR-25 48\nRL-9 60'}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
              />
            )}
          </FormField>
          <FormField
            id="quick-order-file"
            label="Or upload a CSV file"
            kind="file-input"
            error={fileError ?? undefined}
            hint="A sku column and a quantity column (other columns are ignored). Its lines go into the pad above and are checked at once."
          >
            {(field) => (
              <input
                {...field}
                type="file"
                accept=".csv,text/csv,text/plain"
                onChange={(e) => void onFile(e)}
              />
            )}
          </FormField>
          <div>
            <BusyButton isBusy={checkRows.isPending}>Check rows</BusyButton>
          </div>
        </fieldset>
      </form>

      <FormAlert message={formError} />

      {check && (
        <CheckedRows
          check={check}
          isStale={check.text !== text}
          focusLine={focusLine}
          onChoose={choose}
          onAdd={addValidRows}
          isAdding={quickAdd.isPending}
        />
      )}
    </div>
  );
}

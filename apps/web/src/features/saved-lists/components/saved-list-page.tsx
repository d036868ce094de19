import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { CartAdditionsResponse } from '@shop/shared/contracts/cart';
import type { SavedList, UpdateListBody } from '@shop/shared/contracts/saved-lists';
import { formatCount } from '@shop/shared/format';
import { CartAdditionsOutcome } from '@/components/cart-additions-outcome';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ErrorState, QueryErrorState } from '@/components/ui/error-state';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toastFailure, toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames } from '@/lib/field-issues';
import { useAttemptKey } from '@/lib/idempotency-key';
import { toast } from '@/lib/toast';
import { useAddListToCart, useDeleteList, useSavedList, useUpdateList } from '../api/saved-list';
import { ListLineItem } from './list-line-item';

const backLink = (
  <Link to={paths.savedLists} className="link self-start">
    Back to Saved lists
  </Link>
);

/**
 * /dashboard/lists/:id: one saved list (docs/behaviour.md §5.20), its lines at today's prices:
 * add it to the cart, rename it, change a line's quantity, remove a line, delete the list.
 */
export function SavedListPage() {
  const { id = '' } = useParams();
  const list = useSavedList(id);
  usePageTitle(list.data ? `List: ${list.data.name}` : 'Saved list');
  if (list.isPending) return <Spinner label="Loading the list" />;
  if (list.isError) {
    return (
      <section aria-label="Saved list" className="flex flex-col gap-4">
        {list.error instanceof ApiError && list.error.status === 404 ? (
          <ErrorState message="We could not find this list. It may have been deleted." />
        ) : (
          <QueryErrorState query={list} />
        )}
        {backLink}
      </section>
    );
  }
  return <SavedListView list={list.data} />;
}

/** The line a refused change names ('lines.2.quantity' of the lines sent), by its tool. */
function lineMessagesOf(error: unknown, sent: UpdateListBody['lines'] = []): Record<string, string> {
  const messages: Record<string, string> = {};
  if (!(error instanceof ApiError)) return messages;
  for (const { field, message } of error.issues) {
    const toolId = sent[Number(/^lines\.(\d+)\./.exec(field)?.[1] ?? Number.NaN)]?.toolId;
    if (toolId !== undefined) messages[toolId] ??= message;
  }
  return messages;
}

function SavedListView({ list }: { list: SavedList }) {
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  const update = useUpdateList(list.id);
  const remove = useDeleteList(list.id);
  const addToCart = useAddListToCart(list.id);
  const attempt = useAttemptKey();
  const [outcome, setOutcome] = useState<CartAdditionsResponse | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [isDeleting, setIsDeleting] = useState(false);
  /** What the last change of a line came to, by its tool: a refusal, or 'Saved.'. */
  const [lineMessages, setLineMessages] = useState<Record<string, string>>({});
  const [savedLine, setSavedLine] = useState<string | null>(null);
  const [changingLine, setChangingLine] = useState<string | null>(null);

  const setLines = (lines: NonNullable<UpdateListBody['lines']>, changed: string, removedName?: string) => {
    setLineMessages({});
    setSavedLine(null);
    setChangingLine(changed);
    update.mutate(
      { lines },
      {
        onSuccess: () => {
          if (removedName === undefined) setSavedLine(changed);
          else {
            toast.success(`${removedName} removed from the list`);
            heading.current?.focus();
          }
        },
        onError: (error) => {
          toastIfRateLimited(error);
          const messages = lineMessagesOf(error, lines);
          // A refusal that names no line sent (the removed one, the connection) shows at the line changed.
          setLineMessages(Object.keys(messages).length > 0 ? messages : { [changed]: errorMessage(error) });
        },
      },
    );
  };

  const linesWith = (toolId: string, quantity: number) =>
    list.lines.map((line) => ({
      toolId: line.toolId,
      quantity: line.toolId === toolId ? quantity : line.quantity,
    }));
  const linesWithout = (toolId: string) =>
    list.lines
      .filter((line) => line.toolId !== toolId)
      .map(({ toolId: id, quantity }) => ({ toolId: id, quantity }));

  const addListToCart = () => {
    setAddError(null);
    addToCart.mutate(attempt.current(), {
      onSuccess: (answer) => {
        attempt.reset();
        setOutcome(answer);
      },
      onError: (error) => {
        toastIfRateLimited(error);
        setAddError(errorMessage(error));
      },
    });
  };

  const confirmDelete = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success(`The list “${list.name}” was deleted`);
        void navigate(paths.savedLists);
      },
      onError: (error) => toastFailure(error),
    });

  const orderable = list.lines.filter((line) => !line.isArchived).length;
  return (
    <section aria-labelledby="saved-list-heading" className="flex max-w-3xl flex-col gap-6">
      {backLink}
      <div className="flex flex-col gap-1">
        <h2
          id="saved-list-heading"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold wrap-anywhere"
        >
          {list.name}
        </h2>
        <p>
          {formatCount(list.lines.length)} {list.lines.length === 1 ? 'tool' : 'tools'}, at today’s prices.
        </p>
      </div>

      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="button"
          className="btn btn-primary"
          isBusy={addToCart.isPending}
          disabled={orderable === 0}
          onClick={addListToCart}
        >
          Add this list to the cart
        </BusyButton>
        <button type="button" className="btn btn-error btn-outline" onClick={() => setIsDeleting(true)}>
          Delete list
        </button>
      </div>
      <FormAlert message={addError} />
      {outcome && (
        <div className="card bg-base-100 border-base-300 border">
          <div className="card-body">
            <CartAdditionsOutcome answer={outcome} headingLevel={3} noun="line" />
          </div>
        </div>
      )}

      <RenameForm list={list} />

      <section aria-labelledby="saved-list-lines-heading" className="flex flex-col gap-3">
        <h3 id="saved-list-lines-heading" className="text-lg font-semibold">
          Tools
        </h3>
        {list.lines.length === 0 ? (
          <p>This list holds no tools any more. Delete it, or save a new one from your cart.</p>
        ) : (
          <ul aria-label="Tools in this list" className="flex flex-col gap-3">
            {list.lines.map((line) => (
              <li key={line.toolId}>
                <ListLineItem
                  line={line}
                  message={lineMessages[line.toolId]}
                  isSaved={savedLine === line.toolId}
                  isBusy={update.isPending}
                  isChanging={update.isPending && changingLine === line.toolId}
                  onUpdate={(quantity) => setLines(linesWith(line.toolId, quantity), line.toolId)}
                  onRemove={() => setLines(linesWithout(line.toolId), line.toolId, line.name)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={isDeleting}
        title={`Delete the list “${list.name}”?`}
        cancelLabel="Keep it"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onCancel={() => setIsDeleting(false)}
        onConfirm={confirmDelete}
      >
        <p className="py-4">Your cart and your orders stay as they are.</p>
      </ConfirmDialog>
    </section>
  );
}

/** The list's name, changed in place; a name the API refuses (none, or one already used) shows at the field. */
function RenameForm({ list }: { list: SavedList }) {
  const rename = useUpdateList(list.id);
  const [name, setName] = useState(list.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  // Renamed (here or elsewhere): the field shows the name the list has.
  const [shownName, setShownName] = useState(list.name);
  if (shownName !== list.name) {
    setShownName(list.name);
    setName(list.name);
  }
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNameError(null);
    setFormError(null);
    // The name's rules are the API's (updateListBody), as for a new list.
    rename.mutate(
      { name },
      {
        onSuccess: (renamed) => toast.success(`List renamed to “${renamed.name}”`),
        onError: (error) => {
          toastIfRateLimited(error);
          const atName = fieldIssues(error, sameNames('name')).name;
          if (atName) setNameError(atName);
          else setFormError(errorMessage(error));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Rename the list" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <FormField id="saved-list-name" label="List name" error={nameError ?? undefined}>
            {(field) => (
              <input
                {...field}
                type="text"
                autoComplete="off"
                maxLength={80}
                value={name}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </FormField>
        </div>
        <BusyButton isBusy={rename.isPending} className="btn">
          Rename
        </BusyButton>
      </div>
      <FormAlert message={formError} />
    </form>
  );
}

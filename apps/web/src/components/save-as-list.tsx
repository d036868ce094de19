import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames } from '@/lib/field-issues';
import { useCreateList } from '@/lib/queries/saved-lists';
import { FormAlert } from './ui/form-alert';
import { FormDialog, FormDialogActions } from './ui/form-dialog';
import { FormField } from './ui/form-field';

/** What a new list is made of: the cart's lines, or an order's. */
export type ListSource = { fromCart: true } | { fromOrderId: string };

const issueFields = sameNames('name');

interface SaveAsListProps {
  source: ListSource;
  /** The name the field starts with. */
  suggestedName?: string;
  /** What is saved, for the dialog's sentence: 'the 3 tools in your cart'. */
  what: string;
  buttonClassName?: string;
}

/**
 * 'Save as list' (docs/behaviour.md §5.20): a button that asks for the list's name in a dialog
 * and saves the cart's lines, or an order's, as a new list; then says so with a link to it. A
 * name the API refuses (none, or one already used) shows at the field.
 */
export function SaveAsList({ source, suggestedName = '', what, buttonClassName = 'btn' }: SaveAsListProps) {
  const [isOpen, setIsOpen] = useState(false);
  const [saved, setSaved] = useState<{ id: string; name: string } | null>(null);
  const headingId = useId();
  return (
    <>
      <button type="button" className={buttonClassName} onClick={() => setIsOpen(true)}>
        Save as list
      </button>
      <div role="status" className="text-sm empty:hidden">
        {saved && (
          <>
            Saved as the list “{saved.name}”.{' '}
            <Link to={paths.savedList(saved.id)} className="link">
              Open the list
            </Link>
          </>
        )}
      </div>
      <FormDialog open={isOpen} labelledBy={headingId} onClose={() => setIsOpen(false)}>
        <div className="modal-box">
          <h3 id={headingId} className="mb-2 text-lg font-bold">
            Save as list
          </h3>
          <p className="mb-4">Keep {what} as a list, to add to your cart again in one go.</p>
          <SaveAsListForm
            source={source}
            suggestedName={suggestedName}
            onClose={() => setIsOpen(false)}
            onSaved={(list) => {
              setSaved(list);
              setIsOpen(false);
            }}
          />
        </div>
      </FormDialog>
    </>
  );
}

function SaveAsListForm({
  source,
  suggestedName,
  onClose,
  onSaved,
}: {
  source: ListSource;
  suggestedName: string;
  onClose: () => void;
  onSaved: (list: { id: string; name: string }) => void;
}) {
  const create = useCreateList();
  const [name, setName] = useState(suggestedName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNameError(null);
    setFormError(null);
    // The name's rules are the API's (createListBody): a refusal, an empty name or one already
    // used whatever its case, shows at the field, as checkout leaves its fields' rules to the API.
    create.mutate(
      { name, ...source },
      {
        onSuccess: onSaved,
        onError: (error) => {
          toastIfRateLimited(error);
          const atName = fieldIssues(error, issueFields).name;
          if (atName) setNameError(atName);
          // What no field shows (the most lists one account may keep) shows under the form.
          else setFormError(errorMessage(error));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField id="save-as-list-name" label="List name" error={nameError ?? undefined}>
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
      <FormAlert message={formError} />
      <FormDialogActions onClose={onClose} isBusy={create.isPending} submitLabel="Save list" />
    </form>
  );
}

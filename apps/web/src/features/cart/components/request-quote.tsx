import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { RequestQuoteBody } from '@shop/shared/contracts/quotes';
import { formatCount } from '@shop/shared/format';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues } from '@/lib/field-issues';
import { useRequestQuote } from '@/lib/queries/quotes';
import { toast } from '@/lib/toast';

const issueFields = sameNames('note');

/**
 * 'Request a quote' (docs/behaviour.md §5.24): a big job's buyer asks the shop to price the cart's
 * lines as they are, with an optional note; the cart is kept. The new quote's page opens, and the
 * buyer is e-mailed once the shop has priced it.
 */
export function RequestQuote({ lineCount }: { lineCount: number }) {
  const [isOpen, setIsOpen] = useState(false);
  const headingId = useId();
  const tools = lineCount === 1 ? 'the tool' : `the ${formatCount(lineCount)} tools`;
  return (
    <div className="border-base-300 flex flex-col gap-2 border-t pt-4">
      <p className="text-sm">A big job? Ask us to price {tools} in your cart before you order.</p>
      <button type="button" className="btn btn-outline" onClick={() => setIsOpen(true)}>
        Request a quote
      </button>
      <FormDialog open={isOpen} labelledBy={headingId} onClose={() => setIsOpen(false)}>
        <div className="modal-box">
          <h3 id={headingId} className="mb-2 text-lg font-bold">
            Request a quote
          </h3>
          <p className="mb-4">
            We price {tools} in your cart as {lineCount === 1 ? 'it is' : 'they are'} now and e-mail you when
            your quote is ready. Your cart stays as it is.
          </p>
          <RequestQuoteForm onClose={() => setIsOpen(false)} />
        </div>
      </FormDialog>
    </div>
  );
}

function RequestQuoteForm({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const request = useRequestQuote();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Required<RequestQuoteBody>>({ defaultValues: { note: '' } });

  const onSubmit = handleSubmit(({ note }) => {
    setFormError(null);
    // The note's rule is the API's (requestQuoteBody), as checkout leaves its note's to the API:
    // the box cannot hold more than it allows, and a refusal shows at the field. Checked here, the
    // quotes contract would bring the cart, order and invoice contracts to the cart page's load.
    // A note left empty is left out.
    request.mutate(note.trim() ? { note } : {}, {
      onSuccess: (quote) => {
        toast.success(`Quote ${quote.number} requested: we will e-mail you when it is priced`);
        navigate(paths.quote(quote.id));
      },
      onError: (error) => {
        toastIfRateLimited(error);
        setFieldIssues(error, setError, issueFields);
        // What no field shows (an empty cart, say) shows under the form.
        if (Object.keys(fieldIssues(error, issueFields)).length === 0) setFormError(errorMessage(error));
      },
    });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <FormField
        id="quote-request-note"
        label="Note (optional)"
        kind="textarea"
        error={errors.note?.message}
        hint="Anything that helps us price it: the job, dates, delivery. Up to 500 characters."
      >
        {(field) => <textarea {...field} rows={4} maxLength={500} {...register('note')} />}
      </FormField>
      <FormAlert message={formError} />
      <FormDialogActions onClose={onClose} isBusy={request.isPending} submitLabel="Send request" />
    </form>
  );
}

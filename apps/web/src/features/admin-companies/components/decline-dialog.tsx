import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { decideCompanyBody, type Company } from '@shop/shared/contracts/companies';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { useDecideCompany } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { showRefusal } from './show-refusal';

/** The API's own rule for the reason (3 to 500 characters), read from the decline body. */
const declineShape = decideCompanyBody.options[1].shape;
const declineFormSchema = z.object({ reason: declineShape.reason });

interface DeclineFormValues {
  reason: string;
}

interface DeclineDialogProps {
  company: Company;
  open: boolean;
  onClose: () => void;
}

/** Decline an application, with the reason the applicant reads in the mail and on their profile (§4.18). */
export function DeclineDialog({ company, open, onClose }: DeclineDialogProps) {
  return (
    <FormDialog open={open} labelledBy="decline-dialog-title" onClose={onClose}>
      <DeclineForm company={company} onClose={onClose} />
    </FormDialog>
  );
}

function DeclineForm({ company, onClose }: { company: Company; onClose: () => void }) {
  const decide = useDecideCompany(company.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DeclineFormValues, unknown, DeclineFormValues>({
    resolver: zodResolver(declineFormSchema),
    defaultValues: { reason: '' },
  });

  const onSubmit = handleSubmit(({ reason }) =>
    decide.mutate(
      { decision: 'decline', reason },
      {
        onSuccess: () => {
          toast.success('Application declined');
          onClose();
        },
        onError: (error) => showRefusal(error, setError, { reason: 'reason' }),
      },
    ),
  );

  return (
    <form className="modal-box" noValidate onSubmit={onSubmit} aria-busy={decide.isPending}>
      <h3 id="decline-dialog-title" className="text-lg font-bold">
        Decline {company.name}
      </h3>
      <p className="mb-3">
        {company.applicant.name} reads the reason in the e-mail we send and on their profile, and may apply
        again.
      </p>
      <fieldset disabled={decide.isPending}>
        <FormField
          id="decline-reason"
          label="Reason"
          kind="textarea"
          hint="3 to 500 characters."
          error={errors.reason?.message}
        >
          {(field) => <textarea {...field} rows={4} {...register('reason')} />}
        </FormField>
      </fieldset>
      <FormDialogActions
        onClose={onClose}
        isBusy={decide.isPending}
        submitLabel="Decline application"
        submitClassName="btn btn-error"
      />
    </form>
  );
}

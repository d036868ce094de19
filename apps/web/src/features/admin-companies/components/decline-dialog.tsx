import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { decideCompanyBody, type Company } from '@shop/shared/contracts/companies';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { useDecideCompany } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';
import { showRefusal } from './show-refusal';

/**
 * The API's own rule for a reason (3 to 500 characters), read from the decline body: a rejected
 * resale certificate's reason has the same rule (the shared reasonField).
 */
const reasonFormSchema = z.object({ reason: decideCompanyBody.options[1].shape.reason });

interface ReasonFormValues {
  reason: string;
}

interface ReasonDialogProps {
  open: boolean;
  onClose: () => void;
  /** Names the dialog's heading and field: `${idPrefix}-dialog-title`, `${idPrefix}-reason`. */
  idPrefix: string;
  title: string;
  /** Who reads the reason, and what follows. */
  intro: ReactNode;
  submitLabel: string;
  isBusy: boolean;
  /** Sends the reason; `refused` shows the API's refusal at Reason, or as a toast. */
  onSubmit: (reason: string, refused: (error: unknown) => void) => void;
}

/**
 * A refusal with the reason its reader sees: declining an application (§4.18), rejecting a resale
 * certificate (§5.22). Open, it asks for the reason; the caller sends it and closes the dialog.
 */
export function ReasonDialog({ open, onClose, idPrefix, ...form }: ReasonDialogProps) {
  return (
    <FormDialog open={open} labelledBy={`${idPrefix}-dialog-title`} onClose={onClose}>
      <ReasonForm idPrefix={idPrefix} onClose={onClose} {...form} />
    </FormDialog>
  );
}

function ReasonForm({
  onClose,
  idPrefix,
  title,
  intro,
  submitLabel,
  isBusy,
  onSubmit,
}: Omit<ReasonDialogProps, 'open'>) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ReasonFormValues, unknown, ReasonFormValues>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(({ reason }) =>
    onSubmit(reason, (error) => showRefusal(error, setError, { reason: 'reason' })),
  );

  return (
    <form className="modal-box" noValidate onSubmit={submit} aria-busy={isBusy}>
      <h3 id={`${idPrefix}-dialog-title`} className="text-lg font-bold break-words">
        {title}
      </h3>
      <p className="mb-3">{intro}</p>
      <fieldset disabled={isBusy}>
        <FormField
          id={`${idPrefix}-reason`}
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
        isBusy={isBusy}
        submitLabel={submitLabel}
        submitClassName="btn btn-error"
      />
    </form>
  );
}

interface DeclineDialogProps {
  company: Company;
  open: boolean;
  onClose: () => void;
}

/** Decline an application, with the reason the applicant reads in the mail and on their profile (§4.18). */
export function DeclineDialog({ company, open, onClose }: DeclineDialogProps) {
  const decide = useDecideCompany(company.id);
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      idPrefix="decline"
      title={`Decline ${company.name}`}
      intro={`${company.applicant.name} reads the reason in the e-mail we send and on their profile, and may apply again.`}
      submitLabel="Decline application"
      isBusy={decide.isPending}
      onSubmit={(reason, refused) =>
        decide.mutate(
          { decision: 'decline', reason },
          {
            onSuccess: () => {
              toast.success('Application declined');
              onClose();
            },
            onError: refused,
          },
        )
      }
    />
  );
}

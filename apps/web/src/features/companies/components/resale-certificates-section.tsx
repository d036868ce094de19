import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ResaleCertificate } from '@shop/shared/contracts/tax';
import { CountryOptions } from '@/components/address-form';
import { certificateName, ResaleCertificateList } from '@/components/resale-certificate-list';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { QueryList } from '@/components/ui/query-list';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues } from '@/lib/field-issues';
import {
  useResaleCertificates,
  useSendCertificate,
  useWithdrawCertificate,
} from '@/lib/queries/resale-certificates';
import { toast } from '@/lib/toast';

/** What the form holds: every field as text. */
interface CertificateFormValues {
  country: string;
  region: string;
  number: string;
  expiresOn: string;
}

/*
 * The API's rules for a certificate (createResaleCertificateBody), in its words, said before
 * sending; what only the API knows (a date already past) shows at its field or beside the form.
 * Written here rather than imported: the tax contract's module is the cart's, the orders' and the
 * receipts', and importing it from this page made it a file of its own that the first load names.
 */
const certificateFormSchema = z.object({
  country: z.string().min(1, 'Country is required'),
  region: z
    .string()
    .trim()
    .min(1, 'Enter the state the certificate is for')
    .max(60, 'A region must be 60 characters or fewer')
    .transform((region) => region.toUpperCase()),
  number: z
    .string()
    .trim()
    .min(3, 'Enter the certificate number')
    .max(40, 'A certificate number must be 40 characters or fewer'),
  expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the expiry date as YYYY-MM-DD'),
});

const issueFields = sameNames<keyof CertificateFormValues>('country', 'region', 'number', 'expiresOn');
const emptyForm: CertificateFormValues = { country: 'US', region: '', number: '', expiresOn: '' };

/**
 * The company's resale certificates (docs/behaviour.md §5.22): every member sees them and where
 * each stands; its company admins send one for the shop to verify, and withdraw one. Once verified
 * and until it expires, the company's orders shipped to its state are exempt from sales tax.
 */
export function ResaleCertificatesSection({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const certificates = useResaleCertificates(companyId);
  const withdraw = useWithdrawCertificate(companyId);
  const [withdrawing, setWithdrawing] = useState<ResaleCertificate | null>(null);

  const onWithdraw = async (certificate: ResaleCertificate) => {
    try {
      await withdraw.mutateAsync(certificate.id);
      toast.success(`Certificate ${certificate.number} withdrawn`);
    } catch (error) {
      toastFailure(error);
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <section aria-labelledby="resale-certificates-heading" className="flex flex-col gap-3">
      <h3 id="resale-certificates-heading" className="text-lg font-semibold">
        Resale certificates
      </h3>
      <p>
        Once we verify a certificate, and until it expires, the company's orders shipped to its state are
        exempt from sales tax.
      </p>
      <QueryList
        query={certificates}
        loadingLabel="Loading the resale certificates"
        empty={<p>No resale certificates yet.</p>}
      >
        {(items) => (
          <ResaleCertificateList
            companyId={companyId}
            label="Resale certificates"
            certificates={items}
            actions={
              isAdmin
                ? (certificate) => (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline btn-error"
                      aria-label={`Withdraw ${certificateName(certificate)}`}
                      onClick={() => setWithdrawing(certificate)}
                    >
                      Withdraw
                    </button>
                  )
                : undefined
            }
          />
        )}
      </QueryList>
      {isAdmin && <SendCertificateForm companyId={companyId} />}
      <ConfirmDialog
        open={withdrawing !== null}
        title={withdrawing ? `Withdraw ${certificateName(withdrawing)}?` : ''}
        cancelLabel="Keep it"
        confirmLabel="Withdraw certificate"
        isBusy={withdraw.isPending}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && void onWithdraw(withdrawing)}
      >
        <p className="py-2">
          Orders placed from now on are taxed there again, unless another certificate holds.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function SendCertificateForm({ companyId }: { companyId: string }) {
  const send = useSendCertificate(companyId);
  const [formError, setFormError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  // A new key empties the file input after a send: a file input cannot be set to nothing otherwise.
  const [fileInputKey, setFileInputKey] = useState(0);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<CertificateFormValues, unknown, z.output<typeof certificateFormSchema>>({
    resolver: zodResolver(certificateFormSchema),
    defaultValues: emptyForm,
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    send.mutate(
      { body, file },
      {
        onSuccess: (certificate) => {
          toast.success(`Certificate ${certificate.number} sent: we will verify it`);
          reset(emptyForm);
          setFile(null);
          setFileInputKey((key) => key + 1);
        },
        onError: (error) => {
          toastIfRateLimited(error);
          setFieldIssues(error, setError, issueFields);
          if (Object.keys(fieldIssues(error, issueFields)).length === 0) setFormError(errorMessage(error));
        },
      },
    );
  });

  return (
    <form
      aria-label="Send a resale certificate"
      className="flex flex-col gap-3 sm:max-w-xl"
      noValidate
      aria-busy={send.isPending}
      onSubmit={onSubmit}
    >
      <h4 className="font-semibold">Send a resale certificate</h4>
      <FormAlert message={formError} />
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="certificate-country" label="Country" kind="select" error={errors.country?.message}>
          {(field) => (
            <select {...field} {...register('country')}>
              <CountryOptions />
            </select>
          )}
        </FormField>
        <FormField
          id="certificate-region"
          label="State"
          error={errors.region?.message}
          hint="The state it is issued for, such as CA."
        >
          {(field) => (
            <input {...field} type="text" autoComplete="off" maxLength={60} {...register('region')} />
          )}
        </FormField>
        <FormField id="certificate-number" label="Certificate number" error={errors.number?.message}>
          {(field) => (
            <input {...field} type="text" autoComplete="off" maxLength={40} {...register('number')} />
          )}
        </FormField>
        <FormField id="certificate-expires" label="Expiry date" error={errors.expiresOn?.message}>
          {(field) => <input {...field} type="date" {...register('expiresOn')} />}
        </FormField>
        <FormField
          id="certificate-file"
          label="Certificate PDF"
          hint="Optional: a PDF of the signed certificate, 5 MB at most."
        >
          {(field) => (
            <input
              {...field}
              key={fileInputKey}
              type="file"
              accept="application/pdf"
              className="file-input w-full"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          )}
        </FormField>
      </div>
      <BusyButton isBusy={send.isPending} className="btn btn-primary self-start">
        Send certificate
      </BusyButton>
    </form>
  );
}

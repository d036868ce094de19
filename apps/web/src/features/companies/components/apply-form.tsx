import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { applyForCompanyBody, MONTHLY_VOLUMES } from '@shop/shared/contracts/companies';
import { formatAddress } from '@shop/shared/contracts/addresses';
import { countryName } from '@shop/shared/countries';
import { BusyButton } from '@/components/ui/busy-button';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { PHONE_EXAMPLE } from '@/config/phone-example';
import { errorMessage } from '@/lib/api-client';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues } from '@/lib/field-issues';
import { useAddresses } from '@/lib/queries/addresses';
import { useApplyForCompany } from '@/lib/queries/companies';
import { monthlyVolumeLabels } from '@/lib/domain/company';
import { toast } from '@/lib/toast';

type ApplyValues = z.input<typeof applyForCompanyBody>;
const issueFields = sameNames<keyof ApplyValues>('name', 'taxNumber', 'addressId', 'phone', 'monthlyVolume');

/**
 * Applying for a trade account (docs/behaviour.md §4.18), checked with the API's own schema:
 * the billing address is one of the applicant's address book.
 */
export function ApplyForm() {
  const addresses = useAddresses();
  const apply = useApplyForCompany();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ApplyValues, unknown, z.output<typeof applyForCompanyBody>>({
    resolver: zodResolver(applyForCompanyBody),
    defaultValues: { name: '', taxNumber: '', addressId: '', phone: '', monthlyVolume: undefined },
  });
  const onValid = (body: z.output<typeof applyForCompanyBody>) => {
    setFormError(null);
    apply.mutate(body, {
      onSuccess: (company) => toast.success(`Application for ${company.name} sent`),
      onError: (error) => {
        toastIfRateLimited(error);
        setFieldIssues(error, setError, issueFields);
        if (Object.keys(fieldIssues(error, issueFields)).length === 0) setFormError(errorMessage(error));
      },
    });
  };
  const book = addresses.data ?? [];
  return (
    <form
      aria-labelledby="apply-heading"
      className="flex max-w-xl flex-col gap-4"
      noValidate
      onSubmit={handleSubmit(onValid)}
    >
      <h3 id="apply-heading" className="text-lg font-semibold">
        Apply for a trade account
      </h3>
      <FormAlert message={formError} />
      <FormField id="company-name" label="Company's legal name" error={errors.name?.message}>
        {(field) => <input {...field} autoComplete="organization" {...register('name')} />}
      </FormField>
      <FormField id="company-tax" label="Tax or VAT number" error={errors.taxNumber?.message}>
        {(field) => <input {...field} {...register('taxNumber')} />}
      </FormField>
      <FormField
        id="company-address"
        label="Billing address"
        kind="select"
        error={errors.addressId?.message}
        hint={
          <Link className="link" to={paths.addressBook}>
            {book.length === 0 ? 'Add an address to your address book first' : 'Manage your addresses'}
          </Link>
        }
      >
        {(field) => (
          <select {...field} {...register('addressId')}>
            <option value="">Choose from your address book</option>
            {book.map((address) => (
              <option key={address.id} value={address.id}>
                {formatAddress(address, countryName)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id="company-phone" label="Phone" error={errors.phone?.message}>
        {(field) => (
          <input
            {...field}
            type="tel"
            autoComplete="tel"
            placeholder={PHONE_EXAMPLE}
            {...register('phone')}
          />
        )}
      </FormField>
      <FormField
        id="company-volume"
        label="Expected monthly volume"
        kind="select"
        error={errors.monthlyVolume?.message}
      >
        {(field) => (
          <select {...field} {...register('monthlyVolume')}>
            <option value="">Choose one</option>
            {MONTHLY_VOLUMES.map((volume) => (
              <option key={volume} value={volume}>
                {monthlyVolumeLabels[volume]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <BusyButton isBusy={apply.isPending} className="btn btn-primary self-start">
        Apply
      </BusyButton>
    </form>
  );
}

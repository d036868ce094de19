import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { z } from 'zod';
import type { TaxRegistration } from '@shop/shared/contracts/tax';
import { countryName } from '@shop/shared/countries';
import { CountryOptions } from '@/components/address-form';
import { formatTaxRate } from '@shop/shared/tax';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DataTable, type Column } from '@/components/ui/data-table';
import { FormAlert } from '@/components/ui/form-alert';
import { FormDialog, FormDialogActions } from '@/components/ui/form-dialog';
import { FormField } from '@/components/ui/form-field';
import { QueryList } from '@/components/ui/query-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { errorMessage } from '@/lib/api-client';
import { toastFailure, toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues, type IssueFields } from '@/lib/field-issues';
import { toast } from '@/lib/toast';
import {
  useAddTaxRegistration,
  useEndTaxRegistration,
  useTaxRegistrations,
  useUpdateTaxRegistration,
} from '../api/tax-registrations';

/*
 * The API's rules for a registration (createTaxRegistrationBody), in its words, said before
 * sending; what only the API knows (a registration there already) shows beside the form. Written
 * here rather than imported: the tax contract's module is the cart's, the orders' and the
 * receipts', and importing it from this page made it a file of its own that the first load names.
 */
const label = z
  .string()
  .trim()
  .min(2, 'Name the tax, such as Sales tax or VAT')
  .max(40, 'A tax name must be 40 characters or fewer');

/** The rate as typed in its box: percent, from 0 to 100, to 4 decimals at most. */
const typedRate = z
  .string()
  .trim()
  .min(1, 'Rate is required')
  .refine((text) => Number.isFinite(Number(text)), 'Enter the rate as a number, such as 7.25')
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, 'Rate must be at least 0 %')
      .max(100, 'Rate must be at most 100 %')
      .refine(
        (rate) => Math.abs(rate * 10_000 - Math.round(rate * 10_000)) < 1e-6,
        'Rate has at most 4 decimals',
      ),
  );

const addFormSchema = z.object({
  country: z.string().min(1, 'Choose a country from the list'),
  /** A state or province code, upper case; empty is the whole country. */
  region: z
    .string()
    .trim()
    .max(60, 'A region must be 60 characters or fewer')
    .transform((region) => (region === '' ? null : region.toUpperCase())),
  label,
  rate: typedRate,
  taxesShipping: z.boolean(),
});
type AddFormInput = z.input<typeof addFormSchema>;
type AddFormValues = z.output<typeof addFormSchema>;

const editFormSchema = z.object({ label, rate: typedRate, taxesShipping: z.boolean() });
type EditFormInput = z.input<typeof editFormSchema>;
type EditFormValues = z.output<typeof editFormSchema>;

const addIssueFields = sameNames<keyof AddFormInput>('country', 'region', 'label', 'rate', 'taxesShipping');
const editIssueFields = sameNames<keyof EditFormInput>('label', 'rate', 'taxesShipping');

const emptyAddForm: AddFormInput = { country: '', region: '', label: '', rate: '', taxesShipping: true };

/** Where a registration holds: 'US-CA' for a region, 'Germany (DE)' for a whole country. */
const placeOf = (registration: Pick<TaxRegistration, 'country' | 'region'>) =>
  registration.region
    ? `${registration.country}-${registration.region}`
    : `${countryName(registration.country)} (${registration.country})`;

/**
 * The form's own message for a refusal: none when the API's problems show at the form's fields,
 * else the API's message (a registration that exists already, a lost connection). A 429 is a
 * toast too, saying when to try again.
 */
function formMessageOf(error: unknown, fieldOf: IssueFields<string>): string | null {
  toastIfRateLimited(error);
  return Object.keys(fieldIssues(error, fieldOf)).length > 0 ? null : errorMessage(error);
}

/**
 * /dashboard/tax (admin): where the shop is registered for tax, at what rate, and whether
 * shipping is taxed there (docs/behaviour.md §5.22); add, change and end registrations. Orders
 * keep the tax they were placed with.
 */
export function TaxPage() {
  usePageTitle('Tax');
  const registrations = useTaxRegistrations();
  return (
    <section aria-labelledby="tax-heading" className="flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h2 id="tax-heading" className="text-xl font-semibold">
          Tax
        </h2>
        <p>Orders shipped where the shop has no registration are not taxed, and say so.</p>
      </div>
      <section aria-labelledby="registrations-heading" className="flex flex-col gap-3">
        <h3 id="registrations-heading" className="text-lg font-semibold">
          Registrations
        </h3>
        <QueryList
          query={registrations}
          loadingLabel="Loading the tax registrations"
          empty={<p>No registrations yet: no order is taxed.</p>}
        >
          {(items) => <RegistrationList registrations={items} />}
        </QueryList>
      </section>
      <AddRegistrationForm />
    </section>
  );
}

function RegistrationList({ registrations }: { registrations: TaxRegistration[] }) {
  const end = useEndTaxRegistration();
  const [editing, setEditing] = useState<TaxRegistration | null>(null);
  const [ending, setEnding] = useState<TaxRegistration | null>(null);

  const onEnd = async (registration: TaxRegistration) => {
    try {
      await end.mutateAsync(registration.id);
      toast.success(`Registration for ${placeOf(registration)} ended`);
    } catch (error) {
      toastFailure(error);
    } finally {
      setEnding(null);
    }
  };

  const columns: Column<TaxRegistration>[] = [
    { header: 'Place', card: 'title', cell: (registration) => placeOf(registration) },
    {
      header: 'Tax name',
      cell: (registration) => <span className="wrap-anywhere">{registration.label}</span>,
    },
    { header: 'Rate', cell: (registration) => formatTaxRate(registration.rate) },
    { header: 'Shipping taxed', cell: (registration) => (registration.taxesShipping ? 'Yes' : 'No') },
    {
      header: 'Actions',
      hideHeader: true,
      card: 'actions',
      cell: (registration) => (
        <>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-label={`Edit the registration for ${placeOf(registration)}`}
            onClick={() => setEditing(registration)}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            aria-label={`End the registration for ${placeOf(registration)}`}
            onClick={() => setEnding(registration)}
          >
            End
          </button>
        </>
      ),
    },
  ];

  return (
    <>
      <DataTable label="Tax registrations" columns={columns} rows={registrations} rowKey={(r) => r.id} />
      <FormDialog
        open={editing !== null}
        labelledBy="edit-registration-title"
        onClose={() => setEditing(null)}
      >
        {editing && <EditRegistrationForm registration={editing} onClose={() => setEditing(null)} />}
      </FormDialog>
      <ConfirmDialog
        open={ending !== null}
        title={ending ? `End the registration for ${placeOf(ending)}?` : ''}
        cancelLabel="Keep it"
        confirmLabel="End registration"
        isBusy={end.isPending}
        onCancel={() => setEnding(null)}
        onConfirm={() => ending && void onEnd(ending)}
      >
        <p className="py-2">
          Orders shipped there are then not taxed, and say so. Orders already placed keep their tax.
        </p>
      </ConfirmDialog>
    </>
  );
}

/** The rate's box, with its unit in the label: the add form's and the edit dialog's. */
function RateField({ id, field, error }: { id: string; field: UseFormRegisterReturn; error?: string }) {
  return (
    <FormField id={id} label="Rate (%)" error={error} hint="In percent, up to 4 decimals: 7.25 or 8.875.">
      {(control) => (
        <input {...control} type="number" inputMode="decimal" min={0} max={100} step="any" {...field} />
      )}
    </FormField>
  );
}

function ShippingCheckbox({ id, field }: { id: string; field: UseFormRegisterReturn }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-center gap-2 self-start">
      <input id={id} type="checkbox" className="checkbox border-base-content/50" {...field} />
      Tax shipping too
    </label>
  );
}

function AddRegistrationForm() {
  const add = useAddTaxRegistration();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddFormInput, unknown, AddFormValues>({
    resolver: zodResolver(addFormSchema),
    defaultValues: emptyAddForm,
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    add.mutate(body, {
      onSuccess: (saved) => {
        toast.success(`Registration added for ${placeOf(saved)}`);
        reset(emptyAddForm);
      },
      onError: (error) => {
        setFieldIssues(error, setError, addIssueFields);
        setFormError(formMessageOf(error, addIssueFields));
      },
    });
  });

  return (
    <section aria-labelledby="add-registration-heading" className="flex flex-col gap-3 sm:max-w-xl">
      <h3 id="add-registration-heading" className="text-lg font-semibold">
        Add a registration
      </h3>
      <form
        aria-labelledby="add-registration-heading"
        noValidate
        onSubmit={onSubmit}
        aria-busy={add.isPending}
        className="flex flex-col gap-3"
      >
        <FormAlert message={formError} />
        <FormField id="tax-country" label="Country" kind="select" error={errors.country?.message}>
          {(field) => (
            <select {...field} {...register('country')}>
              <CountryOptions placeholder="Choose a country" />
            </select>
          )}
        </FormField>
        <FormField
          id="tax-region"
          label="Region (optional)"
          error={errors.region?.message}
          hint="A state or province code, such as CA; empty for the whole country. A region's own registration wins over its country's."
        >
          {(field) => (
            <input {...field} type="text" autoComplete="off" maxLength={60} {...register('region')} />
          )}
        </FormField>
        <FormField
          id="tax-label"
          label="Tax name"
          error={errors.label?.message}
          hint="Such as Sales tax or VAT."
        >
          {(field) => (
            <input {...field} type="text" autoComplete="off" maxLength={40} {...register('label')} />
          )}
        </FormField>
        <RateField id="tax-rate" field={register('rate')} error={errors.rate?.message} />
        <ShippingCheckbox id="tax-shipping" field={register('taxesShipping')} />
        <BusyButton isBusy={add.isPending} className="btn btn-primary self-start">
          Add registration
        </BusyButton>
      </form>
    </section>
  );
}

function EditRegistrationForm({
  registration,
  onClose,
}: {
  registration: TaxRegistration;
  onClose: () => void;
}) {
  const update = useUpdateTaxRegistration();
  const [formError, setFormError] = useState<string | null>(null);
  const place = placeOf(registration);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditFormInput, unknown, EditFormValues>({
    resolver: zodResolver(editFormSchema),
    defaultValues: {
      label: registration.label,
      rate: String(registration.rate),
      taxesShipping: registration.taxesShipping,
    },
  });

  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    update.mutate(
      { id: registration.id, body },
      {
        onSuccess: () => {
          toast.success(`Registration for ${place} saved`);
          onClose();
        },
        onError: (error) => {
          setFieldIssues(error, setError, editIssueFields);
          setFormError(formMessageOf(error, editIssueFields));
        },
      },
    );
  });

  return (
    <form className="modal-box" noValidate onSubmit={onSubmit} aria-busy={update.isPending}>
      <h3 id="edit-registration-title" className="text-lg font-bold">
        Registration for {place}
      </h3>
      <p className="mb-3">A new rate holds for orders placed from now on; orders placed keep their tax.</p>
      <fieldset disabled={update.isPending} className="flex flex-col gap-3">
        <FormAlert message={formError} />
        <FormField id="edit-tax-label" label="Tax name" error={errors.label?.message}>
          {(field) => (
            <input {...field} type="text" autoComplete="off" maxLength={40} {...register('label')} />
          )}
        </FormField>
        <RateField id="edit-tax-rate" field={register('rate')} error={errors.rate?.message} />
        <ShippingCheckbox id="edit-tax-shipping" field={register('taxesShipping')} />
      </fieldset>
      <FormDialogActions onClose={onClose} isBusy={update.isPending} submitLabel="Save" />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { UseMutationResult } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  companyAddressBody,
  createAddressBody,
  updateAddressBody,
  type CompanyAddressBody,
} from '@shop/shared/contracts/addresses';
import { COUNTRY_CODES, countryName } from '@shop/shared/countries';
import { PHONE_EXAMPLE } from '@/config/phone-example';
import { errorMessage } from '@/lib/api-client';
import type { Address } from '@/lib/domain/address';
import { toastIfRateLimited } from '@/lib/failure-toast';
import { fieldIssues, sameNames, setFieldIssues } from '@/lib/field-issues';
import { useCreateAddress, useUpdateAddress } from '@/lib/queries/addresses';
import { BusyButton } from './ui/busy-button';
import { FormAlert } from './ui/form-alert';
import { FormDialog, FormDialogActions } from './ui/form-dialog';
import { FormField } from './ui/form-field';

/** What the buyer types: every field as text, an empty optional one sent as null by the schemas. */
interface AddressFieldValues {
  name: string;
  company: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

type FieldName = keyof AddressFieldValues;

/** The fields in the order a label reads them, with the browser's autofill names. */
const fields: { name: FieldName; label: string; autoComplete: string; optional?: true; wide?: true }[] = [
  { name: 'name', label: 'Name', autoComplete: 'name' },
  { name: 'company', label: 'Company', autoComplete: 'organization', optional: true },
  { name: 'line1', label: 'Address line 1', autoComplete: 'address-line1', wide: true },
  { name: 'line2', label: 'Address line 2', autoComplete: 'address-line2', optional: true, wide: true },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'region', label: 'Region or state', autoComplete: 'address-level1', optional: true },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code' },
  { name: 'country', label: 'Country', autoComplete: 'country' },
  { name: 'phone', label: 'Phone', autoComplete: 'tel' },
];

/** The API's field problems land on the fields of the same names. */
const issueFields = sameNames<FieldName>(...fields.map(({ name }) => name));

/**
 * ISO 3166-1 codes by their English names, as the select lists them; the tax forms' country
 * selects list the same (a registration, a resale certificate).
 */
const countryOptions = COUNTRY_CODES.map((code) => ({ code, name: countryName(code) })).sort((a, b) =>
  a.name.localeCompare(b.name, 'en'),
);

/** The options of a country select, by English name; `placeholder` first when the choice may be empty. */
export function CountryOptions({ placeholder }: { placeholder?: string }) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {countryOptions.map(({ code, name }) => (
        <option key={code} value={code}>
          {name}
        </option>
      ))}
    </>
  );
}

const valuesOf = (address?: Address): AddressFieldValues => ({
  name: address?.name ?? '',
  company: address?.company ?? '',
  line1: address?.line1 ?? '',
  line2: address?.line2 ?? '',
  city: address?.city ?? '',
  region: address?.region ?? '',
  postalCode: address?.postalCode ?? '',
  country: address?.country ?? '',
  phone: address?.phone ?? '',
});

/** The message for the whole form: what no field shows (a full book, a lost connection). */
function formMessageOf(error: unknown): string {
  const shownAtFields = Object.keys(fieldIssues(error, issueFields)).length > 0;
  return shownAtFields ? 'Please check the fields marked below.' : errorMessage(error);
}

/** The nine fields, for either form: each form registers them under the same names. */
function AddressFields({
  idPrefix,
  register,
  errors,
}: {
  idPrefix: string;
  register: (name: FieldName) => UseFormRegisterReturn;
  errors: Partial<Record<FieldName, { message?: string }>>;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map(({ name, label, autoComplete, optional, wide }) => (
        <div key={name} className={wide ? 'sm:col-span-2' : undefined}>
          <FormField
            id={`${idPrefix}-${name}`}
            label={optional ? `${label} (optional)` : label}
            error={errors[name]?.message}
            kind={name === 'country' ? 'select' : 'input'}
          >
            {(field) =>
              name === 'country' ? (
                <select {...field} autoComplete={autoComplete} {...register(name)}>
                  <CountryOptions placeholder="Choose a country" />
                </select>
              ) : (
                <input
                  {...field}
                  type={name === 'phone' ? 'tel' : 'text'}
                  autoComplete={autoComplete}
                  placeholder={name === 'phone' ? PHONE_EXAMPLE : undefined}
                  {...register(name)}
                />
              )
            }
          </FormField>
        </div>
      ))}
    </div>
  );
}

interface AddressFormProps {
  /** Names the fields' ids, so that two forms on one page do not share them. */
  idPrefix: string;
  onSaved: (address: Address) => void;
  /** In a dialog: Close beside the submit button. */
  onClose?: () => void;
}

function FormActions({ onClose, isBusy, label }: { onClose?: () => void; isBusy: boolean; label: string }) {
  return onClose ? (
    <FormDialogActions onClose={onClose} isBusy={isBusy} submitLabel={label} />
  ) : (
    <BusyButton isBusy={isBusy} className="btn btn-primary self-start">
      {label}
    </BusyButton>
  );
}

/**
 * A new entry of the address book, checked with the API's own schema (createAddressBody), so its
 * messages are the API's; problems the API finds show at their fields.
 */
export function NewAddressForm({ idPrefix, onSaved, onClose }: AddressFormProps) {
  const create = useCreateAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(createAddressBody),
    defaultValues: { ...valuesOf(), isDefault: false },
  });
  const onValid = (body: z.output<typeof createAddressBody>) => {
    setFormError(null);
    create.mutate(body, {
      onSuccess: onSaved,
      onError: (error) => {
        toastIfRateLimited(error);
        setFieldIssues(error, setError, issueFields);
        setFormError(formMessageOf(error));
      },
    });
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      <AddressFields idPrefix={idPrefix} register={(name) => register(name)} errors={errors} />
      <label className="label gap-2 text-base-content">
        <input type="checkbox" className="checkbox" {...register('isDefault')} />
        Make this my default address
      </label>
      <FormAlert message={formError} />
      <FormActions onClose={onClose} isBusy={create.isPending} label="Save address" />
    </form>
  );
}

/** An entry of the book, changed (updateAddressBody); orders placed to it keep their own copy. */
function EditAddressForm({ address, idPrefix, onSaved, onClose }: AddressFormProps & { address: Address }) {
  const update = useUpdateAddress();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof updateAddressBody>, unknown, z.output<typeof updateAddressBody>>({
    resolver: zodResolver(updateAddressBody),
    defaultValues: valuesOf(address),
  });
  const onValid = (body: z.output<typeof updateAddressBody>) => {
    setFormError(null);
    update.mutate(
      { id: address.id, body },
      {
        onSuccess: onSaved,
        onError: (error) => {
          toastIfRateLimited(error);
          setFieldIssues(error, setError, issueFields);
          setFormError(formMessageOf(error));
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      <AddressFields idPrefix={idPrefix} register={(name) => register(name)} errors={errors} />
      <FormAlert message={formError} />
      <FormActions onClose={onClose} isBusy={update.isPending} label="Save changes" />
    </form>
  );
}

interface AddressFormDialogProps {
  open: boolean;
  /** The entry to change; none: a new one. */
  address?: Address;
  onClose: () => void;
  onSaved: (address: Address) => void;
}

/** The address form in a modal: 'Add an address' or 'Edit address'. */
export function AddressFormDialog({ open, address, onClose, onSaved }: AddressFormDialogProps) {
  return (
    <FormDialog open={open} labelledBy="address-dialog-title" onClose={onClose}>
      <div className="modal-box max-w-2xl">
        <h3 id="address-dialog-title" className="mb-4 text-lg font-bold">
          {address ? 'Edit address' : 'Add an address'}
        </h3>
        {address ? (
          <EditAddressForm address={address} idPrefix="address" onSaved={onSaved} onClose={onClose} />
        ) : (
          <NewAddressForm idPrefix="address" onSaved={onSaved} onClose={onClose} />
        )}
      </div>
    </FormDialog>
  );
}

/**
 * Saves a shared address: the company's own call, passed in, so that this module stays below the
 * company's calls (the address book and checkout load it without them).
 */
type SaveSharedAddress = Pick<
  UseMutationResult<unknown, unknown, CompanyAddressBody>,
  'mutate' | 'isPending'
>;

/**
 * A new address the company shares with its members (docs/behaviour.md §4.19): the book's
 * fields without a default, checked with the API's own schema (companyAddressBody).
 */
function SharedAddressForm({
  add,
  onSaved,
  onClose,
}: {
  add: SaveSharedAddress;
  onSaved: () => void;
  onClose: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(companyAddressBody), defaultValues: valuesOf() });
  const onValid = (body: z.output<typeof companyAddressBody>) => {
    setFormError(null);
    add.mutate(body, {
      onSuccess: onSaved,
      onError: (error: unknown) => {
        toastIfRateLimited(error);
        setFieldIssues(error, setError, issueFields);
        setFormError(formMessageOf(error));
      },
    });
  };
  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-4">
      <AddressFields idPrefix="shared-address" register={(name) => register(name)} errors={errors} />
      <FormAlert message={formError} />
      <FormActions onClose={onClose} isBusy={add.isPending} label="Share address" />
    </form>
  );
}

export function SharedAddressFormDialog({
  open,
  add,
  onClose,
  onSaved,
}: {
  open: boolean;
  add: SaveSharedAddress;
  onClose: () => void;
  onSaved: () => void;
}) {
  return (
    <FormDialog open={open} labelledBy="shared-address-dialog-title" onClose={onClose}>
      <div className="modal-box max-w-2xl">
        <h3 id="shared-address-dialog-title" className="mb-4 text-lg font-bold">
          Share an address with the company
        </h3>
        <SharedAddressForm add={add} onSaved={onSaved} onClose={onClose} />
      </div>
    </FormDialog>
  );
}

import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { MyCompany } from '@shop/shared/contracts/companies';
import type { Address } from '@/lib/domain/address';
import { useCompanyAddresses } from '@/lib/queries/companies';
import { AddressFormDialog, NewAddressForm } from './address-form';
import { AddressLines } from './address-lines';

interface ShipToChoiceProps {
  /** Names the ids, so that the messages of two forms do not share them ('checkout'). */
  idPrefix: string;
  /** The buyer's own addresses, then those their company shares. */
  addresses: Address[];
  /** The form's `addressId` radio group. */
  field: UseFormRegisterReturn<'addressId'>;
  error?: string;
  /** An address added here: the form chooses it. */
  onAdded: (address: Address) => void;
}

/**
 * Where an order ships (checkout, a quote's acceptance, docs/behaviour.md §5.18, §5.24): one of
 * the buyer's addresses or their company's shared ones, or another added on the spot; with an
 * empty book, the form of a first address. Its own forms sit outside the order's form, which its
 * radio buttons still belong to through `field`.
 */
export function ShipToChoice({ idPrefix, addresses, field, error, onAdded }: ShipToChoiceProps) {
  const [isAdding, setIsAdding] = useState(false);
  if (addresses.length === 0) {
    return (
      <div className="card bg-base-200">
        <div className="card-body gap-4">
          <p>Add an address to ship this order to. It is kept in your address book for next time.</p>
          <NewAddressForm idPrefix={`${idPrefix}-address`} onSaved={onAdded} />
        </div>
      </div>
    );
  }
  return (
    <>
      <AddressChoice idPrefix={idPrefix} addresses={addresses} field={field} error={error} />
      <button type="button" className="btn btn-outline btn-sm self-start" onClick={() => setIsAdding(true)}>
        Add another address
      </button>
      <AddressFormDialog
        open={isAdding}
        onClose={() => setIsAdding(false)}
        onSaved={(address) => {
          setIsAdding(false);
          onAdded(address);
        }}
      />
    </>
  );
}

function AddressChoice({
  idPrefix,
  addresses,
  field,
  error,
}: Pick<ShipToChoiceProps, 'idPrefix' | 'addresses' | 'field' | 'error'>) {
  const errorId = `${idPrefix}-address-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="sr-only">Choose the address to ship to</legend>
      {addresses.map((address) => (
        <label
          key={address.id}
          className="card card-border bg-base-100 has-checked:border-primary cursor-pointer flex-row items-start gap-3 p-4"
        >
          <input type="radio" className="radio radio-primary mt-1" value={address.id} {...field} />
          <span className="flex min-w-0 flex-col gap-1">
            {address.isDefault && <span className="badge badge-primary badge-sm">Default</span>}
            {address.sharedBy && (
              <span className="badge badge-outline badge-sm">Shared by {address.sharedBy}</span>
            )}
            <AddressLines address={address} />
          </span>
        </label>
      ))}
      {error && (
        <p id={errorId} role="alert" className="text-error text-sm">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The addresses a member's company shares, as entries an order can ship to (never the default);
 * none for a customer of no company, or while they load (docs/behaviour.md §4.19).
 */
export function useSharedAddresses(mine: MyCompany | undefined): Address[] {
  const company = mine?.membership?.company;
  const shared = useCompanyAddresses(company?.id ?? '', { enabled: company !== undefined });
  if (!company || !shared.data) return [];
  return shared.data.map((address) => ({ ...address, isDefault: false, sharedBy: company.name }));
}

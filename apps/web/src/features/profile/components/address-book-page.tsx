import { useState } from 'react';
import { Link } from 'react-router';
import { formatAddress } from '@shop/shared/contracts/addresses';
import { countryName } from '@shop/shared/countries';
import { AddressFormDialog } from '@/components/address-form';
import { AddressLines } from '@/components/address-lines';
import { BusyButton } from '@/components/ui/busy-button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { QueryList } from '@/components/ui/query-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { paths } from '@/config/paths';
import type { Address } from '@/lib/domain/address';
import { toastFailure } from '@/lib/failure-toast';
import { useAddresses, useDeleteAddress, useUpdateAddress } from '@/lib/queries/addresses';
import { toast } from '@/lib/toast';

/** What the dialog is open for: a new address, or one to change. */
type Editing = { address?: Address } | null;

/**
 * /dashboard/my-profile/addresses: the account's address book, reached from My Profile
 * (docs/behaviour.md §4.15). The default comes first, marked; checkout starts with it. Add, edit,
 * delete (after asking) and 'Make default'.
 */
export function AddressBookPage() {
  usePageTitle('Address book');
  const addresses = useAddresses();
  const [editing, setEditing] = useState<Editing>(null);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const remove = useDeleteAddress();

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success('Address deleted');
        setToDelete(null);
      },
      onError: (error) => toastFailure(error),
    });
  };

  return (
    <section aria-labelledby="address-book-heading" className="flex max-w-3xl flex-col gap-4">
      <Link to={paths.myProfile} className="link self-start">
        Back to My Profile
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="address-book-heading" className="text-xl font-semibold">
          Address book
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => setEditing({})}>
          Add an address
        </button>
      </div>
      <p>Where your orders can ship. Checkout starts with your default address.</p>
      <QueryList
        query={addresses}
        loadingLabel="Loading your addresses"
        empty={<p>You have no saved addresses yet. Add one and checkout will offer it.</p>}
      >
        {(items) => (
          <ul aria-label="Your addresses" className="grid gap-4 md:grid-cols-2">
            {items.map((address) => (
              <li key={address.id}>
                <AddressCard
                  address={address}
                  onEdit={() => setEditing({ address })}
                  onDelete={() => setToDelete(address)}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <AddressFormDialog
        open={editing !== null}
        address={editing?.address}
        onClose={() => setEditing(null)}
        onSaved={() => {
          toast.success(editing?.address ? 'Address saved' : 'Address added');
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this address?"
        cancelLabel="Keep it"
        confirmLabel="Delete"
        isBusy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {toDelete && (
          <p className="py-4 wrap-anywhere">
            {formatAddress(toDelete, countryName)}. Orders already placed to it keep their own copy.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

function AddressCard({
  address,
  onEdit,
  onDelete,
}: {
  address: Address;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const update = useUpdateAddress();
  const makeDefault = () =>
    update.mutate(
      { id: address.id, body: { isDefault: true } },
      {
        onSuccess: () => toast.success('Default address changed'),
        onError: (error) => toastFailure(error),
      },
    );
  // The buttons name their address for a screen reader: every card has the same three.
  const whose = `${address.name}, ${address.line1}`;
  return (
    <article
      aria-label={whose}
      className={`card bg-base-100 h-full border ${address.isDefault ? 'border-primary' : 'border-base-300'}`}
    >
      <div className="card-body gap-3">
        {address.isDefault && <span className="badge badge-primary">Default</span>}
        <AddressLines address={address} />
        <div className="card-actions mt-auto flex-wrap">
          <button type="button" className="btn btn-sm" aria-label={`Edit ${whose}`} onClick={onEdit}>
            Edit
          </button>
          {!address.isDefault && (
            <BusyButton
              type="button"
              className="btn btn-sm btn-outline"
              spinnerSize="xs"
              isBusy={update.isPending}
              aria-label={`Make default ${whose}`}
              onClick={makeDefault}
            >
              Make default
            </BusyButton>
          )}
          <button
            type="button"
            className="btn btn-sm btn-error btn-outline"
            aria-label={`Delete ${whose}`}
            onClick={onDelete}
          >
            Delete
          </button>
        </div>
      </div>
    </article>
  );
}

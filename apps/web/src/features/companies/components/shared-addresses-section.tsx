import { useState } from 'react';
import { SharedAddressFormDialog } from '@/components/address-form';
import { AddressLines } from '@/components/address-lines';
import { QueryList } from '@/components/ui/query-list';
import { toastFailure } from '@/lib/failure-toast';
import { useAddCompanyAddress, useCompanyAddresses, useDeleteCompanyAddress } from '@/lib/queries/companies';
import { toast } from '@/lib/toast';

/**
 * The addresses the company shares (docs/behaviour.md §4.19): every member's checkout offers
 * them; its company admins add and remove them.
 */
export function SharedAddressesSection({ companyId, isAdmin }: { companyId: string; isAdmin: boolean }) {
  const addresses = useCompanyAddresses(companyId);
  const remove = useDeleteCompanyAddress(companyId);
  const add = useAddCompanyAddress(companyId);
  const [isAdding, setIsAdding] = useState(false);
  return (
    <section aria-labelledby="shared-addresses-heading" className="flex flex-col gap-3">
      <h3 id="shared-addresses-heading" className="text-lg font-semibold">
        Shared addresses
      </h3>
      <p>Every member's checkout offers these beside their own addresses.</p>
      <QueryList
        query={addresses}
        loadingLabel="Loading the shared addresses"
        empty={<p>No shared addresses yet.</p>}
      >
        {(items) => (
          <ul aria-label="Shared addresses" className="grid gap-3 md:grid-cols-2">
            {items.map((address) => (
              <li key={address.id} className="card card-border bg-base-100">
                <div className="card-body gap-2 p-4">
                  <AddressLines address={address} />
                  {isAdmin && (
                    <button
                      type="button"
                      className="btn btn-sm btn-error btn-outline self-start"
                      aria-label={`Remove the shared address ${address.name}, ${address.line1}`}
                      onClick={() =>
                        remove.mutate(address.id, {
                          onSuccess: () => toast.success('Shared address removed'),
                          onError: (error) => toastFailure(error),
                        })
                      }
                    >
                      Remove
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      {isAdmin && (
        <>
          <button
            type="button"
            className="btn btn-outline btn-sm self-start"
            onClick={() => setIsAdding(true)}
          >
            Share an address
          </button>
          <SharedAddressFormDialog
            open={isAdding}
            add={add}
            onClose={() => setIsAdding(false)}
            onSaved={() => {
              toast.success('Address shared with the company');
              setIsAdding(false);
            }}
          />
        </>
      )}
    </section>
  );
}

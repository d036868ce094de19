import { useState } from 'react';
import type { Company } from '@shop/shared/contracts/companies';
import type { ResaleCertificate } from '@shop/shared/contracts/tax';
import { certificateName, ResaleCertificateList } from '@/components/resale-certificate-list';
import { BusyButton } from '@/components/ui/busy-button';
import { QueryList } from '@/components/ui/query-list';
import { toastFailure } from '@/lib/failure-toast';
import { useDecideCertificate, useResaleCertificates } from '@/lib/queries/resale-certificates';
import { toast } from '@/lib/toast';
import { ReasonDialog } from './decline-dialog';

/**
 * An approved company's resale certificates in the back office (docs/behaviour.md §5.22): the
 * shop's admin verifies a pending one (its orders there are then exempt until it expires) or
 * rejects it with the reason the company reads. A decision is final: the API's 409 says so.
 */
export function ResaleCertificatesSection({ company }: { company: Company }) {
  const certificates = useResaleCertificates(company.id);
  const decide = useDecideCertificate(company.id);
  const [rejecting, setRejecting] = useState<ResaleCertificate | null>(null);

  const onVerify = (certificate: ResaleCertificate) =>
    decide.mutate(
      { certificateId: certificate.id, body: { decision: 'verify' } },
      {
        onSuccess: () => toast.success(`Certificate ${certificate.number} verified`),
        onError: (error) => toastFailure(error),
      },
    );

  const isVerifying = (certificate: ResaleCertificate) =>
    decide.isPending &&
    decide.variables.certificateId === certificate.id &&
    decide.variables.body.decision === 'verify';

  return (
    <section aria-labelledby="resale-certificates-heading" className="mt-8">
      <h3 id="resale-certificates-heading" className="mb-2 text-lg font-semibold">
        Resale certificates
      </h3>
      <p className="mb-4 text-sm">
        A verified certificate makes the company&apos;s orders shipped to its state exempt from sales tax
        until it expires. Check the number with the state before verifying it.
      </p>
      <QueryList
        query={certificates}
        loadingLabel="Loading the resale certificates"
        empty={<p>No resale certificates sent.</p>}
      >
        {(items) => (
          <ResaleCertificateList
            companyId={company.id}
            label={`Resale certificates of ${company.name}`}
            certificates={items}
            actions={(certificate) =>
              certificate.state === 'pending' && (
                <>
                  <BusyButton
                    type="button"
                    className="btn btn-success btn-sm"
                    spinnerSize="xs"
                    isBusy={isVerifying(certificate)}
                    disabled={decide.isPending}
                    aria-label={`Verify ${certificateName(certificate)}`}
                    onClick={() => onVerify(certificate)}
                  >
                    Verify
                  </BusyButton>
                  <button
                    type="button"
                    className="btn btn-outline btn-error btn-sm"
                    disabled={decide.isPending}
                    aria-label={`Reject ${certificateName(certificate)}`}
                    onClick={() => setRejecting(certificate)}
                  >
                    Reject
                  </button>
                </>
              )
            }
          />
        )}
      </QueryList>
      <ReasonDialog
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        idPrefix="reject-certificate"
        title={rejecting ? `Reject ${certificateName(rejecting)}` : ''}
        intro={`${company.name}'s admins read the reason on their company page, and may send another certificate.`}
        submitLabel="Reject certificate"
        isBusy={decide.isPending}
        onSubmit={(reason, refused) =>
          rejecting &&
          decide.mutate(
            { certificateId: rejecting.id, body: { decision: 'reject', reason } },
            {
              onSuccess: () => {
                toast.success(`Certificate ${rejecting.number} rejected`);
                setRejecting(null);
              },
              onError: refused,
            },
          )
        }
      />
    </section>
  );
}

import type { ReactNode } from 'react';
import type { CertificateState, ResaleCertificate } from '@shop/shared/contracts/tax';
import { toastFailure } from '@/lib/failure-toast';
import { useDownloadCertificatePdf } from '@/lib/queries/resale-certificates';

const stateLabels: Record<CertificateState, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

// Whole class names: Tailwind finds the classes it generates by reading the source as text.
const badgeClass: Record<CertificateState, string> = {
  pending: 'badge-warning',
  verified: 'badge-success',
  rejected: 'badge-error',
};

/** A calendar day as it is written, whatever the browser's time zone: '2027-06-30' is 'Jun 30, 2027'. */
const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const formatCalendarDay = (isoDate: string) => calendarDay.format(new Date(`${isoDate}T00:00:00Z`));
const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });

/** Today in the browser, as YYYY-MM-DD. */
function today(): string {
  const now = new Date();
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${twoDigits(now.getMonth() + 1)}-${twoDigits(now.getDate())}`;
}

/** A certificate as its buttons name it: 'the certificate SR-CA-1001 for US-CA'. */
export const certificateName = (certificate: ResaleCertificate) =>
  `the certificate ${certificate.number} for ${certificate.country}-${certificate.region}`;

interface ResaleCertificateListProps {
  certificates: readonly ResaleCertificate[];
  /** The company they are of: a certificate sent with its PDF offers it for download. */
  companyId: string;
  /** Names the list for assistive technology. */
  label: string;
  /** The buttons of one certificate (withdraw it; verify or reject it), if the viewer has any. */
  actions?: (certificate: ResaleCertificate) => ReactNode;
}

/**
 * A company's resale certificates as cards (docs/behaviour.md §5.22): the number, its state
 * (Pending, Verified, Rejected with the reason), where it holds and until when. The company page
 * and the back office's company page show the same, each with its own buttons.
 */
export function ResaleCertificateList({
  certificates,
  label,
  actions,
  companyId,
}: ResaleCertificateListProps) {
  const now = today();
  const download = useDownloadCertificatePdf(companyId);
  const onDownload = (certificate: ResaleCertificate) =>
    download.mutate(certificate.id, { onError: (error) => toastFailure(error) });
  return (
    <ul aria-label={label} className="grid gap-3 md:grid-cols-2">
      {certificates.map((certificate) => {
        const buttons = (
          <>
            {certificate.hasFile && (
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-label={`Download PDF of ${certificateName(certificate)}`}
                onClick={() => onDownload(certificate)}
              >
                Download PDF
              </button>
            )}
            {actions?.(certificate)}
          </>
        );
        return (
          <li key={certificate.id} className="card card-border bg-base-100">
            <div className="card-body gap-2 p-4">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-semibold wrap-anywhere">{certificate.number}</span>
                <span className={`badge whitespace-nowrap ${badgeClass[certificate.state]}`}>
                  {stateLabels[certificate.state]}
                </span>
              </p>
              <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
                <dt className="font-semibold">For</dt>
                <dd>
                  {certificate.country}-{certificate.region}
                </dd>
                <dt className="font-semibold">{certificate.expiresOn < now ? 'Expired' : 'Expires'}</dt>
                <dd>
                  <time dateTime={certificate.expiresOn}>{formatCalendarDay(certificate.expiresOn)}</time>
                </dd>
                <dt className="font-semibold">Sent</dt>
                <dd>
                  <time dateTime={certificate.createdAt}>{formatDay(certificate.createdAt)}</time>
                </dd>
                {certificate.state === 'rejected' && certificate.rejectReason && (
                  <>
                    <dt className="font-semibold">Reason</dt>
                    <dd className="whitespace-pre-line wrap-anywhere">{certificate.rejectReason}</dd>
                  </>
                )}
              </dl>
              <div className="flex flex-wrap gap-2 empty:hidden">{buttons}</div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

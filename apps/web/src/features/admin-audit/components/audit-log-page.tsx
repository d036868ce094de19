import { useSearchParams } from 'react-router';
import { auditKindLabels, auditKinds, type AuditEvent, type AuditKind } from '@shop/shared/contracts/audit';
import { BreakableEmail } from '@/components/ui/breakable-email';
import { DataTable, type Column } from '@/components/ui/data-table';
import { ListSearch, useListSearch } from '@/components/ui/list-search';
import { PagedList } from '@/components/ui/paged-list';
import { usePageTitle } from '@/components/ui/use-page-title';
import { useAuditEvents } from '../api/audit-events';
import { AuditChanges } from './audit-changes';
import { formatAt, kindLabel } from './audit-format';

const isKind = (value: string | null): value is AuditKind => auditKinds.includes(value as AuditKind);

/** The kind filter, kept in the URL's `kind` beside the search's `q` (a link or Back reproduces both). */
function useKindFilter(): [AuditKind | undefined, (kind: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const kind = searchParams.get('kind');
  const setKind = (next: string) => {
    const params = new URLSearchParams(searchParams);
    if (next) params.set('kind', next);
    else params.delete('kind');
    setSearchParams(params);
  };
  return [isKind(kind) ? kind : undefined, setKind];
}

const columns: Column<AuditEvent>[] = [
  {
    header: 'When',
    card: 'title',
    cell: (event) => (
      <time dateTime={event.at} className="whitespace-nowrap">
        {formatAt(event.at)}
      </time>
    ),
  },
  {
    header: 'Admin',
    cell: (event) => (
      <span className="flex flex-col">
        <span>{event.actor.name}</span>
        <BreakableEmail email={event.actor.email} />
      </span>
    ),
  },
  { header: 'Action', cell: (event) => kindLabel(event.kind) },
  { header: 'Target', cell: (event) => <span className="break-words">{event.target.label}</span> },
  { header: 'Changes', cell: (event) => <AuditChanges event={event} /> },
];

/**
 * /dashboard/audit-log (admin): who did what, newest first, by admin and by kind, 'Load more'
 * for older entries (docs/behaviour.md §8.9).
 */
export function AuditLogPage() {
  usePageTitle('Audit Log');
  const actor = useListSearch();
  const [kind, setKind] = useKindFilter();
  const events = useAuditEvents(actor, kind);
  const isFiltered = Boolean(actor || kind);

  return (
    <section aria-labelledby="audit-log-heading">
      <h2 id="audit-log-heading" className="mb-4 text-xl font-semibold">
        Audit Log
      </h2>
      <div className="flex flex-wrap items-start gap-x-6">
        <ListSearch id="audit-actor-search" label="Search by admin name or e-mail" />
        <div className="mb-4 flex flex-col gap-1">
          <label htmlFor="audit-kind" className="text-sm font-medium">
            Action
          </label>
          <select
            id="audit-kind"
            className="select select-sm border-base-content/50 w-56 max-w-full"
            value={kind ?? ''}
            onChange={(event) => setKind(event.target.value)}
          >
            <option value="">Every action</option>
            {auditKinds.map((value) => (
              <option key={value} value={value}>
                {auditKindLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <PagedList
        query={events}
        loadingLabel="Loading the audit log"
        empty={<p>{isFiltered ? 'No admin actions match these filters.' : 'No admin actions yet.'}</p>}
      >
        {(items) => <DataTable label="Admin actions" columns={columns} rows={items} rowKey={(e) => e._id} />}
      </PagedList>
    </section>
  );
}

import type { AuditEvent } from '@shop/shared/contracts/audit';
import { changesOf } from './audit-format';

/**
 * What an action changed, one line per field: 'Stock: 500 → 540' (read out as 'changed to'),
 * or the one side an add or a delete has; then the admin's note.
 */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const changes = changesOf(event);
  if (changes.length === 0 && !event.note) return <span className="text-sm">—</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-sm">
      {changes.map(({ field, label, before, after }) => (
        <li key={field} className="break-words">
          <span className="font-medium">{label}:</span>{' '}
          {before !== undefined && after !== undefined ? (
            <>
              <span>{before}</span>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> changed to </span>
              <span>{after}</span>
            </>
          ) : (
            (after ?? before)
          )}
        </li>
      ))}
      {event.note && (
        <li className="break-words">
          <span className="font-medium">Note:</span> {event.note}
        </li>
      )}
    </ul>
  );
}

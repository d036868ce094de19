import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditKind } from '@shop/shared/contracts/audit';
import { callApiPage } from '@/lib/api-client';
import { ADMIN_PAGE_SIZE, pagedQueryOptions } from '@/lib/paged-query';
import { queryKeys } from '@/lib/queries/query-keys';

/** The audit trail, newest first, a page at a time, by actor (part of e-mail or name) and kind (§9.11). */
const auditEventsQueryOptions = (actor: string, kind: AuditKind | undefined) => {
  const query = { ...(actor && { actor }), ...(kind && { kind }), limit: String(ADMIN_PAGE_SIZE) };
  return pagedQueryOptions(queryKeys.pages('GET /audit-events', query), (cursor, signal) =>
    callApiPage('GET /audit-events', { query: { ...query, ...(cursor && { cursor }) }, signal }),
  );
};

export const useAuditEvents = (actor: string, kind: AuditKind | undefined) =>
  useInfiniteQuery(auditEventsQueryOptions(actor, kind));

import type { AuditKind, AuditTargetType, AuditValues } from '@shop/shared/contracts/audit';
import type { DbExecutor } from '../../db/client';
import type { Actor } from '../../lib/request-context';
import { auditEvents } from './audit-events.table';

/** Who acted: the signed-in admin, as `actorOf(request)` gives it. */
export type AuditActor = Pick<Actor, 'id' | 'email' | 'name'>;

export interface AuditEntry {
  actor: AuditActor;
  kind: AuditKind;
  target: { type: AuditTargetType; id: string; label: string };
  before?: AuditValues | null;
  after?: AuditValues | null;
  note?: string | null;
}

/**
 * Records one admin action (docs/behaviour.md §8.8). Call it inside the action's transaction,
 * after the write it records: an action that fails or rolls back leaves no row, and no action
 * commits without one.
 */
export async function recordAudit(tx: DbExecutor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorUserId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorName: entry.actor.name,
    kind: entry.kind,
    targetType: entry.target.type,
    targetId: entry.target.id,
    targetLabel: entry.target.label,
    before: entry.before ?? null,
    after: entry.after ?? null,
    note: entry.note || null,
  });
}

/**
 * The fields of `after` whose value differs from `before`, each side holding only those: an
 * edit's record names what it changed and nothing else.
 */
export function changedFields(
  before: AuditValues,
  after: AuditValues,
): { before: AuditValues; after: AuditValues } {
  const changed = Object.keys(after).filter((field) => before[field] !== after[field]);
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field] ?? null])),
    after: Object.fromEntries(changed.map((field) => [field, after[field] ?? null])),
  };
}

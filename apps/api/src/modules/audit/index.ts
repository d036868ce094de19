/**
 * The audit trail: every admin decision, recorded in the transaction that makes it, append-only
 * (docs/behaviour.md §8.8). The bottom of the modules: every other module records into it.
 */
export { auditRoutes } from './audit.routes';
export { changedFields, recordAudit, type AuditActor } from './record-audit';

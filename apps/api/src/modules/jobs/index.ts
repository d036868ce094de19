/**
 * Background jobs (docs/decisions/0030-jobs-and-order-mail-outbox.md): the queue, on pg-boss with
 * PostgreSQL or on timers in process with PGlite. Modules define their jobs; plugins/jobs.ts runs them.
 */
export { inProcessQueue } from './in-process-queue';
export type { JobDefinition, JobLog, JobQueue } from './job-queue';
export { pgBossQueue } from './pg-boss-queue';

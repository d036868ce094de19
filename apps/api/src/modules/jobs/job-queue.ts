/**
 * Background work (docs/decisions/0030-jobs-and-order-mail-outbox.md): named jobs whose
 * handler takes no input and reads what to do from the database, so a run can be repeated,
 * dropped or done by another instance without harm. On PostgreSQL pg-boss keeps the jobs in
 * the shop's database (pg-boss-queue.ts); on the embedded PGlite the same handlers run on
 * timers in this process (in-process-queue.ts).
 */
export interface JobDefinition {
  name: string;
  run: () => Promise<void>;
  /** Runs by itself this often as well (minutes, 1 to 59): the sweep that catches what no trigger asked for. */
  everyMinutes: number;
}

export interface JobQueue {
  readonly kind: 'pg-boss' | 'in-process';
  /** Starts the workers and schedules of `jobs`. */
  start(jobs: readonly JobDefinition[]): Promise<void>;
  /**
   * Asks for one run of `name`, now or after `delayMs`. Asks that pile up before a run starts
   * make one run; a run already going is followed by one more.
   */
  trigger(name: string, options?: { delayMs?: number }): Promise<void>;
  /** Stops taking work, waits for the runs in progress (bounded), and lets go of its connections. */
  stop(): Promise<void>;
}

export interface JobLog {
  warn: (fields: object, message: string) => void;
  error: (fields: object, message: string) => void;
}

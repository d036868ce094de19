const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A request that may have changed something and was answered without error: its transaction has
 * committed. What is kept or waits on the shop's data can act on it without knowing which route
 * wrote what (plugins/jobs.ts wakes the mail job; plugins/back-office-answers.ts drops its answers).
 */
export const isSuccessfulWrite = (method: string, statusCode: number): boolean =>
  !READS.has(method) && statusCode < 400;

/**
 * Waiting for a condition, never for a fixed time: `probe` is asked every `intervalMs` until it
 * answers something (not undefined, null or false), which `pollUntil` answers; after `timeoutMs`
 * it throws, saying what it waited for. A probe that throws ends the wait at once (a server that
 * died will not come up). For the API tests' helpers and the browser journeys' (no vitest here:
 * e2e's global setup runs it too); inside a test, `expect.poll` and `vi.waitFor` do the same.
 */
export async function pollUntil<T>(
  probe: () => T | Promise<T>,
  {
    what,
    timeoutMs = 15_000,
    intervalMs = 50,
  }: {
    /** What is waited for, for the error after the timeout. */
    what: string | (() => string);
    timeoutMs?: number;
    intervalMs?: number;
  },
): Promise<Exclude<T, undefined | null | false>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false)
      return value as Exclude<T, undefined | null | false>;
    if (Date.now() >= deadline) {
      throw new Error(`Waited ${timeoutMs} ms for ${typeof what === 'string' ? what : what()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The one fixed wait: a check that something does not happen (a second copy of a mail) has no
 * condition to wait for, so it watches for `ms` and then looks. Only after every positive
 * condition was waited for with pollUntil / expect.poll, and with a comment saying why.
 */
export const quietPeriod = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

import type { JobDefinition, JobLog, JobQueue } from './job-queue';

/**
 * The embedded database's queue: PGlite is one connection in this process, and so is every
 * instance that can use it, so timers here are enough. What must survive a crash is in the
 * database (the outbox rows, the orders), and every job's first run happens at start.
 */
export function inProcessQueue(log: JobLog): JobQueue {
  const jobs = new Map<string, JobDefinition>();
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  const runNow = (name: string): void => {
    const job = jobs.get(name);
    if (!job || stopped) return;
    if (running.has(name)) {
      again.add(name);
      return;
    }
    const run = job
      .run()
      .catch((error: unknown) => log.error({ err: error, job: name }, `job ${name} failed`))
      .finally(() => {
        running.delete(name);
        if (again.delete(name)) runNow(name);
      });
    running.set(name, run);
  };

  const later = (delayMs: number, action: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      action();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  return {
    kind: 'in-process',
    async start(definitions) {
      for (const job of definitions) {
        jobs.set(job.name, job);
        const interval = setInterval(() => runNow(job.name), job.everyMinutes * 60_000);
        interval.unref();
        timers.add(interval);
        runNow(job.name);
      }
    },
    async trigger(name, { delayMs = 0 } = {}) {
      if (delayMs > 0) later(delayMs, () => runNow(name));
      else runNow(name);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}

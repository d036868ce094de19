/**
 * A value built from the database and kept until marked stale. Marking is cheap (a counter goes
 * up); the next read rebuilds. However many readers ask at once, one rebuild runs at a time: a
 * reader that arrives while a rebuild started before the latest change is still running waits
 * for it to end and shares the single rebuild that follows. A rebuild that started before the
 * latest change is handed to the readers that were waiting for it, but not kept.
 *
 * When a rebuild fails for a reason `mayServeStale` accepts (the database out of reach), readers
 * get the last value built instead of the failure: the shop keeps showing what it last knew
 * while it cannot know more, and the next read tries again.
 */
export class SnapshotCache<T> {
  #generation = 0;
  #kept: { generation: number; value: T } | undefined;
  #running: { generation: number; promise: Promise<T> } | undefined;
  #queued: Promise<T> | undefined;
  #lastBuilt: T | undefined;

  constructor(
    private readonly build: () => Promise<T>,
    /** Asked when a rebuild ends: false means hand the value out but do not keep it. */
    private readonly mayKeep: () => boolean = () => true,
    /** Asked when a rebuild fails: true means answer the last value built, if any. */
    private readonly mayServeStale: (error: unknown) => boolean = () => false,
  ) {}

  /** The kept value while nothing has changed since it was built, else undefined. */
  peek(): T | undefined {
    return this.#kept?.generation === this.#generation ? this.#kept.value : undefined;
  }

  get(): Promise<T> {
    const generation = this.#generation;
    if (this.#kept?.generation === generation) return Promise.resolve(this.#kept.value);
    const running = this.#running;
    if (running?.generation === generation) return running.promise;
    if (running) {
      this.#queued ??= running.promise
        .catch(() => undefined)
        .then(() => {
          this.#queued = undefined;
          return this.get();
        });
      return this.#queued;
    }
    return this.#rebuild(generation);
  }

  /** Something the value was built from changed. */
  invalidate(): void {
    this.#generation += 1;
    this.#kept = undefined;
  }

  #rebuild(generation: number): Promise<T> {
    const promise = this.build().then(
      (value) => {
        if (generation === this.#generation && this.mayKeep()) this.#kept = { generation, value };
        this.#lastBuilt = value;
        this.#running = undefined;
        return value;
      },
      (error: unknown) => {
        this.#running = undefined;
        if (this.#lastBuilt !== undefined && this.mayServeStale(error)) return this.#lastBuilt;
        throw error;
      },
    );
    this.#running = { generation, promise };
    return promise;
  }
}

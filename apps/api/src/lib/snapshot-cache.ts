/**
 * A value built from the database and kept until marked stale. Marking is cheap (a counter goes
 * up); the next read rebuilds. However many readers ask at once, one rebuild runs at a time: a
 * reader that arrives while a rebuild started before the latest change is still running waits
 * for it to end and shares the single rebuild that follows. A rebuild that started before the
 * latest change is handed to the readers that were waiting for it, but not kept.
 */
export class SnapshotCache<T> {
  #generation = 0;
  #kept: { generation: number; value: T } | undefined;
  #running: { generation: number; promise: Promise<T> } | undefined;
  #queued: Promise<T> | undefined;

  constructor(
    private readonly build: () => Promise<T>,
    /** Asked when a rebuild ends: false means hand the value out but do not keep it. */
    private readonly mayKeep: () => boolean = () => true,
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
        this.#running = undefined;
        return value;
      },
      (error: unknown) => {
        this.#running = undefined;
        throw error;
      },
    );
    this.#running = { generation, promise };
    return promise;
  }
}

/**
 * Answers kept per key (a page of a list, a period of figures) until something they were read
 * from changes: `invalidate()` drops them all. At most `limit` are kept, the oldest going first.
 * Readers asking for the same key at once share one load; a load that began before the latest
 * invalidation is answered to them but not kept, so no answer read before a change outlives it.
 */
export class KeyedAnswers<T> {
  #version = 0;
  #kept = new Map<string, T>();
  #loading = new Map<string, Promise<T>>();

  constructor(
    private readonly limit: number,
    /** Asked when a load ends: false means answer it but do not keep it (the change feed is down). */
    private readonly mayKeep: () => boolean = () => true,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const kept = this.#kept.get(key);
    if (kept !== undefined) return Promise.resolve(kept);
    const loading = this.#loading.get(key);
    if (loading) return loading;
    const version = this.#version;
    // The map of this version: an invalidation meanwhile replaces it, and this load leaves it alone.
    const inFlight = this.#loading;
    const promise = load()
      .then((answer) => {
        if (version === this.#version && this.mayKeep()) {
          if (this.#kept.size >= this.limit) this.#kept.delete(this.#kept.keys().next().value!);
          this.#kept.set(key, answer);
        }
        return answer;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  invalidate(): void {
    this.#version += 1;
    this.#kept = new Map();
    this.#loading = new Map();
  }
}

import type { Review } from '@shop/shared/contracts/reviews';
import type { Database } from '../../db/client';
import { cachedJsonSerializer, type CachedJson } from '../../lib/cached-json';
import { isDatabaseUnreachable } from '../../lib/database-errors';
import { SnapshotCache } from '../../lib/snapshot-cache';
import { listReviews } from './reviews.service';

const serializeList = cachedJsonSerializer('GET /review');

interface ReviewsSnapshot {
  reviews: readonly Review[];
  listJson: CachedJson;
}

/**
 * The public reviews list kept in memory, like the catalogue (tools/catalogue-cache.ts): marked
 * stale on every instance when a review is posted (REVIEWS_TOPIC, plugins/catalogue.ts).
 */
export class ReviewsCache {
  readonly #snapshot: SnapshotCache<ReviewsSnapshot>;

  constructor(db: Database, mayKeep: () => boolean) {
    this.#snapshot = new SnapshotCache(
      async () => {
        const reviews = (await listReviews(db)).map((review) => Object.freeze(review));
        return { reviews, listJson: serializeList(reviews) };
        // While the database is out of reach, the last copy answers (docs/behaviour.md §9.1).
      },
      mayKeep,
      isDatabaseUnreachable,
    );
  }

  /** Every review, oldest first, as `GET /review` lists them. Shared objects: read, never change. */
  async list(): Promise<readonly Review[]> {
    return (await this.#current()).reviews;
  }

  /** `GET /review`'s body. */
  async listJson(): Promise<CachedJson> {
    return (await this.#current()).listJson;
  }

  invalidate(): void {
    this.#snapshot.invalidate();
  }

  #current(): ReviewsSnapshot | Promise<ReviewsSnapshot> {
    return this.#snapshot.peek() ?? this.#snapshot.get();
  }
}

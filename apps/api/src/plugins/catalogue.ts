import fp from 'fastify-plugin';
import { ReviewsCache } from '../modules/reviews/reviews-cache';
import { ToolsCache } from '../modules/catalogue/tools/catalogue-cache';

/** Change-feed topics: the tools table changed, the reviews table changed. */
const TOOLS_TOPIC = 'catalogue.tools';
const REVIEWS_TOPIC = 'catalogue.reviews';

export interface Catalogue {
  /** The tools, as `GET /tool` and `GET /tool/:id` answer them. */
  tools: ToolsCache;
  /** The public reviews, as `GET /review` answers them. */
  reviews: ReviewsCache;
  /**
   * Call after committing any change to the tools table (a tool added or deleted, stock taken
   * or given back): every instance reads the catalogue afresh, this one from the next request.
   */
  toolsChanged: () => void;
  /** The same for the reviews table. */
  reviewsChanged: () => void;
}

/**
 * `app.catalogue`: the public catalogue and reviews kept in memory (decision 0018), marked stale
 * through the change feed on every instance when they change.
 */
export default fp(
  async (app) => {
    const { db } = app.database;
    const feed = app.changeFeed;
    const mayKeep = () => feed.isLive;
    const tools = new ToolsCache(db, mayKeep);
    const reviews = new ReviewsCache(db, mayKeep);
    feed.subscribe(TOOLS_TOPIC, () => tools.invalidate());
    feed.subscribe(REVIEWS_TOPIC, () => reviews.invalidate());
    // Not awaited: this instance is told at once; the others get the notification as soon as
    // it is sent (a write's answer does not wait for it).
    const publish = (topic: string) => void feed.publish(topic);
    app.decorate('catalogue', {
      tools,
      reviews,
      toolsChanged: () => publish(TOOLS_TOPIC),
      reviewsChanged: () => publish(REVIEWS_TOPIC),
    } satisfies Catalogue);
  },
  { name: 'catalogue', dependencies: ['change-feed'] },
);

import fp from 'fastify-plugin';
import { FEED_TOPICS, type ChangeTopic } from '../lib/change-topics';
import { ToolsCache } from '../modules/catalogue';
import { ReviewsCache } from '../modules/reviews';

export interface Catalogue {
  /** The tools, as `GET /tool` and `GET /tool/:id` answer them. */
  tools: ToolsCache;
  /** The public reviews, as `GET /review` answers them. */
  reviews: ReviewsCache;
}

/**
 * `app.catalogue`: the public catalogue and reviews kept in memory (decision 0018), and
 * `app.tellChanged`, which services call once a write has committed (lib/change-topics.ts): every
 * instance then reads afresh what the change touched, this one from the next request. A change
 * of the orders touches the reviews: who is a verified buyer (docs/behaviour.md §7.4).
 */
export default fp(
  async (app) => {
    const { db } = app.database;
    const feed = app.changeFeed;
    const mayKeep = () => feed.isLive;
    const tools = new ToolsCache(db, mayKeep);
    const reviews = new ReviewsCache(db, mayKeep);
    feed.subscribe(FEED_TOPICS.tools, () => tools.invalidate());
    feed.subscribe(FEED_TOPICS.reviews, () => reviews.invalidate());
    feed.subscribe(FEED_TOPICS.orders, () => reviews.invalidate());
    app.decorate('catalogue', { tools, reviews } satisfies Catalogue);
    // Not awaited: this instance is told at once; the others get the notification as soon as
    // it is sent (a write's answer does not wait for it).
    app.decorate('tellChanged', (topic: ChangeTopic) => void feed.publish(FEED_TOPICS[topic]));
  },
  { name: 'catalogue', dependencies: ['change-feed'] },
);

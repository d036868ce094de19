import fp from 'fastify-plugin';
import type { CachedJson } from '../lib/cached-json';
import { FEED_TOPICS } from '../lib/change-topics';
import { KeyedAnswers } from '../lib/keyed-answers';
import { isSuccessfulWrite } from '../lib/successful-write';

/** A page of Total Orders as sent: the body and the next page's cursor. */
export interface OrdersPageJson {
  json: CachedJson;
  nextCursor: string | null;
}

/**
 * The admins' back-office reads kept in memory between writes (docs/behaviour.md §8.2, decision
 * 0047): pages of Total Orders by query, and the owner's dashboard by period and day.
 */
export interface BackOfficeAnswers {
  orderPages: KeyedAnswers<OrdersPageJson>;
  metrics: KeyedAnswers<CachedJson>;
}

/** Distinct pages kept at once (each a few kilobytes); the oldest goes first. */
const ORDER_PAGES_KEPT = 200;
/** Three periods a day, and yesterday's until they age out. */
const METRICS_KEPT = 12;

/**
 * `app.backOffice`. Orders are written by many services, jobs and webhooks, and the figures read
 * tools too; rather than trust each to say so, any write request that succeeds, on any instance,
 * drops every kept answer (the `writes` topic, told before its answer leaves, so the writer's next
 * read is fresh), as do the services' own `orders` and `tools` changes (the expiry job's among
 * them). A write made outside the shop (by hand, in SQL) shows after the next write of the shop.
 */
export default fp(
  async (app) => {
    const feed = app.changeFeed;
    const mayKeep = () => feed.isLive;
    const answers: BackOfficeAnswers = {
      orderPages: new KeyedAnswers(ORDER_PAGES_KEPT, mayKeep),
      metrics: new KeyedAnswers(METRICS_KEPT, mayKeep),
    };
    const dropAll = () => {
      answers.orderPages.invalidate();
      answers.metrics.invalidate();
    };
    for (const topic of [FEED_TOPICS.writes, FEED_TOPICS.orders, FEED_TOPICS.tools])
      feed.subscribe(topic, dropAll);
    app.addHook('onSend', async (request, reply, payload) => {
      if (isSuccessfulWrite(request.method, reply.statusCode)) void feed.publish(FEED_TOPICS.writes);
      return payload;
    });
    app.decorate('backOffice', answers);
  },
  { name: 'back-office-answers', dependencies: ['change-feed'] },
);

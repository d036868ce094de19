/**
 * What a committed write changed, for the copies kept in memory on every instance (decision
 * 0018): the tools (the catalogue, stock included), the reviews, and the orders (whose paid or
 * refunded state makes a reviewer a verified buyer, docs/behaviour.md §7.4). The service that
 * makes the change tells it once its transaction has committed; the composition
 * (plugins/catalogue.ts) carries it to every instance over the change feed. Routes never do.
 */
export type ChangeTopic = 'tools' | 'reviews' | 'orders';

export type TellChanged = (topic: ChangeTopic) => void;

/**
 * The change feed's topic for each kind of change (the names other instances listen to), and
 * `writes`: some write request succeeded, on whatever instance, told by the composition
 * (plugins/back-office-answers.ts), not by services.
 */
export const FEED_TOPICS: Record<ChangeTopic | 'writes', string> = {
  tools: 'catalogue.tools',
  reviews: 'catalogue.reviews',
  orders: 'ordering.orders',
  writes: 'shop.writes',
};

/** Runs a write and, once it has succeeded (committed), tells what it changed. */
export async function changing<T>(
  tellChanged: TellChanged,
  topic: ChangeTopic,
  write: () => Promise<T>,
): Promise<T> {
  const result = await write();
  tellChanged(topic);
  return result;
}

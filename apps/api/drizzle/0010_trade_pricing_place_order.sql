-- place_order with trade pricing (docs/behaviour.md §3.7; the function itself: 0004_place_order.sql,
-- docs/decisions/0019). What changed against 0004, each marked "§3.7" below:
--   * one new parameter, p_order_minimum_cents (ORDER_MINIMUM in cents; 0 for none), so the old
--     signature is dropped rather than overloaded;
--   * the guarded decrement also requires a whole number of packs, at most the per-order maximum,
--     an items total at least the order minimum, and prices the items at the deepest rung of the
--     tool's ladder (applied_unit_price_cents) plus the tool's ship price;
--   * RETURNING takes the applied unit price and the ship price from the very row version the
--     update changed, so a ladder edited concurrently can never give a mixed price;
--   * the order stores items total, shipping and price = items + shipping (decision 0025);
--   * the refusal outcomes gain 'above-maximum-quantity', 'not-a-pack-multiple' and
--     'below-order-minimum', checked in the order of pricing.ts quantityProblem.
-- Everything else (advisory lock, unpaid count, stock, minimum, total cap) is as in 0004, with
-- 0006's changes kept (docs/behaviour.md §3.9): an archived tool is not orderable, and the
-- reservation is written to the stock ledger in the same call, marked "§3.9" below.

-- applied_unit_price_cents: defined once, in
-- apps/api/src/modules/ordering/sql/price-ladder.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;
--> statement-breakpoint
DROP FUNCTION IF EXISTS place_order(text, text, text, uuid, integer, text, text, integer, bigint);
--> statement-breakpoint
-- place_order: defined once, in
-- apps/api/src/modules/ordering/sql/place-order.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

-- The stock ledger (docs/behaviour.md §3.11, decision 0022).
-- 1. A tool added before the ledger existed opens it with its stock as it is now, so that
--    "stock = sum of movements" holds for old databases too (the history before is not known).
INSERT INTO stock_movements (tool_id, delta, stock_after, kind, note, created_at)
SELECT id, available_quantity, available_quantity, 'initial', 'Stock when the ledger began', now()
  FROM tools
 WHERE NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.tool_id = tools.id);
--> statement-breakpoint
-- 2. place_order, now writing the reservation to the ledger: defined once, in
-- apps/api/src/modules/ordering/sql/place-order.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

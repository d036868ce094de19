-- The owner's dashboard (docs/behaviour.md §8.1). An order keeps the tool's minimum order quantity
-- of the moment it was placed, for the 'above the minimum' share; paid orders are read by paid_at.
ALTER TABLE "orders" ADD COLUMN "min_order_quantity" integer;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
-- Orders placed before this migration: the minimum their tool has now, the best there is.
UPDATE "orders" SET "min_order_quantity" = "tools"."min_order_quantity"
  FROM "tools" WHERE "tools"."id" = "orders"."tool_id";--> statement-breakpoint
-- An order records its tool's minimum (function and trigger): defined once, in
-- apps/api/src/modules/ordering/sql/record-order-min-quantity.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

-- The owner's dashboard at 100,000 orders (docs/behaviour.md §8.1, decision 0032): its sums are
-- read from indexes alone. INCLUDE is written here by hand (drizzle cannot declare it); the
-- table file names the indexes and says so.
DROP INDEX "orders_paid_at_idx";--> statement-breakpoint
-- Sales only (an unpaid order, as placed, is not in it), with every column the sales figures read.
CREATE INDEX "orders_sales_paid_at_idx" ON "orders" USING btree ("paid_at")
  INCLUDE ("state", "price_cents", "quantity", "min_order_quantity", "tool_id", "tool_name")
  WHERE "orders"."state" in ('paid', 'shipped');--> statement-breakpoint
-- Orders placed in a period, by state, with their value.
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at") INCLUDE ("state", "price_cents");

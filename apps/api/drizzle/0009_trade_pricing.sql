-- Trade pricing (docs/behaviour.md §3.7): a tool's pack size, per-order maximum, ship price and
-- price ladder; an order's items total and shipping beside its price, which is now their sum.
ALTER TABLE "orders" DROP CONSTRAINT "orders_price_matches";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "max_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "ship_price_cents" integer DEFAULT 2500 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Orders placed before shipping was charged: their price was the items total, shipping 0.
ALTER TABLE "orders" ADD COLUMN "items_total_cents" bigint;--> statement-breakpoint
UPDATE "orders" SET "items_total_cents" = "price_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "items_total_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_pack_size_positive" CHECK ("tools"."pack_size" >= 1);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_min_order_whole_packs" CHECK ("tools"."min_order_quantity" % "tools"."pack_size" = 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_max_order_not_below_min" CHECK ("tools"."max_order_quantity" IS NULL OR "tools"."max_order_quantity" >= "tools"."min_order_quantity");--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_ship_price_non_negative" CHECK ("tools"."ship_price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_price_breaks_array" CHECK (jsonb_typeof("tools"."price_breaks") = 'array');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_items_total_matches" CHECK ("orders"."items_total_cents" = "orders"."quantity"::bigint * "orders"."unit_price_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_is_items_plus_shipping" CHECK ("orders"."price_cents" = "orders"."items_total_cents" + "orders"."shipping_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_non_negative" CHECK ("orders"."shipping_cents" >= 0);
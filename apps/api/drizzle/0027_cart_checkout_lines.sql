-- The cart and checkout (docs/behaviour.md §5.18): an order of many lines (order_lines), the
-- address book, the cart on the server, and the order's PO number, note, copied address and
-- checkout key.
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tool_id" uuid,
	"tool_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" bigint NOT NULL,
	"min_order_quantity" integer,
	CONSTRAINT "order_lines_order_id_position" UNIQUE("order_id","position"),
	CONSTRAINT "order_lines_order_id_tool_id" UNIQUE("order_id","tool_id"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_total_matches" CHECK ("order_lines"."line_total_cents" = "order_lines"."quantity"::bigint * "order_lines"."unit_price_cents")
);
--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"company" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"region" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"tool_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sequence" bigserial NOT NULL,
	CONSTRAINT "cart_lines_user_id_tool_id_pk" PRIMARY KEY("user_id","tool_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_items_total_matches";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price_cents" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_address" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_key" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_tool_id_idx" ON "order_lines" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "addresses_user_id_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_per_user" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_user_id_checkout_key_idx" ON "orders" USING btree ("user_id","checkout_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_line_count_positive" CHECK ("orders"."line_count" >= 1);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_items_total_matches" CHECK ("orders"."unit_price_cents" IS NULL OR "orders"."items_total_cents" = "orders"."quantity"::bigint * "orders"."unit_price_cents");--> statement-breakpoint
-- Every order has its lines: one placed before checkout existed is one line, its own tool.
INSERT INTO "order_lines" ("order_id", "position", "tool_id", "tool_name", "quantity", "unit_price_cents", "line_total_cents", "min_order_quantity")
SELECT "id", 1, "tool_id", "tool_name", "quantity", "unit_price_cents", "items_total_cents", "min_order_quantity" FROM "orders";
--> statement-breakpoint
-- place_order takes lines now (ordering/sql/place-order.sql); its one-tool signature goes.
DROP FUNCTION IF EXISTS place_order(text, text, text, uuid, integer, text, text, integer, bigint, bigint);

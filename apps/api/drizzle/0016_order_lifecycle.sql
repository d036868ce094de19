-- The order lifecycle (docs/behaviour.md §5.5, docs/decisions/0033): orders keep a state and
-- their history in order_events; place_order counts open orders by state and records 'placed'.
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_user_id" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" IN ('placed', 'payment-started', 'paid', 'shipped', 'cancelled-by-customer', 'cancelled-by-admin', 'refunded', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "state" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "refund_id" text;--> statement-breakpoint
-- Orders from before: their state from the two booleans (cancelled ones were deleted then).
UPDATE "orders" SET "state" = CASE WHEN "ship" THEN 'shipped' WHEN "paid" THEN 'paid' ELSE 'unpaid' END;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_order_id_kind_idx" ON "order_events" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_events_order_id_created_at_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_unpaid_created_at_idx" ON "orders" USING btree ("created_at") WHERE "orders"."state" = 'unpaid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_state_known" CHECK ("orders"."state" IN ('unpaid', 'paid', 'shipped', 'cancelled', 'expired', 'refunding', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_matches_state" CHECK ("orders"."paid" = ("orders"."state" IN ('paid', 'shipped', 'refunding', 'refunded')));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ship_matches_state" CHECK ("orders"."ship" = ("orders"."state" = 'shipped'));--> statement-breakpoint
-- Their history as far as the row tells it: placed by the customer, paid, shipped (by whom is not known).
INSERT INTO "order_events" ("order_id", "kind", "actor_user_id", "created_at")
SELECT "id", 'placed', "user_id", "created_at" FROM "orders"
UNION ALL SELECT "id", 'paid', "user_id", "paid_at" FROM "orders" WHERE "paid" AND "paid_at" IS NOT NULL
UNION ALL SELECT "id", 'shipped', NULL, "shipped_at" FROM "orders" WHERE "ship" AND "shipped_at" IS NOT NULL;
--> statement-breakpoint
-- place_order, counting open orders by state and recording the placed event: defined once, in
-- apps/api/src/modules/ordering/sql/place-order.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

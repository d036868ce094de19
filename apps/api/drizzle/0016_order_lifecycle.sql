-- The order lifecycle (docs/behaviour.md §23, docs/decisions/0033): orders keep a state and
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
-- place_order as in 0010_trade_pricing_place_order.sql, with two changes marked "§23":
--   * the cap on open unpaid orders counts orders in state 'unpaid' (a cancelled or expired
--     order keeps its row now, paid = false, and holds nothing);
--   * the 'placed' event is written in the same call, right after the order and its ledger row
--     (one more insert in the same round trip; order-events.ts is the writer everywhere else).
CREATE OR REPLACE FUNCTION place_order(
  p_user_id text,
  p_customer_name text,
  p_email text,
  p_tool_id uuid,
  p_quantity integer,
  p_phone_number text,
  p_address text,
  p_max_open_unpaid integer,
  p_max_total_cents bigint,
  p_order_minimum_cents bigint
) RETURNS TABLE (outcome text, order_id uuid)
LANGUAGE plpgsql
AS $$
DECLARE
  v_open integer;
  v_reserved record;
  v_tool record;
  v_unit_cents bigint;
  v_order_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('open-orders:' || p_user_id, 0));
  SELECT count(*) INTO v_open FROM orders WHERE user_id = p_user_id AND state = 'unpaid'; -- §23
  IF v_open >= p_max_open_unpaid THEN
    RETURN QUERY SELECT 'too-many-unpaid'::text, NULL::uuid;
    RETURN;
  END IF;

  UPDATE tools
     SET available_quantity = available_quantity - p_quantity
   WHERE id = p_tool_id
     AND archived_at IS NULL
     AND available_quantity >= p_quantity
     AND min_order_quantity <= p_quantity
     AND (max_order_quantity IS NULL OR p_quantity <= max_order_quantity)
     AND p_quantity % pack_size = 0
     AND p_quantity::bigint * applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity)
         >= p_order_minimum_cents
     AND p_quantity::bigint * applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity)
         + ship_price_cents <= p_max_total_cents
  RETURNING name,
            applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity) AS unit_price_cents,
            ship_price_cents,
            available_quantity
       INTO v_reserved;

  IF NOT FOUND THEN
    SELECT min_order_quantity, available_quantity, max_order_quantity, pack_size, ship_price_cents,
           applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity)::bigint AS unit_cents
      INTO v_tool
      FROM tools WHERE id = p_tool_id AND archived_at IS NULL;
    RETURN QUERY SELECT
      CASE
        WHEN NOT FOUND THEN 'tool-not-found'
        WHEN p_quantity < v_tool.min_order_quantity THEN 'below-minimum-quantity'
        WHEN p_quantity > v_tool.available_quantity THEN 'insufficient-stock'
        WHEN p_quantity > v_tool.max_order_quantity THEN 'above-maximum-quantity'
        WHEN p_quantity % v_tool.pack_size <> 0 THEN 'not-a-pack-multiple'
        WHEN p_quantity * v_tool.unit_cents < p_order_minimum_cents THEN 'below-order-minimum'
        WHEN p_quantity * v_tool.unit_cents + v_tool.ship_price_cents > p_max_total_cents THEN 'total-too-high'
        ELSE 'insufficient-stock'
      END,
      NULL::uuid;
    RETURN;
  END IF;

  v_unit_cents := v_reserved.unit_price_cents;
  INSERT INTO orders (
    tool_id, tool_name, user_id, customer_name, email, phone_number, address,
    quantity, unit_price_cents, items_total_cents, shipping_cents, price_cents
  ) VALUES (
    p_tool_id, v_reserved.name, p_user_id, p_customer_name, p_email, p_phone_number, p_address,
    p_quantity, v_unit_cents, p_quantity * v_unit_cents, v_reserved.ship_price_cents,
    p_quantity * v_unit_cents + v_reserved.ship_price_cents
  ) RETURNING id INTO v_order_id;

  INSERT INTO stock_movements (tool_id, delta, stock_after, kind, actor_user_id, order_id)
  VALUES (p_tool_id, -p_quantity, v_reserved.available_quantity, 'order-reservation', p_user_id, v_order_id);

  INSERT INTO order_events (order_id, kind, actor_user_id) VALUES (v_order_id, 'placed', p_user_id); -- §23

  RETURN QUERY SELECT 'placed'::text, v_order_id;
END;
$$;

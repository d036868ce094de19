-- place_order: one order of one tool, in one call and one round trip (docs/behaviour.md §5.3,
-- docs/decisions/0019-orders-in-one-round-trip.md). Under a lock per customer it counts their
-- unpaid orders against the cap; one guarded update of the tool's row checks every quantity
-- rule (archived, stock, minimum, maximum, pack, order minimum, total cap) and takes the stock;
-- then the order, its ledger row and its 'placed' event are written. A refusal names the first
-- rule broken, read from the tool as it is. The unit price is the price ladder's
-- (price-ladder.sql); shipping is the tool's, once per order.
--
-- This file is the one place place_order is defined: the database is brought to it after the
-- migrations (src/db/sql-sources.ts), and test/sql-sources.test.ts compares the two.
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
  SELECT count(*) INTO v_open FROM orders WHERE user_id = p_user_id AND state = 'unpaid'; -- §5.5
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

  INSERT INTO order_events (order_id, kind, actor_user_id) VALUES (v_order_id, 'placed', p_user_id); -- §5.5

  RETURN QUERY SELECT 'placed'::text, v_order_id;
END;
$$;

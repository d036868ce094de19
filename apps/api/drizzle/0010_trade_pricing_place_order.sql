-- place_order with trade pricing (docs/behaviour.md §16; the function itself: 0004_place_order.sql,
-- docs/decisions/0019). What changed against 0004, each marked "§16" below:
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
-- 0006's changes kept (docs/behaviour.md §13): an archived tool is not orderable, and the
-- reservation is written to the stock ledger in the same call, marked "§13" below.

-- §16: the deepest rung a quantity reaches (the greatest fromQuantity not above it), else the base.
CREATE FUNCTION applied_unit_price_cents(p_price_breaks jsonb, p_base_cents integer, p_quantity integer)
RETURNS integer
LANGUAGE sql
IMMUTABLE
AS $$
  SELECT COALESCE(
    (SELECT (rung->>'unitPriceCents')::integer
       FROM jsonb_array_elements(p_price_breaks) AS rung
      WHERE (rung->>'fromQuantity')::integer <= p_quantity
      ORDER BY (rung->>'fromQuantity')::integer DESC
      LIMIT 1),
    p_base_cents
  )
$$;
--> statement-breakpoint
DROP FUNCTION place_order(text, text, text, uuid, integer, text, text, integer, bigint);
--> statement-breakpoint
CREATE FUNCTION place_order(
  p_user_id text,
  p_customer_name text,
  p_email text,
  p_tool_id uuid,
  p_quantity integer,
  p_phone_number text,
  p_address text,
  p_max_open_unpaid integer,
  p_max_total_cents bigint,
  p_order_minimum_cents bigint -- §16
) RETURNS TABLE (outcome text, order_id uuid)
LANGUAGE plpgsql
AS $$
DECLARE
  v_open integer;
  v_reserved record;
  v_tool record;
  v_unit_cents bigint; -- §16
  v_order_id uuid;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('open-orders:' || p_user_id, 0));
  SELECT count(*) INTO v_open FROM orders WHERE user_id = p_user_id AND paid = false;
  IF v_open >= p_max_open_unpaid THEN
    RETURN QUERY SELECT 'too-many-unpaid'::text, NULL::uuid;
    RETURN;
  END IF;

  UPDATE tools
     SET available_quantity = available_quantity - p_quantity
   WHERE id = p_tool_id
     AND archived_at IS NULL -- §13
     AND available_quantity >= p_quantity
     AND min_order_quantity <= p_quantity
     AND (max_order_quantity IS NULL OR p_quantity <= max_order_quantity) -- §16
     AND p_quantity % pack_size = 0 -- §16
     AND p_quantity::bigint * applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity)
         >= p_order_minimum_cents -- §16
     AND p_quantity::bigint * applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity)
         + ship_price_cents <= p_max_total_cents -- §16: the charged total, shipping included
  RETURNING name,
            applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity) AS unit_price_cents, -- §16
            ship_price_cents, -- §16
            available_quantity -- §13
       INTO v_reserved;

  IF NOT FOUND THEN
    -- Nothing was taken: say why, from the row as it is now.
    SELECT min_order_quantity, available_quantity, max_order_quantity, pack_size, ship_price_cents,
           applied_unit_price_cents(price_breaks, unit_price_cents, p_quantity)::bigint AS unit_cents
      INTO v_tool
      FROM tools WHERE id = p_tool_id AND archived_at IS NULL; -- §13
    RETURN QUERY SELECT
      CASE
        WHEN NOT FOUND THEN 'tool-not-found'
        WHEN p_quantity < v_tool.min_order_quantity THEN 'below-minimum-quantity'
        WHEN p_quantity > v_tool.available_quantity THEN 'insufficient-stock'
        WHEN p_quantity > v_tool.max_order_quantity THEN 'above-maximum-quantity' -- §16
        WHEN p_quantity % v_tool.pack_size <> 0 THEN 'not-a-pack-multiple' -- §16
        WHEN p_quantity * v_tool.unit_cents < p_order_minimum_cents THEN 'below-order-minimum' -- §16
        WHEN p_quantity * v_tool.unit_cents + v_tool.ship_price_cents > p_max_total_cents THEN 'total-too-high'
        ELSE 'insufficient-stock'
      END,
      NULL::uuid;
    RETURN;
  END IF;

  v_unit_cents := v_reserved.unit_price_cents; -- §16
  INSERT INTO orders (
    tool_id, tool_name, user_id, customer_name, email, phone_number, address,
    quantity, unit_price_cents, items_total_cents, shipping_cents, price_cents -- §16
  ) VALUES (
    p_tool_id, v_reserved.name, p_user_id, p_customer_name, p_email, p_phone_number, p_address,
    p_quantity, v_unit_cents, p_quantity * v_unit_cents, v_reserved.ship_price_cents, -- §16
    p_quantity * v_unit_cents + v_reserved.ship_price_cents -- §16
  ) RETURNING id INTO v_order_id;

  INSERT INTO stock_movements (tool_id, delta, stock_after, kind, actor_user_id, order_id) -- §13
  VALUES (p_tool_id, -p_quantity, v_reserved.available_quantity, 'order-reservation', p_user_id, v_order_id);

  RETURN QUERY SELECT 'placed'::text, v_order_id;
END;
$$;

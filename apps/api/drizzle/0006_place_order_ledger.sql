-- The stock ledger (docs/behaviour.md §13.2, decision 0022).
-- 1. A tool added before the ledger existed opens it with its stock as it is now, so that
--    "stock = sum of movements" holds for old databases too (the history before is not known).
INSERT INTO stock_movements (tool_id, delta, stock_after, kind, note, created_at)
SELECT id, available_quantity, available_quantity, 'initial', 'Stock when the ledger began', now()
  FROM tools
 WHERE NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.tool_id = tools.id);
--> statement-breakpoint
-- 2. place_order as in 0004_place_order.sql, same signature, with two changes: an archived tool
--    is not orderable (answered as not found, §13.3), and the reservation is written to the
--    ledger in the same call, from the same guarded decrement's RETURNING.
CREATE OR REPLACE FUNCTION place_order(
  p_user_id text,
  p_customer_name text,
  p_email text,
  p_tool_id uuid,
  p_quantity integer,
  p_phone_number text,
  p_address text,
  p_max_open_unpaid integer,
  p_max_total_cents bigint
) RETURNS TABLE (outcome text, order_id uuid)
LANGUAGE plpgsql
AS $$
DECLARE
  v_open integer;
  v_reserved record;
  v_tool record;
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
     AND archived_at IS NULL
     AND available_quantity >= p_quantity
     AND min_order_quantity <= p_quantity
     AND p_quantity::bigint * unit_price_cents <= p_max_total_cents
  RETURNING name, unit_price_cents, available_quantity INTO v_reserved;

  IF NOT FOUND THEN
    -- Nothing was taken: say why, from the row as it is now.
    SELECT min_order_quantity, available_quantity, unit_price_cents INTO v_tool
      FROM tools WHERE id = p_tool_id AND archived_at IS NULL;
    RETURN QUERY SELECT
      CASE
        WHEN NOT FOUND THEN 'tool-not-found'
        WHEN p_quantity < v_tool.min_order_quantity THEN 'below-minimum-quantity'
        WHEN p_quantity > v_tool.available_quantity THEN 'insufficient-stock'
        WHEN p_quantity::bigint * v_tool.unit_price_cents > p_max_total_cents THEN 'total-too-high'
        ELSE 'insufficient-stock'
      END,
      NULL::uuid;
    RETURN;
  END IF;

  INSERT INTO orders (
    tool_id, tool_name, user_id, customer_name, email, phone_number, address,
    quantity, unit_price_cents, price_cents
  ) VALUES (
    p_tool_id, v_reserved.name, p_user_id, p_customer_name, p_email, p_phone_number, p_address,
    p_quantity, v_reserved.unit_price_cents, p_quantity::bigint * v_reserved.unit_price_cents
  ) RETURNING id INTO v_order_id;

  INSERT INTO stock_movements (tool_id, delta, stock_after, kind, actor_user_id, order_id)
  VALUES (p_tool_id, -p_quantity, v_reserved.available_quantity, 'order-reservation', p_user_id, v_order_id);

  RETURN QUERY SELECT 'placed'::text, v_order_id;
END;
$$;

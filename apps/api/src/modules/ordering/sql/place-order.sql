-- place_order: one order of one or more lines, in one call and one round trip, all lines or none
-- (docs/behaviour.md §5.3, §5.18, docs/decisions/0019-orders-in-one-round-trip.md). The spec's
-- POST /order sends one line; checkout sends the cart's.
--
-- 1. Under a lock per customer: a checkout key already used answers the order it made; then the
--    customer's unpaid orders are counted against the cap. A member of an approved company
--    orders for it (docs/behaviour.md §4.18): a viewer may not order at all; the membership row is
--    held (FOR SHARE) until the order commits, so a role or limit changed meanwhile waits.
-- 2. The lines' tools are locked in one fixed order, by id, so that two carts holding the same
--    tools in opposite orders wait for each other instead of deadlocking. FOR NO KEY UPDATE, the
--    lock the decrement takes anyway: FOR UPDATE would also block the FOR KEY SHARE that every
--    insert of a cart line (its foreign key to tools) takes, so a buyer filling a cart in their
--    own order would deadlock with a checkout holding the same tools.
-- 3. Each line, in the buyer's order, meets its tool's rules on the row as it is now: in the
--    shop, minimum, stock, maximum, whole packs. The first line refused refuses the order and
--    is named. Each line's unit price is the price ladder's (price-ladder.sql), of the company's
--    contract rate for the tool when it has one: its unit price and whole ladder replace the
--    tool's (§3.15, packages/shared/src/pricing.ts withContractRate). A line of an accepted quote
--    carries its quoted `unit_price_cents`, which replaces both (§5.24); only the quotes module
--    sends it, never a request's body.
-- 4. The order meets the shop's: the order minimum on the items, then the cap on the total.
--    Shipping is the highest ship price of its tools (a one-tool order pays its tool's, as
--    always), and nothing once the items reach p_free_shipping_over_cents (0: never). Tax is
--    p_tax's rule (the tax provider's decision for this address and buyer, §5.22) on the items
--    and, where the rule says, shipping: half a cent up, as packages/shared/src/tax.ts taxCents.
-- 5. A buyer's order whose total (tax included) is above their per-order limit awaits a company admin's
--    approval (§5.21): placed and holding its stock, unpaid, not payable until approved.
-- 6. Stock is taken for every line, each line (with its tool's name and SKU as they are now) and
--    its ledger row written, the order's tax line (frozen with its reason), the 'placed' event.
--    The order keeps the sum of its tools' minimums, against which the owner's dashboard counts
--    an order 'above the minimum' (§8.2): for one tool, that tool's minimum, as always.
-- The same decision, in the same order, is packages/shared/src/order-decision.ts; the
-- order-decision property test holds the two to one answer.
--
-- This file is the one place place_order is defined: the database is brought to it after the
-- migrations (src/db/sql-sources.ts), and test/sql-sources.test.ts compares the two.

-- The lines place_order is sent, numbered in the buyer's order from 1.
CREATE OR REPLACE FUNCTION place_order_lines(p_lines jsonb)
RETURNS TABLE (line_number integer, tool_id uuid, quantity integer, quoted_cents integer)
LANGUAGE sql IMMUTABLE AS $$
  SELECT n::integer, (line ->> 'tool_id')::uuid, (line ->> 'quantity')::integer, (line ->> 'unit_price_cents')::integer
    FROM jsonb_array_elements(p_lines) WITH ORDINALITY AS lines(line, n)
$$;

CREATE OR REPLACE FUNCTION place_order(
  p_user_id text,
  p_customer_name text,
  p_email text,
  p_lines jsonb,
  p_phone_number text,
  p_address text,
  p_shipping_address jsonb,
  p_po_number text,
  p_note text,
  p_checkout_key text,
  p_max_open_unpaid integer,
  p_max_total_cents bigint,
  p_order_minimum_cents bigint,
  p_free_shipping_over_cents bigint,
  p_tax jsonb
) RETURNS TABLE (outcome text, order_id uuid, refused_tool_id uuid)
LANGUAGE plpgsql
AS $$
#variable_conflict use_column
DECLARE
  v_open integer;
  -- The lines as decided: the first one refused, or the order's figures and each line's unit
  -- price by position (written as decided, not read again).
  v_lines record;
  v_shipping integer;
  v_rate integer;
  v_taxable bigint;
  v_tax bigint;
  v_order_id uuid;
  v_company_id uuid;
  v_role text;
  v_limit integer;
  v_approval text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('open-orders:' || p_user_id, 0));
  IF p_checkout_key IS NOT NULL THEN
    SELECT id INTO v_order_id FROM orders WHERE user_id = p_user_id AND checkout_key = p_checkout_key;
    IF FOUND THEN
      RETURN QUERY SELECT 'existing'::text, v_order_id, NULL::uuid;
      RETURN;
    END IF;
  END IF;
  SELECT m.company_id, m.role, m.order_limit_cents INTO v_company_id, v_role, v_limit
    FROM company_members m JOIN companies c ON c.id = m.company_id AND c.state = 'approved'
   WHERE m.user_id = p_user_id
     FOR SHARE OF m;
  IF v_role = 'viewer' THEN
    RETURN QUERY SELECT 'viewer-cannot-order'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  SELECT count(*) INTO v_open FROM orders WHERE user_id = p_user_id AND state = 'unpaid';
  IF v_open >= p_max_open_unpaid THEN
    RETURN QUERY SELECT 'too-many-unpaid'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;

  PERFORM 1 FROM tools
   WHERE id IN (SELECT tool_id FROM place_order_lines(p_lines))
   ORDER BY id
     FOR NO KEY UPDATE;

  -- Step 3 for every line in one statement, not one per line: a statement costs its planning,
  -- and each insert its triggers' (the dashboard's roll-up fires once per statement).
  SELECT count(*)::integer AS n,
         count(DISTINCT tool_id)::integer AS tools,
         (array_agg(outcome ORDER BY position) FILTER (WHERE outcome IS NOT NULL))[1] AS refusal,
         (array_agg(tool_id ORDER BY position) FILTER (WHERE outcome IS NOT NULL))[1] AS refused_tool,
         sum(quantity::bigint * unit_cents)::bigint AS items,
         sum(quantity)::integer AS units,
         sum(min_order_quantity)::integer AS minimums,
         coalesce(max(ship_price_cents), 0) AS ship,
         (array_agg(name ORDER BY position))[1] AS first_name,
         (array_agg(tool_id ORDER BY position))[1] AS first_tool,
         (array_agg(unit_cents ORDER BY position))[1] AS first_unit,
         array_agg(unit_cents ORDER BY position) AS unit_by_position
    INTO v_lines
    FROM (
      SELECT l.line_number AS position, l.tool_id, l.quantity, t.name, t.min_order_quantity, t.ship_price_cents,
             CASE WHEN t.id IS NOT NULL THEN coalesce(l.quoted_cents, applied_unit_price_cents(
               coalesce(cp.price_breaks, t.price_breaks), coalesce(cp.unit_price_cents, t.unit_price_cents),
               l.quantity
             )) END AS unit_cents,
             CASE
               WHEN t.id IS NULL THEN 'tool-not-found'
               WHEN l.quantity < t.min_order_quantity THEN 'below-minimum-quantity'
               WHEN l.quantity > t.available_quantity THEN 'insufficient-stock'
               WHEN l.quantity > t.max_order_quantity THEN 'above-maximum-quantity'
               WHEN l.quantity % t.pack_size <> 0 THEN 'not-a-pack-multiple'
             END AS outcome
        FROM place_order_lines(p_lines) AS l
        LEFT JOIN tools t ON t.id = l.tool_id AND t.archived_at IS NULL
        LEFT JOIN contract_prices cp ON cp.company_id = v_company_id AND cp.tool_id = t.id
    ) AS priced;
  -- A cart holds a tool once, and so does a quote: two lines of one tool would each be checked
  -- against the whole stock.
  IF v_lines.tools <> v_lines.n THEN
    RAISE EXCEPTION 'place_order: a tool in more than one line';
  END IF;
  IF v_lines.refusal IS NOT NULL THEN
    RETURN QUERY SELECT v_lines.refusal, NULL::uuid, v_lines.refused_tool;
    RETURN;
  END IF;

  IF v_lines.n = 0 THEN
    RETURN QUERY SELECT 'cart-empty'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  IF v_lines.items < p_order_minimum_cents THEN
    RETURN QUERY SELECT 'below-order-minimum'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;
  v_shipping := CASE
    WHEN p_free_shipping_over_cents > 0 AND v_lines.items >= p_free_shipping_over_cents THEN 0
    ELSE v_lines.ship
  END;
  v_rate := CASE WHEN p_tax ->> 'reason' = 'taxed' THEN (p_tax ->> 'rate_ppm')::integer ELSE 0 END;
  IF v_rate IS NULL OR p_tax ->> 'reason' IS NULL THEN
    RAISE EXCEPTION 'place_order: no tax rule';
  END IF;
  v_taxable := v_lines.items + CASE WHEN (p_tax ->> 'taxes_shipping')::boolean THEN v_shipping ELSE 0 END;
  v_tax := (v_taxable * v_rate + 500000) / 1000000;
  IF v_lines.items + v_shipping + v_tax > p_max_total_cents THEN
    RETURN QUERY SELECT 'total-too-high'::text, NULL::uuid, NULL::uuid;
    RETURN;
  END IF;

  v_approval := CASE WHEN v_role = 'buyer' AND v_lines.items + v_shipping + v_tax > v_limit THEN 'awaiting' END;

  INSERT INTO orders (
    tool_id, tool_name, user_id, customer_name, email, phone_number, address,
    quantity, unit_price_cents, items_total_cents, shipping_cents, tax_cents, price_cents, min_order_quantity,
    line_count, po_number, note, shipping_address, checkout_key, company_id, approval_state
  ) VALUES (
    CASE WHEN v_lines.n = 1 THEN v_lines.first_tool END,
    CASE WHEN v_lines.n = 1 THEN v_lines.first_name
         ELSE v_lines.first_name || ' and ' || (v_lines.n - 1) || ' more' END,
    p_user_id, p_customer_name, p_email, p_phone_number, p_address,
    v_lines.units, CASE WHEN v_lines.n = 1 THEN v_lines.first_unit END, v_lines.items, v_shipping, v_tax,
    v_lines.items + v_shipping + v_tax, v_lines.minimums, v_lines.n, p_po_number, p_note, p_shipping_address,
    p_checkout_key, v_company_id, v_approval
  ) RETURNING id INTO v_order_id;

  -- Step 6 for every line in one statement: the stock taken (the rows are locked, in id order,
  -- above), each line written with its tool's name and SKU as they are now, and its ledger row.
  WITH taken AS (
    UPDATE tools t
       SET available_quantity = t.available_quantity - l.quantity
      FROM place_order_lines(p_lines) AS l
     WHERE t.id = l.tool_id
    RETURNING l.line_number AS position, l.tool_id, l.quantity, t.name, t.sku, t.available_quantity, t.min_order_quantity
  ), lined AS (
    INSERT INTO order_lines (
      order_id, position, tool_id, tool_name, sku, quantity, unit_price_cents, line_total_cents, min_order_quantity
    )
    SELECT v_order_id, position, tool_id, name, sku, quantity, v_lines.unit_by_position[position],
           quantity::bigint * v_lines.unit_by_position[position], min_order_quantity
      FROM taken ORDER BY position
  )
  INSERT INTO stock_movements (tool_id, delta, stock_after, kind, actor_user_id, order_id)
  SELECT tool_id, -quantity, available_quantity, 'order-reservation', p_user_id, v_order_id
    FROM taken ORDER BY position;

  INSERT INTO order_tax_lines (
    order_id, position, jurisdiction, label, reason, rate_ppm, taxes_shipping, taxable_cents, tax_cents, reference
  ) VALUES (
    v_order_id, 1, p_tax ->> 'jurisdiction', p_tax ->> 'label', p_tax ->> 'reason', v_rate,
    (p_tax ->> 'taxes_shipping')::boolean, v_taxable, v_tax, p_tax ->> 'reference'
  );
  INSERT INTO order_events (order_id, kind, actor_user_id) VALUES (v_order_id, 'placed', p_user_id);
  IF v_approval = 'awaiting' THEN
    INSERT INTO order_events (order_id, kind, actor_user_id)
    VALUES (v_order_id, 'approval-requested', p_user_id);
  END IF;

  RETURN QUERY SELECT CASE WHEN v_approval = 'awaiting' THEN 'awaiting-approval' ELSE 'placed' END,
                      v_order_id, NULL::uuid;
END;
$$;

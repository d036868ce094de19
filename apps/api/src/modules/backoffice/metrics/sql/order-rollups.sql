-- The dashboard's daily roll-up of the orders (order-rollups.table.ts, decision 0046): kept by
-- the database on every write of an order or a line, whoever writes it, so the owner's figures
-- agree with Total Orders without any service having to remember them (docs/behaviour.md §8.2).
--
-- Each statement that changes orders or lines adds rows of differences (never updates one, so
-- concurrent checkouts share no row lock); fold_order_rollups() merges them later. A row's day is
-- a UTC day. What counts is what the dashboard counted from the orders themselves:
-- - orders_placed_by_day: every order, by the day it was placed and its state now;
-- - sales_by_day: orders in 'paid' or 'shipped' with a paid_at (isSaleSql), by the day paid;
-- - units_sold_by_day: the lines of those orders, per tool, by the day paid.
-- test/order-rollups.test.ts holds the roll-up against sums over the orders after every kind of write.

-- The orders a statement changed, as rows of the table with a sign: +1 as they are now (an
-- insert's, an update's new rows), -1 as they were (an update's old rows). Transition tables
-- exist only for the event a trigger fires on, hence one trigger per event and dynamic SQL.
CREATE OR REPLACE FUNCTION order_rollups_changed_rows(op text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN '(SELECT n.*, 1 AS sign FROM new_rows n)'
    WHEN 'DELETE' THEN '(SELECT o.*, -1 AS sign FROM old_rows o)'
    ELSE '(SELECT n.*, 1 AS sign FROM new_rows n UNION ALL SELECT o.*, -1 AS sign FROM old_rows o)'
  END
$$;

CREATE OR REPLACE FUNCTION order_rollups_after_orders() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed text := order_rollups_changed_rows(TG_OP);
BEGIN
  EXECUTE format($sql$
    INSERT INTO orders_placed_by_day (day, state, orders, value_cents)
    SELECT (created_at AT TIME ZONE 'UTC')::date, state, sum(sign), sum(sign * price_cents)
      FROM %s AS c
     GROUP BY 1, 2
    HAVING sum(sign) <> 0 OR sum(sign * price_cents) <> 0
  $sql$, changed);
  EXECUTE format($sql$
    INSERT INTO sales_by_day (day, revenue_cents, paid_orders, above_minimum)
    SELECT (paid_at AT TIME ZONE 'UTC')::date, sum(sign * price_cents), sum(sign),
           coalesce(sum(sign) FILTER (WHERE quantity > min_order_quantity), 0)
      FROM %s AS c
     WHERE state IN ('paid', 'shipped') AND paid_at IS NOT NULL
     GROUP BY 1
    HAVING sum(sign) <> 0 OR sum(sign * price_cents) <> 0
        OR coalesce(sum(sign) FILTER (WHERE quantity > min_order_quantity), 0) <> 0
  $sql$, changed);
  -- A new order has no lines yet (they reference it): its lines count when they are inserted.
  IF TG_OP = 'UPDATE' THEN
    EXECUTE format($sql$
      INSERT INTO units_sold_by_day (day, tool_id, orphan_name, units)
      SELECT (c.paid_at AT TIME ZONE 'UTC')::date, l.tool_id,
             CASE WHEN l.tool_id IS NULL THEN l.tool_name END, sum(c.sign * l.quantity)
        FROM %s AS c
        JOIN order_lines l ON l.order_id = c.id
       WHERE c.state IN ('paid', 'shipped') AND c.paid_at IS NOT NULL
       GROUP BY 1, 2, 3
      HAVING sum(c.sign * l.quantity) <> 0
    $sql$, changed);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION order_rollups_after_lines() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($sql$
    INSERT INTO units_sold_by_day (day, tool_id, orphan_name, units)
    SELECT (o.paid_at AT TIME ZONE 'UTC')::date, l.tool_id,
           CASE WHEN l.tool_id IS NULL THEN l.tool_name END, sum(l.sign * l.quantity)
      FROM %s AS l
      JOIN orders o ON o.id = l.order_id
     WHERE o.state IN ('paid', 'shipped') AND o.paid_at IS NOT NULL
     GROUP BY 1, 2, 3
    HAVING sum(l.sign * l.quantity) <> 0
  $sql$, order_rollups_changed_rows(TG_OP));
  RETURN NULL;
END;
$$;

-- Orders keep their history (decision 0033): nothing deletes one, and the roll-up relies on it
-- (a deleted order's lines would go with it, uncounted).
CREATE OR REPLACE FUNCTION orders_keep_history() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'orders keep their history: DELETE refused';
END;
$$;

CREATE OR REPLACE TRIGGER orders_keep_history
  BEFORE DELETE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION orders_keep_history();

CREATE OR REPLACE TRIGGER orders_rollups_after_insert
  AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_after_orders();

CREATE OR REPLACE TRIGGER orders_rollups_after_update
  AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_after_orders();

CREATE OR REPLACE TRIGGER order_lines_rollups_after_insert
  AFTER INSERT ON "order_lines" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_after_lines();

CREATE OR REPLACE TRIGGER order_lines_rollups_after_update
  AFTER UPDATE ON "order_lines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_after_lines();

CREATE OR REPLACE TRIGGER order_lines_rollups_after_delete
  AFTER DELETE ON "order_lines" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_rollups_after_lines();

-- Merges each day's rows into one per key (folded), so that a period reads about one row per
-- day, state or tool. Rows a transaction still writing adds are not visible here and wait for
-- the next fold; a delta is deleted by exactly one fold, so nothing is counted twice. One fold at
-- a time (a lock for the transaction): a second one waits, then folds what the first left.
CREATE OR REPLACE FUNCTION fold_order_rollups() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('fold_order_rollups'));
  WITH days AS (SELECT DISTINCT day FROM sales_by_day WHERE NOT folded),
       merged AS (DELETE FROM sales_by_day s USING days WHERE s.day = days.day RETURNING s.*)
  INSERT INTO sales_by_day (day, revenue_cents, paid_orders, above_minimum, folded)
  SELECT day, sum(revenue_cents), sum(paid_orders), sum(above_minimum), true
    FROM merged GROUP BY day
  HAVING sum(revenue_cents) <> 0 OR sum(paid_orders) <> 0 OR sum(above_minimum) <> 0;

  WITH days AS (SELECT DISTINCT day FROM orders_placed_by_day WHERE NOT folded),
       merged AS (DELETE FROM orders_placed_by_day s USING days WHERE s.day = days.day RETURNING s.*)
  INSERT INTO orders_placed_by_day (day, state, orders, value_cents, folded)
  SELECT day, state, sum(orders), sum(value_cents), true
    FROM merged GROUP BY day, state
  HAVING sum(orders) <> 0 OR sum(value_cents) <> 0;

  WITH days AS (SELECT DISTINCT day FROM units_sold_by_day WHERE NOT folded),
       merged AS (DELETE FROM units_sold_by_day s USING days WHERE s.day = days.day RETURNING s.*)
  INSERT INTO units_sold_by_day (day, tool_id, orphan_name, units, folded)
  SELECT day, tool_id, orphan_name, sum(units), true
    FROM merged GROUP BY day, tool_id, orphan_name
  HAVING sum(units) <> 0;
END;
$$;

-- The roll-up made again from the orders, folded. Writers of orders and lines wait meanwhile
-- (SHARE lets readers on). Run below whenever this file changes, so that a roll-up kept by
-- earlier rules never mixes with one kept by these.
CREATE OR REPLACE FUNCTION rebuild_order_rollups() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE orders, order_lines IN SHARE MODE;
  DELETE FROM sales_by_day;
  DELETE FROM orders_placed_by_day;
  DELETE FROM units_sold_by_day;
  INSERT INTO orders_placed_by_day (day, state, orders, value_cents, folded)
  SELECT (created_at AT TIME ZONE 'UTC')::date, state, count(*), sum(price_cents), true
    FROM orders GROUP BY 1, 2;
  INSERT INTO sales_by_day (day, revenue_cents, paid_orders, above_minimum, folded)
  SELECT (paid_at AT TIME ZONE 'UTC')::date, sum(price_cents), count(*),
         count(*) FILTER (WHERE quantity > min_order_quantity), true
    FROM orders
   WHERE state IN ('paid', 'shipped') AND paid_at IS NOT NULL
   GROUP BY 1;
  INSERT INTO units_sold_by_day (day, tool_id, orphan_name, units, folded)
  SELECT (o.paid_at AT TIME ZONE 'UTC')::date, l.tool_id,
         CASE WHEN l.tool_id IS NULL THEN l.tool_name END, sum(l.quantity), true
    FROM orders o
    JOIN order_lines l ON l.order_id = o.id
   WHERE o.state IN ('paid', 'shipped') AND o.paid_at IS NOT NULL
   GROUP BY 1, 2, 3;
END;
$$;

SELECT rebuild_order_rollups();

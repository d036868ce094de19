-- What an order cost beyond its own rows (issue 11; decision 0019, "What an order costs").
--
-- 1. The search vector was a generated column: PostgreSQL recomputes a stored generated column
--    on every update of its row, so every order's stock decrement ran to_tsvector over the
--    tool's name and description. It is now an ordinary column that a trigger writes when a
--    tool is added or its name or description is written, and no other time.
ALTER TABLE "tools" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
CREATE FUNCTION tools_search_vector() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.search_vector := to_tsvector('english', NEW.name || ' ' || NEW.description);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER tools_search_vector
  BEFORE INSERT OR UPDATE OF name, description ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_search_vector();--> statement-breakpoint
-- 2. place_order counts the customer's unpaid orders (§23): from their own index, not by
--    visiting every order the customer ever placed.
CREATE INDEX "orders_unpaid_user_id_idx" ON "orders" USING btree ("user_id") WHERE "orders"."state" = 'unpaid';--> statement-breakpoint
-- 3. The price ladder, same answer, in PL/pgSQL: as a SQL function with a subquery it could not
--    be inlined and was planned afresh on every call (about 70 µs, three calls per order);
--    a PL/pgSQL loop over the rungs takes a few µs. The highest rung at or below the quantity
--    wins; none, and the base price applies.
CREATE OR REPLACE FUNCTION applied_unit_price_cents(p_price_breaks jsonb, p_base_cents integer, p_quantity integer)
RETURNS integer
LANGUAGE plpgsql
IMMUTABLE
AS $$
DECLARE
  v_best_from integer;
  v_best_cents integer;
  v_from integer;
BEGIN
  FOR i IN 0 .. jsonb_array_length(p_price_breaks) - 1 LOOP
    v_from := (p_price_breaks -> i ->> 'fromQuantity')::integer;
    IF v_from <= p_quantity AND (v_best_from IS NULL OR v_from > v_best_from) THEN
      v_best_from := v_from;
      v_best_cents := (p_price_breaks -> i ->> 'unitPriceCents')::integer;
    END IF;
  END LOOP;
  RETURN COALESCE(v_best_cents, p_base_cents);
END;
$$;

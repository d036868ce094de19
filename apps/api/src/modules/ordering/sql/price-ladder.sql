-- The unit price an order of `p_quantity` pays (docs/behaviour.md §3.7): the highest price break
-- at or below the quantity, or the base price when none is reached. The same ladder as
-- packages/shared/src/pricing.ts; test/order-decision.property.test.ts ties the two. PL/pgSQL
-- rather than SQL: a loop over a few rungs costs microseconds, where a SQL function with a
-- subquery was planned afresh on every call (decision 0019).
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

-- An order keeps the minimum order quantity its tool had when it was placed, for the owner's
-- dashboard's 'above the minimum' share (docs/behaviour.md §8.2). Filled by the database rather
-- than by place_order, so that every way an order is written records it. In place_order the
-- tool's row is already locked and updated in this transaction: the minimum read here is the
-- one the order was checked against.
CREATE OR REPLACE FUNCTION record_order_min_quantity() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.min_order_quantity IS NULL AND NEW.tool_id IS NOT NULL THEN
    SELECT min_order_quantity INTO NEW.min_order_quantity FROM tools WHERE id = NEW.tool_id;
  END IF;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER orders_record_min_order_quantity
  BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION record_order_min_quantity();

-- The owner's dashboard (docs/behaviour.md §22). An order keeps the tool's minimum order quantity
-- of the moment it was placed, for the 'above the minimum' share; paid orders are read by paid_at.
ALTER TABLE "orders" ADD COLUMN "min_order_quantity" integer;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
-- Orders placed before this migration: the minimum their tool has now, the best there is.
UPDATE "orders" SET "min_order_quantity" = "tools"."min_order_quantity"
  FROM "tools" WHERE "tools"."id" = "orders"."tool_id";--> statement-breakpoint
-- Filled by the database rather than by place_order, so that every way an order is written
-- (place_order, imports, tests) records it, and place_order stays as 0010 left it. In
-- place_order the tool's row is already locked and updated in this transaction: the minimum
-- read here is the one the order was checked against.
CREATE FUNCTION record_order_min_quantity() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  IF NEW.min_order_quantity IS NULL AND NEW.tool_id IS NOT NULL THEN
    SELECT min_order_quantity INTO NEW.min_order_quantity FROM tools WHERE id = NEW.tool_id;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_record_min_order_quantity
  BEFORE INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION record_order_min_quantity();

-- Every order inserted (place_order's insert included) queues its 'placed' mail in the same
-- transaction: one small insert, no round trip, no NOTIFY (docs/decisions/0030-jobs-and-order-mail-outbox.md).
CREATE OR REPLACE FUNCTION "order_mail_on_order_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_mail_outbox" ("order_id", "kind", "order_snapshot")
  VALUES (NEW."id", 'placed', to_jsonb(NEW))
  ON CONFLICT ("order_id", "kind") DO NOTHING;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER "orders_queue_placed_mail" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_mail_on_order_placed"();

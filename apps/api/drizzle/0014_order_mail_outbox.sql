CREATE TABLE "order_mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"order_snapshot" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "order_mail_outbox_order_kind" UNIQUE("order_id","kind"),
	CONSTRAINT "order_mail_outbox_status" CHECK ("order_mail_outbox"."status" IN ('pending', 'sent', 'failed')),
	CONSTRAINT "order_mail_outbox_kind" CHECK ("order_mail_outbox"."kind" IN ('placed', 'paid', 'shipped', 'cancelled', 'refunded', 'expiring-soon', 'expired'))
);
--> statement-breakpoint
CREATE INDEX "order_mail_outbox_due_idx" ON "order_mail_outbox" USING btree ("next_attempt_at") WHERE "order_mail_outbox"."status" = 'pending';--> statement-breakpoint
-- Every order inserted (place_order's insert included) queues its 'placed' mail in the same
-- transaction: one small insert, no round trip, no NOTIFY (docs/decisions/0030-jobs-and-order-mail-outbox.md).
CREATE FUNCTION "order_mail_on_order_placed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_mail_outbox" ("order_id", "kind", "order_snapshot")
  VALUES (NEW."id", 'placed', to_jsonb(NEW))
  ON CONFLICT ("order_id", "kind") DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_queue_placed_mail" AFTER INSERT ON "orders"
  FOR EACH ROW EXECUTE FUNCTION "order_mail_on_order_placed"();

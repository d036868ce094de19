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
-- Every order inserted queues its 'placed' mail (function and trigger): defined once, in
-- apps/api/src/modules/ordering/sql/queue-placed-mail.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

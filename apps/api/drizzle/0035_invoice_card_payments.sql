CREATE TABLE "invoice_card_intents" (
	"intent_id" text PRIMARY KEY NOT NULL,
	"invoice_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demo_payment_intents" ADD COLUMN "invoice_id" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD COLUMN "intent_id" text;--> statement-breakpoint
ALTER TABLE "invoice_card_intents" ADD CONSTRAINT "invoice_card_intents_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_card_intents" ADD CONSTRAINT "invoice_card_intents_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_card_intents_invoice_id_idx" ON "invoice_card_intents" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_intent_id_unique" UNIQUE("intent_id");--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_intent_is_card" CHECK ("invoice_payments"."intent_id" IS NULL OR "invoice_payments"."method" = 'card');
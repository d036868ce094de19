CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"received_on" date NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_method_known" CHECK ("invoice_payments"."method" IN ('bank-transfer', 'cheque', 'card', 'other'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid,
	"bill_to" jsonb NOT NULL,
	"invoice_email" text NOT NULL,
	"po_number" text,
	"terms_days" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_on" date NOT NULL,
	"total_cents" bigint NOT NULL,
	"paid_cents" bigint DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"voided_at" timestamp with time zone,
	"issued_by" text,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_year_sequence" UNIQUE("year","sequence"),
	CONSTRAINT "invoices_state_known" CHECK ("invoices"."state" IN ('open', 'paid', 'void')),
	CONSTRAINT "invoices_total_positive" CHECK ("invoices"."total_cents" > 0),
	CONSTRAINT "invoices_paid_within_total" CHECK ("invoices"."paid_cents" >= 0 AND "invoices"."paid_cents" <= "invoices"."total_cents"),
	CONSTRAINT "invoices_paid_when_settled" CHECK ("invoices"."state" = 'void' OR ("invoices"."state" = 'paid') = ("invoices"."paid_cents" = "invoices"."total_cents")),
	CONSTRAINT "invoices_void_has_time" CHECK (("invoices"."state" = 'void') = ("invoices"."voided_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "order_mail_outbox" DROP CONSTRAINT "order_mail_outbox_kind";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "terms_days" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_cents" bigint;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_email" text;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_id_idx" ON "invoice_payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_company_id_issued_at_idx" ON "invoices" USING btree ("company_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_open_due_on_idx" ON "invoices" USING btree ("company_id","due_on") WHERE "invoices"."state" = 'open';--> statement-breakpoint
ALTER TABLE "order_mail_outbox" ADD CONSTRAINT "order_mail_outbox_kind" CHECK ("order_mail_outbox"."kind" IN ('placed', 'paid', 'shipped', 'cancelled', 'refunded', 'expiring-soon', 'expired', 'invoiced', 'invoice-due-soon', 'invoice-overdue'));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_terms_whole" CHECK (("companies"."terms_days" IS NULL) = ("companies"."credit_limit_cents" IS NULL) AND ("companies"."terms_days" IS NULL) = ("companies"."invoice_email" IS NULL));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_terms_days_known" CHECK ("companies"."terms_days" IN (15, 30, 60));--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_positive" CHECK ("companies"."credit_limit_cents" > 0);
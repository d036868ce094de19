-- Tax (docs/behaviour.md §5.22): the shop's registrations and rates, companies' resale
-- certificates, and the tax lines every order freezes; an order's price is now items, shipping and
-- tax. place_order takes the order's tax rule as one more argument: its old signature goes, and
-- the new one comes from ordering/sql/place-order.sql after the migrations.
DROP FUNCTION IF EXISTS place_order(text, text, text, jsonb, text, text, jsonb, text, text, text, integer, bigint, bigint, bigint);--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"jurisdiction" text NOT NULL,
	"label" text NOT NULL,
	"reason" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"taxes_shipping" boolean NOT NULL,
	"taxable_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"reference" text,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "order_tax_lines_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_tax_lines_reason_known" CHECK ("order_tax_lines"."reason" IN ('taxed', 'exempt', 'reverse-charge', 'not-registered')),
	CONSTRAINT "order_tax_lines_untaxed_is_zero" CHECK ("order_tax_lines"."reason" = 'taxed' OR "order_tax_lines"."tax_cents" = 0),
	CONSTRAINT "order_tax_lines_tax_matches_rate" CHECK ("order_tax_lines"."tax_cents" = ("order_tax_lines"."taxable_cents" * "order_tax_lines"."rate_ppm" + 500000) / 1000000)
);
--> statement-breakpoint
CREATE TABLE "resale_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"country" text NOT NULL,
	"region" text NOT NULL,
	"number" text NOT NULL,
	"expires_on" date NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reject_reason" text,
	"file_key" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "resale_certificates_state_known" CHECK ("resale_certificates"."state" IN ('pending', 'verified', 'rejected')),
	CONSTRAINT "resale_certificates_reject_has_reason" CHECK (("resale_certificates"."state" = 'rejected') = ("resale_certificates"."reject_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "tax_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"region" text,
	"label" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"taxes_shipping" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_registrations_rate_in_range" CHECK ("tax_registrations"."rate_ppm" BETWEEN 0 AND 1000000),
	CONSTRAINT "tax_registrations_region_upper" CHECK ("tax_registrations"."region" = upper("tax_registrations"."region"))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_price_is_items_plus_shipping";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resale_certificates_company_id_idx" ON "resale_certificates" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_registrations_place_idx" ON "tax_registrations" USING btree ("country",coalesce("region", ''));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_price_is_items_shipping_and_tax" CHECK ("orders"."price_cents" = "orders"."items_total_cents" + "orders"."shipping_cents" + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_non_negative" CHECK ("orders"."tax_cents" >= 0);
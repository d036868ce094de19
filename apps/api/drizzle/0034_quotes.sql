CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"tool_id" uuid NOT NULL,
	"tool_name" text NOT NULL,
	"sku" text,
	"quantity" integer NOT NULL,
	"list_unit_price_cents" integer NOT NULL,
	"quoted_unit_price_cents" integer,
	CONSTRAINT "quote_lines_quote_id_position_pk" PRIMARY KEY("quote_id","position"),
	CONSTRAINT "quote_lines_quote_tool" UNIQUE("quote_id","tool_id"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_quoted_positive" CHECK ("quote_lines"."quoted_unit_price_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sequence" bigserial NOT NULL,
	"user_id" text NOT NULL,
	"company_id" uuid,
	"state" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"message" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" text,
	"expires_on" date,
	"accepted_at" timestamp with time zone,
	"order_id" uuid,
	CONSTRAINT "quotes_sequence_unique" UNIQUE("sequence"),
	CONSTRAINT "quotes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "quotes_state_known" CHECK ("quotes"."state" IN ('requested', 'sent', 'accepted')),
	CONSTRAINT "quotes_sent_has_expiry" CHECK (("quotes"."state" = 'requested') = ("quotes"."expires_on" IS NULL)),
	CONSTRAINT "quotes_accepted_has_order" CHECK (("quotes"."state" = 'accepted') = ("quotes"."order_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_user_id_idx" ON "quotes" USING btree ("user_id","requested_at");--> statement-breakpoint
CREATE INDEX "quotes_requested_at_idx" ON "quotes" USING btree ("requested_at");
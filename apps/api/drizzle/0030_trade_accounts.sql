-- Trade accounts (docs/behaviour.md §4.18): companies and their applications, members with roles and
-- limits, single-use invitations, contract prices, and an order's company and approval.
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"tax_number" text NOT NULL,
	"billing_address" jsonb NOT NULL,
	"phone" text NOT NULL,
	"monthly_volume" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"applicant_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "companies_state_known" CHECK ("companies"."state" IN ('pending', 'approved', 'declined')),
	CONSTRAINT "companies_decline_has_reason" CHECK (("companies"."state" = 'declined') = ("companies"."decline_reason" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"order_limit_cents" integer,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role_known" CHECK ("company_invitations"."role" IN ('admin', 'buyer', 'viewer')),
	CONSTRAINT "company_invitations_limit_positive" CHECK ("company_invitations"."order_limit_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"user_id" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"role" text NOT NULL,
	"order_limit_cents" integer,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_role_known" CHECK ("company_members"."role" IN ('admin', 'buyer', 'viewer')),
	CONSTRAINT "company_members_limit_positive" CHECK ("company_members"."order_limit_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_prices" (
	"company_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"price_breaks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_prices_company_id_tool_id_pk" PRIMARY KEY("company_id","tool_id"),
	CONSTRAINT "contract_prices_unit_price_positive" CHECK ("contract_prices"."unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_state" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_decided_by" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_prices" ADD CONSTRAINT "contract_prices_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_one_pending_per_applicant" ON "companies" USING btree ("applicant_id") WHERE "companies"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "company_invitations_company_id_idx" ON "company_invitations" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_members_company_id_idx" ON "company_members" USING btree ("company_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_decided_by_users_id_fk" FOREIGN KEY ("approval_decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_company_id_created_at_idx" ON "orders" USING btree ("company_id","created_at") WHERE "orders"."company_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_state_known" CHECK ("orders"."approval_state" IS NULL OR "orders"."approval_state" IN ('awaiting', 'approved', 'declined'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_only_when_approved" CHECK (NOT "orders"."paid" OR "orders"."approval_state" IS NULL OR "orders"."approval_state" = 'approved');--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" IN ('placed', 'payment-started', 'paid', 'shipped', 'cancelled-by-customer', 'cancelled-by-admin', 'refunded', 'expired', 'approval-requested', 'approved', 'approval-declined'));
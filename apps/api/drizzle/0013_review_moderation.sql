ALTER TABLE "reviews" ADD COLUMN "tool_id" uuid;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_one_per_customer_and_tool" UNIQUE("user_id","tool_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_with_reason" CHECK (("reviews"."hidden_at" IS NULL) = ("reviews"."hidden_reason" IS NULL));--> statement-breakpoint
-- The form's fixed title said 'Verified customer' on every review, bought or not; the 'Verified
-- buyer' badge now says that honestly (docs/decisions/0029), so the fixed title becomes neutral.
UPDATE "reviews" SET "title" = 'Customer review' WHERE "title" = 'Verified customer';

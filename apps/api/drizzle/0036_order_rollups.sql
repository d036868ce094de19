CREATE TABLE "orders_placed_by_day" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"state" text NOT NULL,
	"orders" integer NOT NULL,
	"value_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sales_by_day" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"revenue_cents" bigint NOT NULL,
	"paid_orders" integer NOT NULL,
	"above_minimum" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units_sold_by_day" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"folded" boolean DEFAULT false NOT NULL,
	"tool_id" uuid,
	"orphan_name" text,
	"units" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_placed_by_day_day_idx" ON "orders_placed_by_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_placed_by_day_unfolded_idx" ON "orders_placed_by_day" USING btree ("day") WHERE NOT "orders_placed_by_day"."folded";--> statement-breakpoint
CREATE INDEX "sales_by_day_day_idx" ON "sales_by_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sales_by_day_unfolded_idx" ON "sales_by_day" USING btree ("day") WHERE NOT "sales_by_day"."folded";--> statement-breakpoint
CREATE INDEX "units_sold_by_day_day_idx" ON "units_sold_by_day" USING btree ("day");--> statement-breakpoint
CREATE INDEX "units_sold_by_day_unfolded_idx" ON "units_sold_by_day" USING btree ("day") WHERE NOT "units_sold_by_day"."folded";
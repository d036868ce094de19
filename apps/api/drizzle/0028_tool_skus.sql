-- Every tool has a SKU, the part number buyers order by (docs/behaviour.md §3.14). Tools added
-- before, and tools added later without one, get 'BW-' and ten random hex digits (the default is
-- volatile, so each existing row gets its own), which an admin may change. Order lines keep the
-- SKU they were ordered by; lines placed before this migration take their tool's.
ALTER TABLE "tools" ADD COLUMN "sku" text DEFAULT 'BW-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 10)) NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "sku" text;--> statement-breakpoint
UPDATE "order_lines" SET "sku" = "tools"."sku" FROM "tools" WHERE "tools"."id" = "order_lines"."tool_id";--> statement-breakpoint
CREATE UNIQUE INDEX "tools_sku_lower_idx" ON "tools" USING btree (lower("sku") text_pattern_ops);

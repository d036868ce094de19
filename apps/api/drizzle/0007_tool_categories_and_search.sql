-- Every tool gets one of the three product lines (docs/behaviour.md §3.2). Rows that exist
-- already are sorted by what their name says; anything else is a home painting tool.
ALTER TABLE "tools" ADD COLUMN "category" text NOT NULL DEFAULT 'home';--> statement-breakpoint
UPDATE "tools" SET "category" = CASE
  WHEN "name" ~* '(spray|extension pole|mixer|filling knife|scraper|professional|contractor|airless)' THEN 'professional'
  WHEN "name" ~* '(artist|student|canvas|palette|school|class)' THEN 'student'
  ELSE 'home'
END;--> statement-breakpoint
-- From now on the API names the category of each new tool; no default hides a missing one.
ALTER TABLE "tools" ALTER COLUMN "category" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_category_known" CHECK ("tools"."category" IN ('home', 'professional', 'student'));--> statement-breakpoint
-- Full-text search (§3.4): the document is kept by the database on every write, indexed.
ALTER TABLE "tools" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english', "name" || ' ' || "description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_search_idx" ON "tools" USING gin ("search_vector");

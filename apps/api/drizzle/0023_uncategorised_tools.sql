-- A tool may be uncategorised (docs/behaviour.md §3.2, issue 25): a client written to the spec
-- adds tools with no category, and the admin screens ask for one. NULL, not a fourth slug: no
-- category filter or product line names it, and the check of tools_category_known lets NULL by
-- (decision 0036).
ALTER TABLE "tools" ALTER COLUMN "category" DROP NOT NULL;
-- What an order cost beyond its own rows (issue 11; decision 0019, "What an order costs").
--
-- 1. The search vector was a generated column: PostgreSQL recomputes a stored generated column
--    on every update of its row, so every order's stock decrement ran to_tsvector over the
--    tool's name and description. It is now an ordinary column that a trigger writes when a
--    tool is added or its name or description is written, and no other time.
ALTER TABLE "tools" ALTER COLUMN "search_vector" DROP EXPRESSION;--> statement-breakpoint
ALTER TABLE "tools" ALTER COLUMN "search_vector" SET DEFAULT ''::tsvector;--> statement-breakpoint
-- The trigger that writes the search vector: defined once, in
-- apps/api/src/modules/catalogue/sql/tools-search-vector.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;--> statement-breakpoint
-- 2. place_order counts the customer's unpaid orders (§5.5): from their own index, not by
--    visiting every order the customer ever placed.
CREATE INDEX "orders_unpaid_user_id_idx" ON "orders" USING btree ("user_id") WHERE "orders"."state" = 'unpaid';--> statement-breakpoint
-- 3. The price ladder in PL/pgSQL: defined once, in
-- apps/api/src/modules/ordering/sql/price-ladder.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

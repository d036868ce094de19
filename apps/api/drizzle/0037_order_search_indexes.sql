-- Trigram indexes for Total Orders' search (docs/behaviour.md §5.15). pg_trgm ships with
-- PostgreSQL and is a trusted extension: the role that owns the database may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_email_trgm_idx" ON "orders" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_state_created_at_idx" ON "orders" USING btree ("state","created_at","id");
-- What the database last got of each SQL source file (apps/api/src/db/sql-sources.ts): functions
-- and triggers are defined in source files, applied after the migrations when they change.
CREATE TABLE "sql_sources" (
	"name" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);

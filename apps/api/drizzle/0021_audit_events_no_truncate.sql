-- The audit trail is append-only (docs/behaviour.md §8.8, decision 0028), but the row trigger
-- of migration 0012 never fires for TRUNCATE, which empties a table without visiting its rows:
-- the shop's database role could wipe the trail with one statement (issue 25). A statement-level
-- trigger refuses it, with the same function and message as UPDATE and DELETE. Only the
-- table's owner can drop a trigger: a deployment keeps the shop's own role from owning the
-- table (deploy/postgres-roles.sql, decision 0035).
-- The statement trigger: defined once, in
-- apps/api/src/modules/audit/sql/append-only.sql, which the database is brought to after the
-- migrations (apps/api/src/db/sql-sources.ts); the definition that stood here is in git's history.
SELECT 1;

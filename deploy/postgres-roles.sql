-- The shop's database roles (docs/decisions/0035-database-roles.md, docs/behaviour.md §8.8).
-- Run once by the postgres image on a new data volume (compose.yaml mounts this file into
-- /docker-entrypoint-initdb.d), as the superuser, in the shop's database; by hand elsewhere:
--   SHOP_OWNER_PASSWORD=… SHOP_APP_PASSWORD=… psql -v ON_ERROR_STOP=1 -d shop -f deploy/postgres-roles.sql
--
-- shop_owner owns the database and every table: MIGRATION_DATABASE_URL names it, and the shop
--   uses it only to apply its migrations at start, then grants shop_app its rights.
-- shop_app is what the shop runs as (DATABASE_URL): it owns no table, so it can neither drop a
--   trigger nor TRUNCATE; on every table it may SELECT, INSERT, UPDATE and DELETE, and on the
--   audit trail only SELECT and INSERT (apps/api/src/db/shop-role-grants.ts).

\getenv owner_password SHOP_OWNER_PASSWORD
\getenv app_password SHOP_APP_PASSWORD

CREATE ROLE shop_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE shop_app LOGIN PASSWORD :'app_password';

ALTER DATABASE :"DBNAME" OWNER TO shop_owner;
-- Only the owner creates tables in `public` (PostgreSQL 15 and later have it so already).
ALTER SCHEMA public OWNER TO shop_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
REVOKE ALL ON DATABASE :"DBNAME" FROM PUBLIC;
-- CREATE on the database lets the shop make schemas of its own: pg-boss keeps its job tables in
-- the schema `pgboss`, which it creates at first start. It gives no right in `public`.
GRANT CONNECT, TEMPORARY, CREATE ON DATABASE :"DBNAME" TO shop_app;

import type pg from 'pg';

/** The audit trail: the one table the shop's role may only read and add to (§8.8). */
const AUDIT_TABLE = 'audit_events';

/**
 * What the shop's own role (DATABASE_URL's user) may do when another role owns the tables and
 * applies the migrations (MIGRATION_DATABASE_URL, docs/decisions/0035-database-roles.md):
 * read and write every table of the shop, use its sequences, and on the audit trail only read
 * and add. It owns nothing, so it can neither TRUNCATE nor drop or disable a trigger: the
 * trail stays append-only whatever SQL the shop's connection runs. Granted after every
 * migration run, so a table a new migration adds is covered before the shop uses it; granting
 * again what a role holds changes nothing.
 */
export async function grantShopRole(owner: pg.ClientBase, role: string): Promise<void> {
  const grantee = owner.escapeIdentifier(role);
  await owner.query(`GRANT USAGE ON SCHEMA public TO ${grantee}`);
  await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${grantee}`);
  await owner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${grantee}`);
  await owner.query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${AUDIT_TABLE} FROM ${grantee}`);
}

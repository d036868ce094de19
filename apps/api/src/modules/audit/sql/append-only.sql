-- The audit trail is append-only (docs/behaviour.md §8.8, decision 0028): no one, the shop's own
-- code included, rewrites or removes what an admin did. A row trigger refuses UPDATE and DELETE;
-- TRUNCATE, which empties a table without visiting its rows, is refused by a statement trigger.
-- Only the table's owner can drop a trigger, and the shop's own role owns no table (decision 0035).
CREATE OR REPLACE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP;
END;
$$;

CREATE OR REPLACE TRIGGER audit_events_append_only
  BEFORE DELETE OR UPDATE ON "audit_events"
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();

CREATE OR REPLACE TRIGGER audit_events_no_truncate
  BEFORE TRUNCATE ON "audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();

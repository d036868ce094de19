-- The search vector of a tool (docs/behaviour.md §3.4), written when a tool is added or its
-- name or description is written, and at no other time: a stock change by an order leaves it
-- alone (a generated column was recomputed on every update of the row; decision 0019).
CREATE OR REPLACE FUNCTION tools_search_vector() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.search_vector := to_tsvector('english', NEW.name || ' ' || NEW.description);
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER tools_search_vector
  BEFORE INSERT OR UPDATE OF name, description ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_search_vector();

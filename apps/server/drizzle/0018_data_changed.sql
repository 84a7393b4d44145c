-- Tells every instance that data changed, so caches of whole reads (db/read-cache.ts) drop what
-- they hold: a statement-level trigger on every table NOTIFYs `data_changed` (heard by each
-- instance's listening connection, at commit) and `data_changed_<backend pid>` (heard by the
-- pooled connection that made the change itself, before its statement or COMMIT returns, so the
-- instance that writes never reads its own old data). PostgreSQL folds the identical
-- notifications of one transaction into one, and sends none for a transaction that rolls back.
-- Not on the bookkeeping tables no record's read shows, which change without anything to drop:
-- jobs (the runner's claim is an UPDATE on every poll, even with nothing to claim), rate_limits
-- (every sign-in attempt), sessions and refresh_tokens (every sign-in and refresh; live sessions
-- have their own cache and events) and idempotency_keys (the keyed request's own writes notify).
-- A table added later gets the trigger in its own migration (test: db/read-cache.test.ts).
CREATE OR REPLACE FUNCTION data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changed', '');
  PERFORM pg_notify('data_changed_' || pg_backend_pid(), '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')
      AND c.relname NOT IN ('jobs', 'rate_limits', 'sessions', 'refresh_tokens', 'idempotency_keys')
  LOOP
    EXECUTE format(
      'CREATE TRIGGER data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON public.%I FOR EACH STATEMENT EXECUTE FUNCTION data_changed()',
      t);
  END LOOP;
END $$;

CREATE TABLE "completion_day_stats" (
	"day" date NOT NULL,
	"service_type" text NOT NULL,
	"priority" "request_priority" NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"first_time_fixed" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "completion_day_stats_day_service_type_priority_pk" PRIMARY KEY("day","service_type","priority")
);
--> statement-breakpoint
CREATE TABLE "request_day_stats" (
	"day" date NOT NULL,
	"status" "service_request_status" NOT NULL,
	"service_type" text NOT NULL,
	"priority" "request_priority" NOT NULL,
	"requests" integer DEFAULT 0 NOT NULL,
	"responded" integer DEFAULT 0 NOT NULL,
	"response_seconds" numeric DEFAULT '0' NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"completion_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "request_day_stats_day_status_service_type_priority_pk" PRIMARY KEY("day","status","service_type","priority")
);
--> statement-breakpoint
-- Written by hand (drizzle-kit cannot express functions and triggers): the rollups are kept by
-- statement-level triggers with transition tables, so every writer — the services, the demo
-- seed, a bulk load, plain SQL — keeps them right, in its own transaction. Decision 008.

-- The company's time zone as the settings module reads it (its default, Asia/Riyadh, is
-- DEFAULTS.time_zone in modules/settings/service.ts).
CREATE FUNCTION company_time_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'time_zone'), 'Asia/Riyadh')
$$;
--> statement-breakpoint
-- The two statements that add the rows of `source` (a query of service_requests rows with a sign
-- `n`: -1 for the rows before a change, +1 after) to the rollups; `$1` is the time zone. They are
-- run by the trigger itself (a transition table is visible only to statements the trigger runs,
-- not to a function it calls). Keys are taken in order, so two transactions lock rollup rows in
-- the same order and never deadlock; keys whose figures do not move are skipped.
CREATE FUNCTION request_stats_statements(source text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$
  SELECT ARRAY[
    format($q$
    INSERT INTO request_day_stats AS s (day, status, service_type, priority, requests, responded, response_seconds, completed, completion_seconds)
    SELECT * FROM (
      SELECT (d.created_at AT TIME ZONE $1)::date, d.status, d.service_type, d.priority,
        sum(d.n)::int,
        sum(d.n * (d.first_response_at IS NOT NULL)::int)::int,
        sum(d.n * coalesce(extract(epoch FROM d.first_response_at - d.created_at), 0)),
        sum(d.n * (d.completed_at IS NOT NULL)::int)::int,
        sum(d.n * coalesce(extract(epoch FROM d.completed_at - d.created_at), 0))
      FROM (%s) d GROUP BY 1, 2, 3, 4
    ) g (day, status, service_type, priority, requests, responded, response_seconds, completed, completion_seconds)
    WHERE g.requests <> 0 OR g.responded <> 0 OR g.response_seconds <> 0 OR g.completed <> 0 OR g.completion_seconds <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (day, status, service_type, priority) DO UPDATE SET
      requests = s.requests + excluded.requests,
      responded = s.responded + excluded.responded,
      response_seconds = s.response_seconds + excluded.response_seconds,
      completed = s.completed + excluded.completed,
      completion_seconds = s.completion_seconds + excluded.completion_seconds
  $q$, source),
    format($q$
    INSERT INTO completion_day_stats AS s (day, service_type, priority, completed, first_time_fixed, ratings, rating_sum)
    SELECT * FROM (
      SELECT (d.completed_at AT TIME ZONE $1)::date, d.service_type, d.priority,
        sum(d.n)::int,
        sum(d.n * (NOT d.ever_pending_parts AND d.reopen_count = 0)::int)::int,
        sum(d.n * (d.rating IS NOT NULL)::int)::int,
        sum(d.n * coalesce(d.rating, 0))::int
      FROM (%s) d WHERE d.status = 'completed' AND d.completed_at IS NOT NULL GROUP BY 1, 2, 3
    ) g (day, service_type, priority, completed, first_time_fixed, ratings, rating_sum)
    WHERE g.completed <> 0 OR g.first_time_fixed <> 0 OR g.ratings <> 0 OR g.rating_sum <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (day, service_type, priority) DO UPDATE SET
      completed = s.completed + excluded.completed,
      first_time_fixed = s.first_time_fixed + excluded.first_time_fixed,
      ratings = s.ratings + excluded.ratings,
      rating_sum = s.rating_sum + excluded.rating_sum
  $q$, source)
  ]
$fn$;
--> statement-breakpoint
CREATE FUNCTION request_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
  statement text;
BEGIN
  IF TG_TABLE_NAME = 'service_requests' AND TG_OP <> 'TRUNCATE' THEN
    source := CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT 1 AS n, * FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT -1 AS n, * FROM old_rows'
      ELSE 'SELECT -1 AS n, * FROM old_rows UNION ALL SELECT 1 AS n, * FROM new_rows' END;
  ELSE
    -- (NEW is read only here: a statement-level trigger on the requests has none.)
    IF TG_TABLE_NAME = 'settings' THEN
      IF NEW.key <> 'time_zone' THEN
        RETURN NULL;
      END IF;
    END IF;
    -- Everything again: the requests were truncated, or the days moved with a new time zone.
    DELETE FROM request_day_stats;
    DELETE FROM completion_day_stats;
    source := 'SELECT 1 AS n, * FROM service_requests';
  END IF;
  FOREACH statement IN ARRAY request_stats_statements(source) LOOP
    EXECUTE statement USING company_time_zone();
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER service_requests_stats_insert AFTER INSERT ON service_requests
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_stats_changed();
--> statement-breakpoint
CREATE TRIGGER service_requests_stats_update AFTER UPDATE ON service_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_stats_changed();
--> statement-breakpoint
CREATE TRIGGER service_requests_stats_delete AFTER DELETE ON service_requests
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_stats_changed();
--> statement-breakpoint
CREATE TRIGGER service_requests_stats_truncate AFTER TRUNCATE ON service_requests
  FOR EACH STATEMENT EXECUTE FUNCTION request_stats_changed();
--> statement-breakpoint
CREATE TRIGGER settings_time_zone_stats AFTER INSERT OR UPDATE OF value ON settings
  FOR EACH ROW EXECUTE FUNCTION request_stats_changed();
--> statement-breakpoint
-- The requests already there.
DO $$
DECLARE
  statement text;
BEGIN
  FOREACH statement IN ARRAY request_stats_statements('SELECT 1 AS n, * FROM service_requests') LOOP
    EXECUTE statement USING company_time_zone();
  END LOOP;
END $$;

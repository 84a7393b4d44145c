CREATE TABLE "stock_day_stats" (
	"day" date NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "stock_day_stats_day_item_id_pk" PRIMARY KEY("day","item_id")
);
--> statement-breakpoint
-- Kept like the request rollups of 0008 (decision 008): a statement-level trigger adds each
-- statement's movements (+ new, − old) per company day and item; a truncate or a new time zone
-- rebuilds it from the ledger.
CREATE FUNCTION stock_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  IF TG_TABLE_NAME = 'stock_movements' AND TG_OP <> 'TRUNCATE' THEN
    source := CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT 1 AS n, * FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT -1 AS n, * FROM old_rows'
      ELSE 'SELECT -1 AS n, * FROM old_rows UNION ALL SELECT 1 AS n, * FROM new_rows' END;
  ELSE
    -- (NEW is read only here: a statement-level trigger on the ledger has none.)
    IF TG_TABLE_NAME = 'settings' THEN
      IF NEW.key <> 'time_zone' THEN
        RETURN NULL;
      END IF;
    END IF;
    DELETE FROM stock_day_stats;
    source := 'SELECT 1 AS n, * FROM stock_movements';
  END IF;
  EXECUTE format($q$
    INSERT INTO stock_day_stats AS s (day, item_id, quantity)
    SELECT * FROM (
      SELECT (d.created_at AT TIME ZONE $1)::date, d.item_id, sum(d.n * d.quantity)
      FROM (%s) d GROUP BY 1, 2
    ) g (day, item_id, quantity)
    WHERE g.quantity <> 0
    ORDER BY 1, 2
    ON CONFLICT (day, item_id) DO UPDATE SET quantity = s.quantity + excluded.quantity
  $q$, source) USING company_time_zone();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_stats_insert AFTER INSERT ON stock_movements
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_stats_changed();
--> statement-breakpoint
CREATE TRIGGER stock_movements_stats_update AFTER UPDATE ON stock_movements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_stats_changed();
--> statement-breakpoint
CREATE TRIGGER stock_movements_stats_delete AFTER DELETE ON stock_movements
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stock_stats_changed();
--> statement-breakpoint
CREATE TRIGGER stock_movements_stats_truncate AFTER TRUNCATE ON stock_movements
  FOR EACH STATEMENT EXECUTE FUNCTION stock_stats_changed();
--> statement-breakpoint
CREATE TRIGGER settings_time_zone_stock_stats AFTER INSERT OR UPDATE OF value ON settings
  FOR EACH ROW EXECUTE FUNCTION stock_stats_changed();
--> statement-breakpoint
INSERT INTO stock_day_stats (day, item_id, quantity)
SELECT (created_at AT TIME ZONE company_time_zone())::date, item_id, sum(quantity)
FROM stock_movements GROUP BY 1, 2 HAVING sum(quantity) <> 0;

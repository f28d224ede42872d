-- transaction_daily_totals follows every write to transactions inside the same database
-- transaction: statement-level triggers with transition tables, so a 2,000-row import batch
-- costs one grouped upsert, and no code path (API, import, demo, other features) can forget it.
CREATE FUNCTION "transactions_maintain_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count)
    SELECT n.user_id, n.date, n.category, n.type, sum(n.amount_minor), count(*)
    FROM new_rows AS n
    GROUP BY n.user_id, n.date, n.category, n.type
    ORDER BY n.user_id, n.date, n.category, n.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_daily_totals AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count
    FROM (
      SELECT user_id, date, category, type, sum(amount_minor) AS total_minor, count(*) AS count
      FROM old_rows GROUP BY user_id, date, category, type
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
  ELSE
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count)
    SELECT c.user_id, c.date, c.category, c.type, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date, category, type, amount_minor AS total_minor, 1 AS count FROM new_rows
      UNION ALL
      SELECT user_id, date, category, type, -amount_minor, -1 FROM old_rows
    ) AS c
    GROUP BY c.user_id, c.date, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.date, c.category, c.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_daily_totals_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "transactions_daily_totals_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_daily_totals"();
--> statement-breakpoint
CREATE TRIGGER "transactions_daily_totals_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_daily_totals"();

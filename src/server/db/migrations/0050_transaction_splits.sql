-- Splits: a bank row divided into category lines. The lines are rows of their own (parent_id names the
-- split row; same user, account, type and date), so the rollups, the coach's figures and every aggregate
-- count them as they count any row. The split row keeps the bank's amount, payee and date and stops
-- counting as income or spending (counts = false); the account's balance and the list's count take the
-- split row and never its lines. Both columns are added without a default that rewrites the table.
ALTER TABLE "transactions" ADD COLUMN "parent_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "split" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- NOT VALID: no existing row has a parent (no scan of the table); new rows are checked.
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_parent_id_transactions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action NOT VALID;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_split_not_line" CHECK (NOT ("split" AND "parent_id" IS NOT NULL)) NOT VALID;--> statement-breakpoint
CREATE INDEX "transactions_parent_idx" ON "transactions" USING btree ("parent_id") WHERE "transactions"."parent_id" is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_maintain_user_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_user_counts AS c (user_id, count)
    SELECT n.user_id, count(*) FROM new_rows AS n WHERE n.parent_id IS NULL GROUP BY n.user_id ORDER BY n.user_id
    ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    UPDATE transaction_user_counts AS c SET count = c.count - o.count
    FROM (SELECT user_id, count(*) AS count FROM old_rows WHERE parent_id IS NULL GROUP BY user_id) AS o
    WHERE c.user_id = o.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_maintain_account_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count)
    SELECT n.account_id, n.user_id, date_trunc('month', n.date)::date,
      sum(CASE WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END),
      sum(CASE WHEN NOT n.cleared THEN 0 WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END), count(*)
    FROM (SELECT * FROM new_rows WHERE parent_id IS NULL) AS n
    GROUP BY 1, 2, 3
    ORDER BY 1, 3
    ON CONFLICT (account_id, month)
    DO UPDATE SET net_minor = m.net_minor + excluded.net_minor, cleared_minor = m.cleared_minor + excluded.cleared_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE account_monthly_totals AS m
    SET net_minor = m.net_minor - o.net_minor, cleared_minor = m.cleared_minor - o.cleared_minor, count = m.count - o.count
    FROM (
      SELECT account_id, date_trunc('month', date)::date AS month,
        sum(CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END) AS net_minor,
        sum(CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN amount_minor ELSE -amount_minor END) AS cleared_minor, count(*) AS count
      FROM old_rows WHERE parent_id IS NULL GROUP BY 1, 2
    ) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month;
    DELETE FROM account_monthly_totals AS m
    USING (SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM old_rows) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month AND m.count = 0;
  ELSE
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count)
    SELECT c.account_id, c.user_id, c.month, sum(c.net_minor), sum(c.cleared_minor), sum(c.count)
    FROM (
      SELECT account_id, user_id, date_trunc('month', date)::date AS month,
        CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END AS net_minor,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN amount_minor ELSE -amount_minor END AS cleared_minor, 1 AS count
      FROM new_rows WHERE parent_id IS NULL
      UNION ALL
      SELECT account_id, user_id, date_trunc('month', date)::date,
        CASE WHEN type = 'income' THEN -amount_minor ELSE amount_minor END,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN -amount_minor ELSE amount_minor END, -1
      FROM old_rows WHERE parent_id IS NULL
    ) AS c
    GROUP BY c.account_id, c.user_id, c.month
    HAVING sum(c.net_minor) <> 0 OR sum(c.cleared_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.account_id, c.month
    ON CONFLICT (account_id, month)
    DO UPDATE SET net_minor = m.net_minor + excluded.net_minor, cleared_minor = m.cleared_minor + excluded.cleared_minor, count = m.count + excluded.count;
    DELETE FROM account_monthly_totals AS m
    USING (SELECT DISTINCT account_id, date_trunc('month', date)::date AS month FROM old_rows) AS o
    WHERE m.account_id = o.account_id AND m.month = o.month AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A split row never counts itself (its lines do), whatever sets counts (an account's recount included);
-- its lines follow its date, account and type.
CREATE FUNCTION "transactions_split_row"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.counts := false;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_split_row" BEFORE INSERT OR UPDATE ON "transactions"
  FOR EACH ROW WHEN (NEW.split) EXECUTE FUNCTION "transactions_split_row"();
--> statement-breakpoint
CREATE FUNCTION "transactions_split_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET "date" = NEW.date, account_id = NEW.account_id, type = NEW.type,
    counts = (SELECT a.on_budget FROM accounts a WHERE a.id = NEW.account_id), updated_at = now()
  WHERE parent_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_split_follow" AFTER UPDATE ON "transactions"
  FOR EACH ROW WHEN (NEW.split AND OLD.split AND (OLD.date, OLD.account_id, OLD.type) IS DISTINCT FROM (NEW.date, NEW.account_id, NEW.type))
  EXECUTE FUNCTION "transactions_split_follow"();
--> statement-breakpoint
-- The invariant, checked at commit: a split row has at least two lines of its user and type, summing exactly
-- to its amount; a row that is not split has no lines.
CREATE FUNCTION "transactions_split_check"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p uuid;
  head record;
  lines_total bigint;
  lines_count integer;
  strangers integer;
BEGIN
  IF TG_OP = 'DELETE' THEN p := coalesce(OLD.parent_id, OLD.id); ELSE p := coalesce(NEW.parent_id, NEW.id); END IF;
  SELECT t.user_id, t.type, t.amount_minor, t.split, t.parent_id INTO head FROM transactions t WHERE t.id = p;
  IF NOT FOUND THEN RETURN NULL; END IF;
  SELECT coalesce(sum(c.amount_minor), 0), count(*), count(*) FILTER (WHERE c.user_id <> head.user_id OR c.type <> head.type OR c.split)
    INTO lines_total, lines_count, strangers
  FROM transactions c WHERE c.parent_id = p;
  IF head.parent_id IS NOT NULL AND lines_count > 0 THEN
    RAISE EXCEPTION 'a split line cannot have lines' USING ERRCODE = '23514', CONSTRAINT = 'transactions_split_sum';
  END IF;
  IF head.split AND (lines_count < 2 OR lines_total <> head.amount_minor OR strangers > 0) THEN
    RAISE EXCEPTION 'split lines of % sum to % in % lines, not %', p, lines_total, lines_count, head.amount_minor
      USING ERRCODE = '23514', CONSTRAINT = 'transactions_split_sum';
  END IF;
  IF NOT head.split AND lines_count > 0 THEN
    RAISE EXCEPTION 'transaction % has lines but is not split', p USING ERRCODE = '23514', CONSTRAINT = 'transactions_split_sum';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_split_sum_insert" AFTER INSERT ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL OR NEW.split) EXECUTE FUNCTION "transactions_split_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_split_sum_update" AFTER UPDATE ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.parent_id IS NOT NULL OR NEW.split OR OLD.split OR OLD.parent_id IS NOT NULL) EXECUTE FUNCTION "transactions_split_check"();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "transactions_split_sum_delete" AFTER DELETE ON "transactions" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD.parent_id IS NOT NULL) EXECUTE FUNCTION "transactions_split_check"();

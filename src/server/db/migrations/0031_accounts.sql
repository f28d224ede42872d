-- Money accounts: every transaction belongs to one. Existing rows move into one "Main" account per
-- user (in the user's currency, opening balance 0), so every balance stays what it was to the cent.
CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"on_budget" boolean DEFAULT true NOT NULL,
	"opening_balance_minor" bigint DEFAULT 0 NOT NULL,
	"opening_date" date NOT NULL,
	"institution" text,
	"last4" text,
	"bank_account_id" text,
	"closed" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"reconciled_date" date,
	"reconciled_balance_minor" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_kind_valid" CHECK ("accounts"."kind" in ('checking', 'savings', 'credit_card', 'cash', 'loan', 'mortgage', 'investment', 'property', 'vehicle', 'crypto', 'other_asset', 'other_liability')),
	CONSTRAINT "accounts_currency_code" CHECK ("accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "accounts_last4_digits" CHECK ("accounts"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_user_name_key" ON "accounts" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "accounts_user_position_idx" ON "accounts" USING btree ("user_id","position");--> statement-breakpoint
-- Per account and month: the signed change (income +, expense −, every kind of row), and the part of
-- it already cleared. The account list, the register's running balance and the net-worth series read
-- these (a few rows per account and month), never the transactions.
CREATE TABLE "account_monthly_totals" (
	"account_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"net_minor" bigint NOT NULL,
	"cleared_minor" bigint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "account_monthly_totals_pkey" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
ALTER TABLE "account_monthly_totals" ADD CONSTRAINT "account_monthly_totals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_monthly_totals" ADD CONSTRAINT "account_monthly_totals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_monthly_totals_user_idx" ON "account_monthly_totals" USING btree ("user_id","month");--> statement-breakpoint
-- Each user's "Main" account takes an id computed from the user's id (a name-based UUID, version 8), so
-- every row can be given its account by an expression of its own user_id, without a lookup.
INSERT INTO "accounts" ("id", "user_id", "name", "kind", "currency", "opening_date")
SELECT overlay(overlay(md5('finu main account ' || u.id::text) placing '8' from 13) placing '8' from 17)::uuid, u.id, 'Main', 'checking', coalesce(nullif(upper(u.currency), ''), 'USD'), coalesce((SELECT min(t.date) FROM transactions t WHERE t.user_id = u.id), u.created_at::date)
FROM users u
WHERE EXISTS (SELECT 1 FROM transactions t WHERE t.user_id = u.id);--> statement-breakpoint
-- Giving every existing row its account without writing most rows: a column added with a constant
-- DEFAULT is not written into the rows (the value is kept once in the catalog), so the column starts as
-- the Main account of the user with the most rows. Only the other users' rows are then written, by an
-- UPDATE (about seven times a rewrite's cost per row: a new version in each of the table's dozen indexes)
-- when they are at most an eighth of the table, else by rewriting the table once with each row's own
-- account. Their update triggers are off meanwhile: amounts, dates and categories do not change.
DO $$
DECLARE
  top uuid;
  top_rows bigint;
  total bigint;
BEGIN
  SELECT t.user_id, count(*) INTO top, top_rows FROM transactions t GROUP BY t.user_id ORDER BY count(*) DESC, t.user_id LIMIT 1;
  IF top IS NULL THEN
    ALTER TABLE transactions ADD COLUMN account_id uuid NOT NULL;
    RETURN;
  END IF;
  EXECUTE format('ALTER TABLE transactions ADD COLUMN account_id uuid NOT NULL DEFAULT %L',
    overlay(overlay(md5('finu main account ' || top::text) placing '8' from 13) placing '8' from 17)::uuid);
  SELECT count(*) INTO total FROM transactions;
  IF total - top_rows > 0 AND (total - top_rows) * 8 <= total THEN
    ALTER TABLE transactions DISABLE TRIGGER transactions_daily_totals_update;
    ALTER TABLE transactions DISABLE TRIGGER transactions_merchant_daily_update;
    UPDATE transactions SET account_id = overlay(overlay(md5('finu main account ' || user_id::text) placing '8' from 13) placing '8' from 17)::uuid
    WHERE user_id <> top;
    ALTER TABLE transactions ENABLE TRIGGER transactions_daily_totals_update;
    ALTER TABLE transactions ENABLE TRIGGER transactions_merchant_daily_update;
  ELSIF total - top_rows > 0 THEN
    ALTER TABLE transactions ALTER COLUMN account_id SET DATA TYPE uuid
      USING overlay(overlay(md5('finu main account ' || user_id::text) placing '8' from 13) placing '8' from 17)::uuid;
  END IF;
  ALTER TABLE transactions ALTER COLUMN account_id DROP DEFAULT;
END
$$;--> statement-breakpoint
-- Constant defaults: adding these columns rewrites nothing.
ALTER TABLE "transactions" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kind" text DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "counts" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "cleared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "reconciled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions"
	ADD CONSTRAINT "transactions_kind_valid" CHECK ("transactions"."kind" in ('standard', 'transfer', 'valuation', 'adjustment')),
	ADD CONSTRAINT "transactions_transfer_has_id" CHECK (("transactions"."kind" = 'transfer') = ("transactions"."transfer_id" is not null));--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A row written without an account (the spec's POST /transactions has none, and older callers) goes to
-- the user's first open on-budget account, made as "Main" in the profile currency when there is none.
-- WHEN keeps the trigger off rows that name their account: bulk writes pay nothing for it.
CREATE FUNCTION "transactions_default_account"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.id INTO NEW.account_id FROM accounts a
  WHERE a.user_id = NEW.user_id AND NOT a.closed AND a.on_budget ORDER BY a.position, a.created_at, a.id LIMIT 1;
  IF NEW.account_id IS NULL THEN
    INSERT INTO accounts (user_id, name, kind, currency, opening_date)
    SELECT u.id, 'Main', 'checking', coalesce(nullif(upper(u.currency), ''), 'USD'), NEW.date FROM users u WHERE u.id = NEW.user_id
    ON CONFLICT DO NOTHING
    RETURNING id INTO NEW.account_id;
    IF NEW.account_id IS NULL THEN
      SELECT a.id INTO NEW.account_id FROM accounts a WHERE a.user_id = NEW.user_id AND lower(a.name) = 'main';
    END IF;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_default_account" BEFORE INSERT ON "transactions"
  FOR EACH ROW WHEN (NEW.account_id IS NULL) EXECUTE FUNCTION "transactions_default_account"();
--> statement-breakpoint
-- The register: one account's rows in date order.
CREATE INDEX "transactions_account_date_idx" ON "transactions" USING btree ("account_id","date","id");--> statement-breakpoint
CREATE INDEX "transactions_transfer_idx" ON "transactions" USING btree ("transfer_id") WHERE "transactions"."transfer_id" is not null;--> statement-breakpoint
-- Rows that are neither income nor spending (transfers between on-budget accounts, rows of tracking-only
-- accounts, valuations): few, and the list's filtered count adds them to what the rollups count.
CREATE INDEX "transactions_user_uncounted_idx" ON "transactions" USING btree ("user_id","date") WHERE not "transactions"."counts";--> statement-breakpoint
INSERT INTO account_monthly_totals (account_id, user_id, month, net_minor, cleared_minor, count)
SELECT account_id, user_id, date_trunc('month', date)::date, sum(CASE WHEN type = 'income' THEN amount_minor ELSE -amount_minor END), 0, count(*)
FROM transactions GROUP BY 1, 2, 3;--> statement-breakpoint
CREATE FUNCTION "transactions_maintain_account_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO account_monthly_totals AS m (account_id, user_id, month, net_minor, cleared_minor, count)
    SELECT n.account_id, n.user_id, date_trunc('month', n.date)::date,
      sum(CASE WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END),
      sum(CASE WHEN NOT n.cleared THEN 0 WHEN n.type = 'income' THEN n.amount_minor ELSE -n.amount_minor END), count(*)
    FROM new_rows AS n
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
      FROM old_rows GROUP BY 1, 2
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
      FROM new_rows
      UNION ALL
      SELECT account_id, user_id, date_trunc('month', date)::date,
        CASE WHEN type = 'income' THEN -amount_minor ELSE amount_minor END,
        CASE WHEN NOT cleared THEN 0 WHEN type = 'income' THEN -amount_minor ELSE amount_minor END, -1
      FROM old_rows
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
CREATE TRIGGER "transactions_account_totals_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_account_totals"();
--> statement-breakpoint
CREATE TRIGGER "transactions_account_totals_update" AFTER UPDATE ON "transactions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_account_totals"();
--> statement-breakpoint
CREATE TRIGGER "transactions_account_totals_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_account_totals"();
--> statement-breakpoint
-- The category and merchant rollups now hold only rows that count as income or spending.
CREATE OR REPLACE FUNCTION "transactions_maintain_daily_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count)
    SELECT n.user_id, n.date, n.category, n.type, sum(n.amount_minor), count(*)
    FROM (SELECT * FROM new_rows WHERE counts) AS n
    GROUP BY n.user_id, n.date, n.category, n.type
    ORDER BY n.user_id, n.date, n.category, n.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    INSERT INTO transaction_monthly_totals AS m (user_id, month, category, type, total_minor, count)
    SELECT n.user_id, date_trunc('month', n.date)::date, n.category, n.type, sum(n.amount_minor), count(*)
    FROM (SELECT * FROM new_rows WHERE counts) AS n
    GROUP BY n.user_id, date_trunc('month', n.date)::date, n.category, n.type
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (user_id, month, category, type)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_daily_totals AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count
    FROM (
      SELECT user_id, date, category, type, sum(amount_minor) AS total_minor, count(*) AS count
      FROM (SELECT * FROM old_rows WHERE counts) AS old_rows GROUP BY user_id, date, category, type
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
    UPDATE transaction_monthly_totals AS m
    SET total_minor = m.total_minor - o.total_minor, count = m.count - o.count
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, category, type, sum(amount_minor) AS total_minor, count(*) AS count
      FROM (SELECT * FROM old_rows WHERE counts) AS old_rows GROUP BY 1, 2, 3, 4
    ) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type;
    DELETE FROM transaction_monthly_totals AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type AND m.count = 0;
  ELSE
    INSERT INTO transaction_daily_totals AS d (user_id, day, category, type, total_minor, count)
    SELECT c.user_id, c.date, c.category, c.type, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date, category, type, amount_minor AS total_minor, 1 AS count FROM (SELECT * FROM new_rows WHERE counts) AS new_rows
      UNION ALL
      SELECT user_id, date, category, type, -amount_minor, -1 FROM (SELECT * FROM old_rows WHERE counts) AS old_rows
    ) AS c
    GROUP BY c.user_id, c.date, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.date, c.category, c.type
    ON CONFLICT (user_id, day, category, type)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    DELETE FROM transaction_daily_totals AS d
    USING (SELECT DISTINCT user_id, date, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.category = o.category AND d.type = o.type AND d.count = 0;
    INSERT INTO transaction_monthly_totals AS m (user_id, month, category, type, total_minor, count)
    SELECT c.user_id, c.month, c.category, c.type, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, category, type, amount_minor AS total_minor, 1 AS count FROM (SELECT * FROM new_rows WHERE counts) AS new_rows
      UNION ALL
      SELECT user_id, date_trunc('month', date)::date, category, type, -amount_minor, -1 FROM (SELECT * FROM old_rows WHERE counts) AS old_rows
    ) AS c
    GROUP BY c.user_id, c.month, c.category, c.type
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.month, c.category, c.type
    ON CONFLICT (user_id, month, category, type)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
    DELETE FROM transaction_monthly_totals AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, category, type FROM (SELECT * FROM old_rows WHERE counts) AS old_rows) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.category = o.category AND m.type = o.type AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "transactions_maintain_merchant_daily"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_merchant_daily AS d (user_id, day, merchant, total_minor, count)
    SELECT n.user_id, n.date, n.merchant, sum(n.amount_minor), count(*)
    FROM (SELECT * FROM new_rows WHERE counts) AS n
    WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> ''
    GROUP BY n.user_id, n.date, n.merchant
    ORDER BY n.user_id, n.date, n.merchant
    ON CONFLICT (user_id, day, merchant)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    INSERT INTO transaction_merchant_monthly AS m (user_id, month, merchant, total_minor, count)
    SELECT n.user_id, date_trunc('month', n.date)::date, n.merchant, sum(n.amount_minor), count(*)
    FROM (SELECT * FROM new_rows WHERE counts) AS n
    WHERE n.type = 'expense' AND n.merchant IS NOT NULL AND n.merchant <> ''
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3
    ON CONFLICT (user_id, month, merchant)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE transaction_merchant_daily AS d
    SET total_minor = d.total_minor - o.total_minor, count = d.count - o.count
    FROM (
      SELECT user_id, date, merchant, sum(amount_minor) AS total_minor, count(*) AS count
      FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      GROUP BY user_id, date, merchant
    ) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant;
    DELETE FROM transaction_merchant_daily AS d
    USING (SELECT DISTINCT user_id, date, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant AND d.count = 0;
    UPDATE transaction_merchant_monthly AS m
    SET total_minor = m.total_minor - o.total_minor, count = m.count - o.count
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, merchant, sum(amount_minor) AS total_minor, count(*) AS count
      FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      GROUP BY 1, 2, 3
    ) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant;
    DELETE FROM transaction_merchant_monthly AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant AND m.count = 0;
  ELSE
    INSERT INTO transaction_merchant_daily AS d (user_id, day, merchant, total_minor, count)
    SELECT c.user_id, c.date, c.merchant, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date, merchant, amount_minor AS total_minor, 1 AS count FROM (SELECT * FROM new_rows WHERE counts) AS new_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      UNION ALL
      SELECT user_id, date, merchant, -amount_minor, -1 FROM (SELECT * FROM old_rows WHERE counts) AS old_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
    ) AS c
    GROUP BY c.user_id, c.date, c.merchant
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.date, c.merchant
    ON CONFLICT (user_id, day, merchant)
    DO UPDATE SET total_minor = d.total_minor + excluded.total_minor, count = d.count + excluded.count;
    DELETE FROM transaction_merchant_daily AS d
    USING (SELECT DISTINCT user_id, date, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE d.user_id = o.user_id AND d.day = o.date AND d.merchant = o.merchant AND d.count = 0;
    INSERT INTO transaction_merchant_monthly AS m (user_id, month, merchant, total_minor, count)
    SELECT c.user_id, c.month, c.merchant, sum(c.total_minor), sum(c.count)
    FROM (
      SELECT user_id, date_trunc('month', date)::date AS month, merchant, amount_minor AS total_minor, 1 AS count FROM (SELECT * FROM new_rows WHERE counts) AS new_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
      UNION ALL
      SELECT user_id, date_trunc('month', date)::date, merchant, -amount_minor, -1 FROM (SELECT * FROM old_rows WHERE counts) AS old_rows
      WHERE type = 'expense' AND merchant IS NOT NULL AND merchant <> ''
    ) AS c
    GROUP BY c.user_id, c.month, c.merchant
    HAVING sum(c.total_minor) <> 0 OR sum(c.count) <> 0
    ORDER BY c.user_id, c.month, c.merchant
    ON CONFLICT (user_id, month, merchant)
    DO UPDATE SET total_minor = m.total_minor + excluded.total_minor, count = m.count + excluded.count;
    DELETE FROM transaction_merchant_monthly AS m
    USING (SELECT DISTINCT user_id, date_trunc('month', date)::date AS month, merchant FROM (SELECT * FROM old_rows WHERE counts) AS old_rows WHERE merchant IS NOT NULL) AS o
    WHERE m.user_id = o.user_id AND m.month = o.month AND m.merchant = o.merchant AND m.count = 0;
  END IF;
  RETURN NULL;
END
$$;

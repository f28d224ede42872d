-- Each user's number of transactions, kept by trigger in the same transaction as every write (the
-- per-request floor): the list's total is one row instead of a sum over every monthly rollup row.
CREATE TABLE "transaction_user_counts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transaction_user_counts" ADD CONSTRAINT "transaction_user_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Statement-level, like the rollups (one upsert per user and statement, whatever the batch's size).
-- Its triggers are named to fire before the rollups' (AFTER triggers fire in name order), so a write
-- takes the user's count row first: writers of one user queue there, before any rollup row.
CREATE FUNCTION "transactions_maintain_user_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_user_counts AS c (user_id, count)
    SELECT n.user_id, count(*) FROM new_rows AS n GROUP BY n.user_id ORDER BY n.user_id
    ON CONFLICT (user_id) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    -- Only an UPDATE here (never an INSERT): a user deleted with their transactions has no row to keep.
    UPDATE transaction_user_counts AS c SET count = c.count - o.count
    FROM (SELECT user_id, count(*) AS count FROM old_rows GROUP BY user_id) AS o
    WHERE c.user_id = o.user_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "transactions_counts_insert" AFTER INSERT ON "transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_user_counts"();
--> statement-breakpoint
CREATE TRIGGER "transactions_counts_delete" AFTER DELETE ON "transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "transactions_maintain_user_counts"();
--> statement-breakpoint
-- Rows written before this migration.
INSERT INTO transaction_user_counts (user_id, count)
SELECT user_id, count(*) FROM transactions GROUP BY user_id;

-- The CSV import's duplicate check: a transaction is "already there" when a stored one has
-- the same date, type, amount and description (case and runs of whitespace ignored). One immutable
-- function computes that key, for the stored column and for the file's rows in the check's query,
-- so both sides normalise the same way; the check is then one indexed equality join per import
-- chunk, whatever the account's size (it used to probe (user_id, amount_minor) per date/amount).
CREATE FUNCTION "finu_duplicate_key"(d date, ty text, amount bigint, description text) RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT md5((d - DATE '2000-01-01')::text || '|' || ty || '|' || amount::text || '|' || btrim(lower(regexp_replace(description, '\s+', ' ', 'g'))))::uuid
$$;--> statement-breakpoint
-- A stored generated column: the ALTER rewrites the table once and so fills the key of every existing row.
ALTER TABLE "transactions" ADD COLUMN "duplicate_key" uuid GENERATED ALWAYS AS (finu_duplicate_key("date", "type", "amount_minor", "description")) STORED;--> statement-breakpoint
CREATE INDEX "transactions_user_duplicate_key_idx" ON "transactions" USING btree ("user_id","duplicate_key");

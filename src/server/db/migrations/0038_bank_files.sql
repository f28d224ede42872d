-- Bank files: the bank's own id of a row (OFX FITID, CAMT entry reference), unique per money
-- account so a statement imported twice, or two overlapping ones, adds nothing twice; the clean
-- merchant name and kind (services/merchants) stored per row, filled at insert and, for older rows,
-- lazily on read (no backfill here: these are nullable columns without a default, so the ALTERs
-- only touch the catalog, and the partial indexes hold no row yet).
ALTER TABLE "transactions" ADD COLUMN "bank_id" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "merchant_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "merchant_kind" text;--> statement-breakpoint
-- The import that linked a bank row to this manually entered one (its undo unlinks it again).
ALTER TABLE "transactions" ADD COLUMN "linked_import_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_account_bank_id_key" ON "transactions" USING btree ("account_id","bank_id") WHERE "bank_id" is not null;--> statement-breakpoint
CREATE INDEX "transactions_linked_import_idx" ON "transactions" USING btree ("linked_import_id") WHERE "linked_import_id" is not null;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "format" text DEFAULT 'csv' NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "rows_matched" integer DEFAULT 0 NOT NULL;

-- A rule's transfer action run on import may link an imported row to a row already in the other
-- account; the import's undo gives that row back its category and standalone state. Nullable columns
-- without a default only touch the catalog; the partial index holds no row yet.
ALTER TABLE "transactions" ADD COLUMN "transfer_import_id" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "transfer_prior_category" text;--> statement-breakpoint
CREATE INDEX "transactions_transfer_import_idx" ON "transactions" USING btree ("transfer_import_id") WHERE "transfer_import_id" is not null;

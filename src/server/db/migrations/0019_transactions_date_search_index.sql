-- Text search that stops early, index-only: the list's date-order walk for a common
-- word tests each row's search vector. With the vector in the (user_id, date, id) index, the walk reads
-- the index alone (an index-only scan: no heap row visited on pages the visibility map marks
-- all-visible; the embedded database's vacuum job keeps that map, src/server/db/maintenance.ts, and
-- PostgreSQL's autovacuum does on a server) and then fetches only the page's rows by id.
-- The index replaces the plain one under the same name (same key columns: every query that used it
-- still can); drizzle's index builder cannot write INCLUDE, so the schema declares the key columns only.
DROP INDEX IF EXISTS "transactions_user_date_idx";
--> statement-breakpoint
CREATE INDEX "transactions_user_date_idx" ON "transactions" USING btree ("user_id", "date", "id") INCLUDE ("search");

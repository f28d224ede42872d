-- Set when a user's base currency changes: a background job recomputes their stored base amounts and
-- rollups, then clears it. Nullable without a default: adding it rewrites no row.
ALTER TABLE "users" ADD COLUMN "base_recompute_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_base_recompute_idx" ON "users" USING btree ("base_recompute_since") WHERE "users"."base_recompute_since" is not null;

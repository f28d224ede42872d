-- Reminder settings: quiet hours in the user's time zone (a notice found inside them waits, hidden and
-- unmailed, until they end: deliver_at), and a weekly digest of what is due the next week, sent once a
-- week (digest_week is the week it was last sent for, claimed by one process). Nullable or constant
-- defaults only: no row is rewritten.
ALTER TABLE "notification_settings" ADD COLUMN "quiet_start" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "quiet_end" text;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "weekly_digest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD COLUMN "digest_week" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deliver_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "notifications_deliver_idx" ON "notifications" USING btree ("deliver_at") WHERE "notifications"."deliver_at" is not null;

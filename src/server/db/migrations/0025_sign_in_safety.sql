-- A session that proved its owner a moment ago (the password again): adding or removing a sign-in
-- method, and a wallet backup, need one within a few minutes (or a session signed in that recently).
CREATE TABLE "reauthentications" (
	"jti" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reauthentications" ADD CONSTRAINT "reauthentications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reauthentications_user_idx" ON "reauthentications" USING btree ("user_id");--> statement-breakpoint
-- A Google link flow belongs to the session that prepared it (and to the password it had then): the
-- callback keeps the identity it proved and answers a one-time code that only that session redeems.
ALTER TABLE "oidc_logins" ADD COLUMN "session_jti" text;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD COLUMN "token_version" integer;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD COLUMN "link_code_hash" text;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD COLUMN "pending_identity" jsonb;--> statement-breakpoint
ALTER TABLE "oidc_logins" ADD COLUMN "linked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_logins_link_code_key" ON "oidc_logins" USING btree ("link_code_hash");

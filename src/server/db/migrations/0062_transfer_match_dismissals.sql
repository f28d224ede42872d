-- Pairs of rows a person said are not a transfer: the batch transfer-match list stops offering them.
-- The pair is stored in id order (low_id < high_id) so either direction finds it.
CREATE TABLE "transfer_match_dismissals" (
	"user_id" uuid NOT NULL,
	"low_id" uuid NOT NULL,
	"high_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_match_dismissals_pkey" PRIMARY KEY("user_id","low_id","high_id"),
	CONSTRAINT "transfer_match_dismissals_ordered" CHECK ("transfer_match_dismissals"."low_id" < "transfer_match_dismissals"."high_id")
);
--> statement-breakpoint
ALTER TABLE "transfer_match_dismissals" ADD CONSTRAINT "transfer_match_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_match_dismissals" ADD CONSTRAINT "transfer_match_dismissals_low_id_transactions_id_fk" FOREIGN KEY ("low_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_match_dismissals" ADD CONSTRAINT "transfer_match_dismissals_high_id_transactions_id_fk" FOREIGN KEY ("high_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_match_dismissals_high_idx" ON "transfer_match_dismissals" USING btree ("high_id");

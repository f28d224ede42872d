-- Every API process caches, per user, what a request's authentication needs (token version, revoked
-- token ids, the subscription row: src/server/services/authCache.ts). Any change to those rows, by
-- any code path or process, announces the user on the 'finu_auth' channel when it commits; every
-- process LISTENs and drops its copy. Row-level, so a bulk change names each user it touched.
CREATE FUNCTION "finu_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('finu_auth', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('finu_auth', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "finu_auth_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('finu_auth', OLD.id::text);
  ELSIF NEW.token_version IS DISTINCT FROM OLD.token_version THEN
    PERFORM pg_notify('finu_auth', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION finu_auth_user_changed();--> statement-breakpoint
CREATE TRIGGER "revoked_tokens_auth_changed" AFTER INSERT ON "revoked_tokens" FOR EACH ROW EXECUTE FUNCTION finu_auth_changed();--> statement-breakpoint
CREATE TRIGGER "subscriptions_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "subscriptions" FOR EACH ROW EXECUTE FUNCTION finu_auth_changed();--> statement-breakpoint
-- The cache loads a user's revoked token ids.
CREATE INDEX "revoked_tokens_user_idx" ON "revoked_tokens" USING btree ("user_id");

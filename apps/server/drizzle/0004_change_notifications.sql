-- Change notifications for in-process caches (apps/server/src/db/changes.ts: sessions, lookup rows): a committed write to a table whose
-- rows a server process keeps in memory sends NOTIFY paco_changes with the table's name, so every process (and
-- PGlite's own listener) drops what it cached. PostgreSQL delivers NOTIFY only after commit and merges identical
-- payloads of one transaction, so a bulk write costs one notification.
CREATE OR REPLACE FUNCTION paco_notify_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('paco_changes', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sessions (auth/session.ts): a token revoked, moved to another company or deleted. New tokens and the
-- once-a-minute last_used_at touch change no cached session, so they notify nobody.
CREATE TRIGGER access_tokens_changes AFTER UPDATE OF revoked_at, company_id, user_id, token_hash OR DELETE ON access_tokens
  FOR EACH ROW EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER access_tokens_truncate AFTER TRUNCATE ON access_tokens FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER users_changes AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER role_user_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_user FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER roles_changes AFTER UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER permissions_changes AFTER UPDATE OR DELETE OR TRUNCATE ON permissions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER permission_role_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON permission_role FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER liberations_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON liberations FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER companies_changes AFTER UPDATE OR DELETE OR TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
-- Lookup rows copied by id (engine/query.ts loadRefs): a new row changes no copy, so inserts notify nobody.
CREATE TRIGGER types_changes AFTER UPDATE OR DELETE OR TRUNCATE ON types FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();

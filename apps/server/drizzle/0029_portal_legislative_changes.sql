-- Hand-written (issue 12, decision 0031): the câmara's legislative pages of the portal (matérias, normas, comissões,
-- sessões plenárias, a vereador's matters and votes) are rendered once and kept in memory like the others; a committed
-- write to one of the tables they read sends NOTIFY paco_changes with the table's name, and the portal drops its pages
-- (as migration 0025 does for the other sections). Matters and norms were served before this migration without it: an
-- edit showed on the portal only once another portal table changed. Mirrored in db/changes.ts (PORTAL_TABLES).
CREATE TRIGGER matters_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON matters FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER matters_authors_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON matters_authors FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER authors_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON authors FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER tramitations_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tramitations FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER tramitation_unities_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tramitation_unities FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER distributions_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON distributions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER norms_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON norms FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER norm_relations_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON norm_relations FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER commissions_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON commissions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER compositions_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON compositions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER composition_periods_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON composition_periods FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER participants_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON participants FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER meetings_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON meetings FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER plenary_sessions_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plenary_sessions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER plenary_matters_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plenary_matters FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER plenary_minutes_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plenary_minutes FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER presences_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON presences FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER plenary_absences_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON plenary_absences FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER vottings_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vottings FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER votes_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON votes FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();

-- Hand-written (issue 12, decision 0031): the public portal keeps rendered pages and open data in memory and drops them when
-- staff change what the portal shows. A committed write to one of the portal's tables sends NOTIFY paco_changes with the
-- table's name (paco_notify_change of migration 0004); PostgreSQL merges identical payloads of a transaction, so a bulk
-- write costs one notification. companies and types already notify (0004). Mirrored in db/changes.ts (ANNOUNCED).
CREATE TRIGGER posts_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON posts FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER events_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER event_photos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON event_photos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER banners_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER secretarias_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON secretarias FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER secretarios_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON secretarios FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER funcaos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON funcaos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER contacts_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contacts FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER secretarias_contacts_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON secretarias_contacts FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER services_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON services FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER faqs_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON faqs FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER publicacaos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON publicacaos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER portarias_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON portarias FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER licitacaos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licitacaos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER contratos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contratos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER convenios_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON convenios FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER constructions_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON constructions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER menus_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER links_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON links FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER themes_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON themes FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER people_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON people FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER categories_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER parliamentaries_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parliamentaries FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER mandates_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON mandates FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER affiliations_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON affiliations FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER parties_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON parties FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER boards_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON boards FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER legislative_sessions_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON legislative_sessions FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER legislatures_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON legislatures FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();

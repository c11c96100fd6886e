-- Hand-written (decision 0057): the portal shows each councillor's bancada and bloco with the post, and the Mesa
-- Diretora page the Lideranças; a committed write to these tables sends NOTIFY paco_changes like the other portal
-- tables (0004, 0029, 0040), so every process drops its kept pages.
CREATE TRIGGER bancadas_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bancadas FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();--> statement-breakpoint
CREATE TRIGGER blocos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blocos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();--> statement-breakpoint
CREATE TRIGGER membros_bancada_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON membros_bancada FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();--> statement-breakpoint
CREATE TRIGGER blocos_partidos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blocos_partidos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();

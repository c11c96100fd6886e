-- Hand-written (issue 12): a tender's phase history starts with the situação each existing tender has now, dated when
-- it was last changed (the server records every change from here on, modules/administrativo/licitacao.ts). And the
-- two new tables drop the portal's cached pages when they change, as the other portal tables do (migration 0025;
-- mirrored in db/changes.ts PORTAL_TABLES).
INSERT INTO licitacao_fases (company_id, licitacao_id, situacao, data)
SELECT company_id, id, coalesce(situacao, 'em_andamento'), coalesce(updated_at, created_at) FROM licitacaos;
--> statement-breakpoint
CREATE TRIGGER licitacao_fases_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licitacao_fases FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();
--> statement-breakpoint
CREATE TRIGGER licitacao_documentos_portal_changes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON licitacao_documentos FOR EACH STATEMENT EXECUTE FUNCTION paco_notify_change();

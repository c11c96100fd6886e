-- Hand-written (triggers): the session's published documents do not change (issue 13 §2, docs/legislativo.md).
-- A published pauta version is never updated or deleted; republishing adds a version. An ata is changed only while it
-- is a draft — once approved, only its publication is written, never its text — and deleted only while it is a draft.
-- Both give way to the cascade that removes a whole company (its row is already gone when the cascade reaches these
-- tables), as the vote history does (0008).
CREATE OR REPLACE FUNCTION paco_pauta_published() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'Uma pauta publicada não pode ser alterada nem apagada; publique uma nova versão.';
END $$;
--> statement-breakpoint
CREATE TRIGGER plenary_pautas_published BEFORE UPDATE OR DELETE ON plenary_pautas FOR EACH ROW EXECUTE FUNCTION paco_pauta_published();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION paco_ata_final() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.situacao = 'rascunho' OR NOT EXISTS (SELECT 1 FROM companies WHERE id = OLD.company_id) THEN
      RETURN OLD;
    END IF;
    RAISE EXCEPTION 'Uma ata aprovada ou publicada não pode ser apagada.';
  END IF;
  IF OLD.situacao = 'publicada' THEN
    RAISE EXCEPTION 'Uma ata publicada não pode ser alterada.';
  END IF;
  IF OLD.situacao = 'aprovada' AND (ROW(NEW.abertura, NEW.presencas, NEW.expediente, NEW.ordem_dia, NEW.oradores, NEW.encerramento, NEW.observacoes, NEW.dados::text)
      IS DISTINCT FROM ROW(OLD.abertura, OLD.presencas, OLD.expediente, OLD.ordem_dia, OLD.oradores, OLD.encerramento, OLD.observacoes, OLD.dados::text)) THEN
    RAISE EXCEPTION 'O texto de uma ata aprovada não pode ser alterado.';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER plenary_minutes_final BEFORE UPDATE OR DELETE ON plenary_minutes FOR EACH ROW EXECUTE FUNCTION paco_ata_final();

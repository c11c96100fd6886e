-- Hand-written (data only): a matter's current tramitation state — status, where it is, the step's deadline — copied
-- from its latest step (by date, then id), as the server keeps it from now on (modules/materias/tramitacao.ts
-- syncMatter): the unit and commission of the last step that sent it somewhere (a commission alone: no unit), else
-- the latest step's origin.
UPDATE "matters" AS m SET
  "status_atual_id" = l."status_id",
  "prazoTramitacao" = l."fimPrazo",
  "unidade_atual_id" = CASE WHEN s."matter_id" IS NOT NULL THEN s."destino_id" ELSE l."origem_id" END,
  "comissao_atual_id" = s."commission_id"
FROM (
  SELECT DISTINCT ON ("matter_id") "matter_id", "status_id", "fimPrazo", "origem_id"
  FROM "tramitations" ORDER BY "matter_id", "data" DESC, "id" DESC
) AS l
LEFT JOIN (
  SELECT DISTINCT ON ("matter_id") "matter_id", "destino_id", "commission_id"
  FROM "tramitations" WHERE "destino_id" IS NOT NULL OR "commission_id" IS NOT NULL
  ORDER BY "matter_id", "data" DESC, "id" DESC
) AS s ON s."matter_id" = l."matter_id"
WHERE m."id" = l."matter_id";

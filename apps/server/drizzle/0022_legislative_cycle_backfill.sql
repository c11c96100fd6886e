-- Hand-written, for the legislative cycle (docs/workflows/ciclo-legislativo.md). First, an index: 0021 rebuilt the
-- norms' search column (the identification joined the full-text search) and dropping a column drops its index, which
-- drizzle-kit does not recreate.
CREATE INDEX IF NOT EXISTS "norms_search_idx" ON "norms" USING gin ("search_vector");
--> statement-breakpoint
-- Then data: what the server keeps from now on (modules/ciclo/normas.ts), filled for the rows made before.
-- A norm's identification ("Lei Ordinária nº 1.987/2019") and its numbering key (type, number without dots, spaces
-- and leading zeros, year: one norm each). Where two old rows share a key, only the first gets it (the unique index).
UPDATE "norms" AS n SET "identificacao" = left(t."label" || ' nº ' || n."numero" || '/' || n."ano", 200)
FROM "types" AS t WHERE t."id" = n."type_id" AND n."identificacao" IS NULL AND n."numero" IS NOT NULL;
--> statement-breakpoint
UPDATE "norms" AS n SET "numeracao" = k."key"
FROM (
  SELECT "id", "key", row_number() OVER (PARTITION BY "company_id", "key" ORDER BY "id") AS "rn"
  FROM (
    SELECT "id", "company_id",
      "type_id" || '/' || coalesce(nullif(ltrim(lower(regexp_replace("numero", '[.[:space:]]', '', 'g')), '0'), ''), '0') || '/' || "ano" AS "key"
    FROM "norms" WHERE "numero" IS NOT NULL AND "numeracao" IS NULL
  ) AS x
) AS k
WHERE k."id" = n."id" AND k."rn" = 1
  AND NOT EXISTS (SELECT 1 FROM "norms" AS o WHERE o."company_id" = n."company_id" AND o."numeracao" = k."key");
--> statement-breakpoint
-- The relation read from the related norm ("Alterada por"): the same value as the relation's type.
UPDATE "norm_relations" SET "inverso" = "tipo" WHERE "inverso" IS NULL;
--> statement-breakpoint
-- A norm's status from the relations other norms have with it: revoked first, then suspended, partly revoked, altered.
UPDATE "norms" SET "situacao" = 'vigente', "vigencia" = 'Vigente' WHERE "situacao" IS NULL;
--> statement-breakpoint
WITH "received" AS (
  SELECT r."related_norm_id" AS "id", r."tipo", string_agg(coalesce(s."identificacao", 'norma #' || s."id"), ', ' ORDER BY s."data", s."id") AS "por"
  FROM "norm_relations" AS r JOIN "norms" AS s ON s."id" = r."norm_id"
  WHERE r."tipo" IN ('revoga', 'suspende', 'revoga_parcialmente', 'altera')
  GROUP BY r."related_norm_id", r."tipo"
), "first" AS (
  SELECT DISTINCT ON ("id") "id", "tipo", regexp_replace("por", ', ([^,]*)$', ' e \1') AS "por" FROM "received"
  ORDER BY "id", CASE "tipo" WHEN 'revoga' THEN 1 WHEN 'suspende' THEN 2 WHEN 'revoga_parcialmente' THEN 3 ELSE 4 END
)
UPDATE "norms" AS n SET
  "situacao" = CASE f."tipo" WHEN 'revoga' THEN 'revogada' WHEN 'suspende' THEN 'suspensa' WHEN 'revoga_parcialmente' THEN 'revogada_parcialmente' ELSE 'alterada' END,
  "vigencia" = left(CASE f."tipo" WHEN 'revoga' THEN 'Revogada por ' WHEN 'suspende' THEN 'Suspensa por ' WHEN 'revoga_parcialmente' THEN 'Revogada parcialmente por ' ELSE 'Alterada por ' END || f."por", 500)
FROM "first" AS f WHERE f."id" = n."id";
--> statement-breakpoint
-- An item of a session's pauta is on it until an action takes it off.
UPDATE "plenary_matters" SET "situacao" = 'em_pauta' WHERE "situacao" IS NULL;

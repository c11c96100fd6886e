ALTER TABLE "plenary_sessions" ADD COLUMN "numeracao" varchar(60);--> statement-breakpoint
-- Hand-written: the sessions already there get their key (type/number/period, as sessionNumbering in
-- packages/domain/src/plenary.ts writes it, with the legislative session holding the opening when none was given, as
-- modules/plenario/records.ts looks it up): the first of each only. Duplicates made before the rule keep no key (the
-- unique index allows it) and stay as they were; changing one's number, type or period is then checked.
UPDATE "plenary_sessions" s SET "numeracao" = k."numeracao"
FROM (
  SELECT "id", "numeracao", row_number() OVER (PARTITION BY "company_id", "numeracao" ORDER BY "id") AS n
  FROM (
    SELECT "id", "company_id", "type_id" || '/' || "numero" || '/' || CASE
      WHEN ls IS NOT NULL THEN 'sl' || ls
      WHEN "legislature_id" IS NOT NULL THEN 'l' || "legislature_id"
      ELSE 'a' || to_char("abertura", 'YYYY') END AS "numeracao"
    FROM (
      SELECT p.*, coalesce(p."legislative_session_id", (
        SELECT l."id" FROM "legislative_sessions" l
        WHERE l."company_id" = p."company_id" AND l."inicio" <= p."abertura" AND l."fim" >= p."abertura"
          AND (p."legislature_id" IS NULL OR l."legislature_id" = p."legislature_id")
        ORDER BY l."inicio" DESC LIMIT 1)) AS ls
      FROM "plenary_sessions" p
    ) y
  ) x
) k
WHERE k."id" = s."id" AND k.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "plenary_sessions_numeracao_unique" ON "plenary_sessions" USING btree ("company_id","numeracao");

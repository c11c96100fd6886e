-- Hand-written (issue 17): the sort key of an identification, as in src/db/extensions.sql, before the columns that use it.
-- The sort key of an identification (a text field declared `sortAs: 'identification'`, as a matter's "PL 12/2026"
-- and a norm's "Lei nº 1.234/2026"): each number padded with zeros to sort by its value ("9" before "10"; dots of
-- thousands dropped) and a number/year read as the year, then the number. "PL 12/2026" → "PL 2026/000000000012", so
-- a type's matters sort by year, then number. IMMUTABLE: a generated column's expression.
CREATE OR REPLACE FUNCTION f_identification_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
  SELECT string_agg(CASE
      WHEN m[2] IS NOT NULL THEN m[2] || '/' || lpad(replace(m[1], '.', ''), greatest(12, length(m[1])), '0')
      WHEN m[3] IS NOT NULL THEN lpad(replace(m[3], '.', ''), greatest(12, length(m[3])), '0')
      ELSE m[4] END, '' ORDER BY n)
  FROM regexp_matches($1, '(\d{1,3}(?:\.\d{3})+|\d+)/(\d{4})(?!\d)|(\d{1,3}(?:\.\d{3})+|\d+)|(\D+)', 'g') WITH ORDINALITY AS x(m, n)
  $$;
--> statement-breakpoint
DROP INDEX "matters_identificacao_sort_idx";--> statement-breakpoint
DROP INDEX "matters_identificacao_desc_idx";--> statement-breakpoint
DROP INDEX "matters_type_id_identificacao_sort_idx";--> statement-breakpoint
DROP INDEX "matters_type_id_identificacao_desc_idx";--> statement-breakpoint
DROP INDEX "norms_identificacao_sort_idx";--> statement-breakpoint
DROP INDEX "norms_identificacao_desc_idx";--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "identificacao_sort" text GENERATED ALWAYS AS (f_identification_key("identificacao")) STORED;--> statement-breakpoint
ALTER TABLE "norms" ADD COLUMN "identificacao_sort" text GENERATED ALWAYS AS (f_identification_key("identificacao")) STORED;--> statement-breakpoint
CREATE INDEX "matters_identificacao_sort_idx" ON "matters" USING btree ("company_id","identificacao_sort","id");--> statement-breakpoint
CREATE INDEX "matters_identificacao_desc_idx" ON "matters" USING btree ("company_id","identificacao_sort" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "matters_type_id_identificacao_sort_idx" ON "matters" USING btree ("company_id","type_id","identificacao_sort","id");--> statement-breakpoint
CREATE INDEX "matters_type_id_identificacao_desc_idx" ON "matters" USING btree ("company_id","type_id","identificacao_sort" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "norms_identificacao_sort_idx" ON "norms" USING btree ("company_id","identificacao_sort","id");--> statement-breakpoint
CREATE INDEX "norms_identificacao_desc_idx" ON "norms" USING btree ("company_id","identificacao_sort" DESC NULLS LAST,"id" DESC NULLS FIRST);
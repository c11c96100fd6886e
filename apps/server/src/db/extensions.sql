-- Extensions and helper functions the generated schema relies on (run before any table).
-- unaccent is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- An IMMUTABLE wrapper, usable in generated columns and indexes (unaccent() itself is only STABLE).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
--> statement-breakpoint
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

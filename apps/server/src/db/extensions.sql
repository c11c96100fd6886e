-- Extensions and helper functions the generated schema relies on (run before any table).
-- unaccent is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- An IMMUTABLE wrapper, usable in generated columns and indexes (unaccent() itself is only STABLE).
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;

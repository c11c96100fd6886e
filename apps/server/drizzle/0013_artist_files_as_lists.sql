-- Hand-written (data only): an artist's `foto` and `portfolio` are lists of files, as spec 2 has them
-- (`foto (list)`, `portfolio (list)`); a file stored while they held one file becomes a list of one.
UPDATE "artists" SET "foto" = jsonb_build_array("foto") WHERE jsonb_typeof("foto") = 'object';--> statement-breakpoint
UPDATE "artists" SET "portfolio" = jsonb_build_array("portfolio") WHERE jsonb_typeof("portfolio") = 'object';

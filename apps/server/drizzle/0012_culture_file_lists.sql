ALTER TABLE "artist_groups" ADD COLUMN "fotos" jsonb;--> statement-breakpoint
ALTER TABLE "artist_groups" ADD COLUMN "portfolios" jsonb;
ALTER TABLE "matters" ADD COLUMN "texto" text;--> statement-breakpoint
ALTER TABLE "matters" ADD COLUMN "justificativa" text;
ALTER TABLE "manifestacoes" ADD COLUMN "sector_id" integer;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD COLUMN "despacho" text;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD COLUMN "encaminhadaEm" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "manifestacoes" ADD CONSTRAINT "manifestacoes_sector_id_sectors_id_fk" FOREIGN KEY ("sector_id") REFERENCES "public"."sectors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manifestacoes_sector_id_idx" ON "manifestacoes" USING btree ("sector_id");--> statement-breakpoint
CREATE INDEX "manifestacoes_company_sector_id_idx" ON "manifestacoes" USING btree ("company_id","sector_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
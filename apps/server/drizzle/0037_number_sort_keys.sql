DROP INDEX "contratos_numero_sort_idx";--> statement-breakpoint
DROP INDEX "convenios_numero_sort_idx";--> statement-breakpoint
DROP INDEX "licitacaos_numero_sort_idx";--> statement-breakpoint
DROP INDEX "publicacaos_numero_sort_idx";--> statement-breakpoint
DROP INDEX "publicacaos_numero_desc_idx";--> statement-breakpoint
ALTER TABLE "contratos" ADD COLUMN "numero_sort" text GENERATED ALWAYS AS (f_identification_key("numero")) STORED;--> statement-breakpoint
ALTER TABLE "convenios" ADD COLUMN "numero_sort" text GENERATED ALWAYS AS (f_identification_key("numero")) STORED;--> statement-breakpoint
ALTER TABLE "licitacaos" ADD COLUMN "numero_sort" text GENERATED ALWAYS AS (f_identification_key("numero")) STORED;--> statement-breakpoint
ALTER TABLE "publicacaos" ADD COLUMN "numero_sort" text GENERATED ALWAYS AS (f_identification_key("numero")) STORED;--> statement-breakpoint
CREATE INDEX "contratos_numero_sort_idx" ON "contratos" USING btree ("company_id","numero_sort","id");--> statement-breakpoint
CREATE INDEX "convenios_numero_sort_idx" ON "convenios" USING btree ("company_id","numero_sort","id");--> statement-breakpoint
CREATE INDEX "licitacaos_numero_sort_idx" ON "licitacaos" USING btree ("company_id","numero_sort","id");--> statement-breakpoint
CREATE INDEX "publicacaos_numero_sort_idx" ON "publicacaos" USING btree ("company_id","numero_sort","id");--> statement-breakpoint
CREATE INDEX "publicacaos_numero_desc_idx" ON "publicacaos" USING btree ("company_id","numero_sort" DESC NULLS LAST,"id" DESC NULLS FIRST);
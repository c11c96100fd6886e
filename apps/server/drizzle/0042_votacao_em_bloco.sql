ALTER TABLE "vottings" ADD COLUMN "bloco_id" integer;--> statement-breakpoint
ALTER TABLE "vottings" ADD CONSTRAINT "vottings_bloco_id_vottings_id_fk" FOREIGN KEY ("bloco_id") REFERENCES "public"."vottings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vottings_bloco_id_idx" ON "vottings" USING btree ("bloco_id");--> statement-breakpoint
CREATE INDEX "vottings_company_bloco_id_idx" ON "vottings" USING btree ("company_id","bloco_id","abertaEm" DESC NULLS LAST,"id" DESC NULLS FIRST);
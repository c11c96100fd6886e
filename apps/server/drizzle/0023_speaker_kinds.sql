ALTER TABLE "plenary_settings" ADD COLUMN "tempo_aparte" integer;--> statement-breakpoint
ALTER TABLE "plenary_settings" ADD COLUMN "tempo_questao_ordem" integer;--> statement-breakpoint
ALTER TABLE "plenary_settings" ADD COLUMN "tempo_lideranca" integer;--> statement-breakpoint
ALTER TABLE "speakers" ADD COLUMN "modalidade" varchar(60);--> statement-breakpoint
ALTER TABLE "speakers" ADD COLUMN "aparte_de" integer;--> statement-breakpoint
ALTER TABLE "speakers" ADD COLUMN "retoma_id" integer;--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_aparte_de_speakers_id_fk" FOREIGN KEY ("aparte_de") REFERENCES "public"."speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speakers" ADD CONSTRAINT "speakers_retoma_id_speakers_id_fk" FOREIGN KEY ("retoma_id") REFERENCES "public"."speakers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speakers_company_modalidade_idx" ON "speakers" USING btree ("company_id","modalidade","ordem","id");--> statement-breakpoint
CREATE INDEX "speakers_aparte_de_idx" ON "speakers" USING btree ("aparte_de");--> statement-breakpoint
CREATE INDEX "speakers_company_aparte_de_idx" ON "speakers" USING btree ("company_id","aparte_de","ordem","id");--> statement-breakpoint
CREATE INDEX "speakers_retoma_id_idx" ON "speakers" USING btree ("retoma_id");--> statement-breakpoint
CREATE INDEX "speakers_company_retoma_id_idx" ON "speakers" USING btree ("company_id","retoma_id","ordem","id");
ALTER TABLE "plenary_matters" ALTER COLUMN "matter_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "plenary_matters" ADD COLUMN "plenary_minute_id" integer;--> statement-breakpoint
ALTER TABLE "plenary_minutes" ADD COLUMN "aprovacao_obs" varchar(500);--> statement-breakpoint
ALTER TABLE "plenary_matters" ADD CONSTRAINT "plenary_matters_plenary_minute_id_plenary_minutes_id_fk" FOREIGN KEY ("plenary_minute_id") REFERENCES "public"."plenary_minutes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plenary_matters_plenary_minute_id_idx" ON "plenary_matters" USING btree ("plenary_minute_id");--> statement-breakpoint
CREATE INDEX "plenary_matters_company_plenary_minute_id_idx" ON "plenary_matters" USING btree ("company_id","plenary_minute_id","numOrdem","id");
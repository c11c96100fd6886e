ALTER TABLE "companies" ADD COLUMN "slug" varchar(60);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "portal_publicado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "endereco" varchar(255);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "telefone" varchar(20);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "email_atendimento" varchar(191);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "horario_atendimento" varchar(255);--> statement-breakpoint
CREATE UNIQUE INDEX "companies_slug_unique" ON "companies" USING btree ("slug");
ALTER TYPE "public"."nfse_emission_state" ADD VALUE 'substituted';--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD COLUMN "replaces_emission_id" uuid;--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD COLUMN "substitution_reason_code" text;--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD COLUMN "substitution_reason" text;--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD COLUMN "substituted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD CONSTRAINT "nfse_emissions_replaces_emission_id_nfse_emissions_id_fk" FOREIGN KEY ("replaces_emission_id") REFERENCES "public"."nfse_emissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_emissions_live_substitute_key" ON "nfse_emissions" USING btree ("replaces_emission_id") WHERE "nfse_emissions"."state" <> 'rejected';
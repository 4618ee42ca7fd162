ALTER TABLE "company_fiscal_profiles" ADD COLUMN "simples_tax_rate_hundredths" integer;--> statement-breakpoint
ALTER TABLE "company_fiscal_profiles" ADD COLUMN "federal_tax_rate_hundredths" integer;
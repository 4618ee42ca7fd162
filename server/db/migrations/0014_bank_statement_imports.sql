CREATE TYPE "public"."bank_import_status" AS ENUM('queued', 'importing', 'rolling_back', 'done', 'failed');--> statement-breakpoint
CREATE TABLE "bank_statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "bank_import_status" DEFAULT 'queued' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"account_ids" uuid[] DEFAULT '{}' NOT NULL,
	"summary" jsonb,
	"error" text,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "bank_transactions_account_list_idx";--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_statement_imports_running_key" ON "bank_statement_imports" USING btree ("company_id") WHERE "bank_statement_imports"."status" in ('importing', 'rolling_back');--> statement-breakpoint
CREATE INDEX "bank_statement_imports_unfinished_idx" ON "bank_statement_imports" USING btree ("id") WHERE "bank_statement_imports"."status" in ('queued', 'importing', 'rolling_back');--> statement-breakpoint
CREATE INDEX "bank_transactions_account_list_idx" ON "bank_transactions" USING btree ("account_id","posted_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id","tax_category_id","import_id");
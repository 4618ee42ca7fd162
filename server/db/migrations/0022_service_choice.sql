ALTER TABLE "company_fiscal_profiles" ADD COLUMN "other_service_codes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD COLUMN "service_code" text;--> statement-breakpoint
ALTER TABLE "nfs_schedules" ADD COLUMN "service_code" text;
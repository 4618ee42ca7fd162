ALTER TYPE "public"."nfs_emission_type" ADD VALUE 'foreign';--> statement-breakpoint
ALTER TABLE "nfs_customers" ADD COLUMN "customer_address" jsonb;--> statement-breakpoint
ALTER TABLE "nfs_customers" ADD COLUMN "customer_no_nif_reason" text;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD COLUMN "customer_address" jsonb;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD COLUMN "customer_no_nif_reason" text;--> statement-breakpoint
ALTER TABLE "nfs_schedules" ADD COLUMN "customer_address" jsonb;--> statement-breakpoint
ALTER TABLE "nfs_schedules" ADD COLUMN "customer_no_nif_reason" text;
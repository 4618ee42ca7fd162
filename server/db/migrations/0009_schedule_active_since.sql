ALTER TABLE "nfs_schedules" ADD COLUMN "active_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Schedules that existed before: active since they were made.
UPDATE "nfs_schedules" SET "active_since" = "created_at";

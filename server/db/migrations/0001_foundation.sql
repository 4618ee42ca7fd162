CREATE TYPE "public"."branch_type" AS ENUM('matriz');--> statement-breakpoint
CREATE TYPE "public"."company_size" AS ENUM('MEI', 'ME', 'EPP', 'EMP', 'GE');--> statement-breakpoint
CREATE TYPE "public"."company_status" AS ENUM('pending', 'awaiting_opening', 'migrating', 'opening', 'active', 'overdue', 'disabled');--> statement-breakpoint
CREATE TYPE "public"."company_type" AS ENUM('on_person', 'private_limited', 'limited_liability');--> statement-breakpoint
CREATE TYPE "public"."progress_status" AS ENUM('pending', 'in_progress', 'done');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('system-admin', 'company-admin');--> statement-breakpoint
CREATE TYPE "public"."step_id" AS ENUM('pre-registration', 'partner-registration', 'partner-registration-basic', 'subscription', 'awaiting-guide', 'upload-guide-receipt', 'download-company-info', 'migrate-accountant');--> statement-breakpoint
CREATE TYPE "public"."subscription_status" AS ENUM('pending', 'active', 'overdue', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."track_id" AS ENUM('create-company', 'migrate-company');--> statement-breakpoint
CREATE TABLE "cnaes" (
	"code" text PRIMARY KEY NOT NULL,
	"formatted" text NOT NULL,
	"text" text NOT NULL,
	"class_code" text NOT NULL,
	"class_text" text NOT NULL,
	"group_code" text NOT NULL,
	"group_text" text NOT NULL,
	"division_code" text NOT NULL,
	"division_text" text NOT NULL,
	"section_code" text NOT NULL,
	"section_text" text NOT NULL,
	"is_allowed_mei" boolean DEFAULT false NOT NULL,
	"is_r_factor" boolean,
	"tax_rates" jsonb,
	"allowed_activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"not_allowed_activities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"obs" text,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"alias" text,
	"cnpj" text,
	"status" "company_status" DEFAULT 'pending' NOT NULL,
	"previous_status" "company_status",
	"size" "company_size",
	"type" "company_type",
	"branch_type" "branch_type" DEFAULT 'matriz' NOT NULL,
	"address" jsonb,
	"track_id" "track_id",
	"track_status" "progress_status",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_members" (
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_members_company_id_user_id_pk" PRIMARY KEY("company_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "company_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"from_status" "company_status",
	"to_status" "company_status" NOT NULL,
	"note" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_steps" (
	"company_id" uuid NOT NULL,
	"step_id" "step_id" NOT NULL,
	"position" integer NOT NULL,
	"status" "progress_status" DEFAULT 'pending' NOT NULL,
	"payload" jsonb,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_steps_company_id_step_id_pk" PRIMARY KEY("company_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "mei_occupations" (
	"id" serial PRIMARY KEY NOT NULL,
	"occupation" text NOT NULL,
	"cnae" text NOT NULL,
	"iss" boolean NOT NULL,
	"icms" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipalities" (
	"ibge_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"state" text NOT NULL,
	"slug" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "states" (
	"uf" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"ibge_code" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"status" "subscription_status" DEFAULT 'pending' NOT NULL,
	"price_cents" integer NOT NULL,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"photo_url" text,
	"roles" "role"[] DEFAULT '{company-admin}'::role[] NOT NULL,
	"indicated_by" text,
	"track_id" "track_id",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_members" ADD CONSTRAINT "company_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_status_changes" ADD CONSTRAINT "company_status_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_status_changes" ADD CONSTRAINT "company_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_steps" ADD CONSTRAINT "company_steps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mei_occupations" ADD CONSTRAINT "mei_occupations_cnae_cnaes_code_fk" FOREIGN KEY ("cnae") REFERENCES "public"."cnaes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipalities" ADD CONSTRAINT "municipalities_state_states_uf_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("uf") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "companies_cnpj_key" ON "companies" USING btree ("cnpj");--> statement-breakpoint
CREATE INDEX "companies_status_idx" ON "companies" USING btree ("status");--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "company_members_user_idx" ON "company_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "company_status_changes_company_idx" ON "company_status_changes" USING btree ("company_id","changed_at");--> statement-breakpoint
CREATE INDEX "mei_occupations_cnae_idx" ON "mei_occupations" USING btree ("cnae");--> statement-breakpoint
CREATE UNIQUE INDEX "municipalities_state_slug_key" ON "municipalities" USING btree ("state","slug");--> statement-breakpoint
CREATE INDEX "subscriptions_company_idx" ON "subscriptions" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");
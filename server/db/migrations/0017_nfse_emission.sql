CREATE TYPE "public"."nfse_emission_state" AS ENUM('ready', 'retrying', 'issued', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "company_certificates" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"pfx_sealed" text NOT NULL,
	"password_sealed" text NOT NULL,
	"common_name" text NOT NULL,
	"issuer_common_name" text NOT NULL,
	"cnpj" text NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"fingerprint" text NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_fiscal_profiles" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"municipal_registration" text,
	"city_ibge_code" text NOT NULL,
	"tax_regime" text NOT NULL,
	"simples_apportionment" text,
	"special_regime" text DEFAULT '0' NOT NULL,
	"service_code" text NOT NULL,
	"nbs_code" text,
	"municipal_service_code" text,
	"iss_rate_hundredths" integer,
	"dps_series" text DEFAULT '1' NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfse_dps_counters" (
	"company_id" uuid NOT NULL,
	"series" text NOT NULL,
	"last_number" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "nfse_dps_counters_company_id_series_pk" PRIMARY KEY("company_id","series")
);
--> statement-breakpoint
CREATE TABLE "nfse_emissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"dps_id" text NOT NULL,
	"dps_series" text NOT NULL,
	"dps_number" bigint NOT NULL,
	"state" "nfse_emission_state" DEFAULT 'ready' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"signed_dps_xml" text,
	"last_error" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"problem" jsonb,
	"access_key" text,
	"nfse_number" text,
	"nfse_xml" text,
	"issued_at" timestamp with time zone,
	"cancellation_request_xml" text,
	"cancellation_event_xml" text,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"lease_token" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nfs_schedules" ADD COLUMN "auto_emit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_certificates" ADD CONSTRAINT "company_certificates_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_fiscal_profiles" ADD CONSTRAINT "company_fiscal_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_fiscal_profiles" ADD CONSTRAINT "company_fiscal_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_dps_counters" ADD CONSTRAINT "nfse_dps_counters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD CONSTRAINT "nfse_emissions_request_id_nfs_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."nfs_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfse_emissions" ADD CONSTRAINT "nfse_emissions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_emissions_request_key" ON "nfse_emissions" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfse_emissions_dps_number_key" ON "nfse_emissions" USING btree ("company_id","dps_series","dps_number");--> statement-breakpoint
CREATE INDEX "nfse_emissions_retry_idx" ON "nfse_emissions" USING btree ("state","next_attempt_at");
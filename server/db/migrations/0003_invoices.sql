CREATE TYPE "public"."nfs_emission_type" AS ENUM('cnpj', 'cpf');--> statement-breakpoint
CREATE TYPE "public"."nfs_request_status" AS ENUM('requested', 'processing', 'issued', 'rejected', 'cancelled');--> statement-breakpoint
CREATE TABLE "nfs_customers" (
	"company_id" uuid NOT NULL,
	"emission_type" "nfs_emission_type" NOT NULL,
	"document" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfs_customers_company_id_document_pk" PRIMARY KEY("company_id","document")
);
--> statement-breakpoint
CREATE TABLE "nfs_request_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"from_status" "nfs_request_status",
	"to_status" "nfs_request_status" NOT NULL,
	"note" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfs_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"status" "nfs_request_status" DEFAULT 'requested' NOT NULL,
	"emission_type" "nfs_emission_type" NOT NULL,
	"customer_document" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"description" text NOT NULL,
	"activity" text,
	"service_item" text,
	"competence" text NOT NULL,
	"total_cents" bigint NOT NULL,
	"iss_withheld" boolean DEFAULT false NOT NULL,
	"schedule_id" uuid,
	"schedule_month" text,
	"invoice_number" text,
	"access_key" text,
	"pdf_document_id" uuid,
	"xml_document_id" uuid,
	"reason" text,
	"issued_at" timestamp with time zone,
	"created_by" text,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfs_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"emission_type" "nfs_emission_type" NOT NULL,
	"customer_document" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_email" text,
	"description" text NOT NULL,
	"activity" text,
	"service_item" text,
	"total_cents" bigint NOT NULL,
	"iss_withheld" boolean DEFAULT false NOT NULL,
	"day_of_month" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "nfs_customers" ADD CONSTRAINT "nfs_customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_request_status_changes" ADD CONSTRAINT "nfs_request_status_changes_request_id_nfs_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."nfs_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_request_status_changes" ADD CONSTRAINT "nfs_request_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD CONSTRAINT "nfs_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD CONSTRAINT "nfs_requests_schedule_id_nfs_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."nfs_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD CONSTRAINT "nfs_requests_pdf_document_id_documents_id_fk" FOREIGN KEY ("pdf_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD CONSTRAINT "nfs_requests_xml_document_id_documents_id_fk" FOREIGN KEY ("xml_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_requests" ADD CONSTRAINT "nfs_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_schedules" ADD CONSTRAINT "nfs_schedules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfs_schedules" ADD CONSTRAINT "nfs_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nfs_request_status_changes_request_idx" ON "nfs_request_status_changes" USING btree ("request_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "nfs_requests_schedule_month_key" ON "nfs_requests" USING btree ("schedule_id","schedule_month");--> statement-breakpoint
CREATE INDEX "nfs_requests_company_idx" ON "nfs_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "nfs_requests_status_idx" ON "nfs_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "nfs_schedules_company_idx" ON "nfs_schedules" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "nfs_schedules_active_idx" ON "nfs_schedules" USING btree ("active","day_of_month");
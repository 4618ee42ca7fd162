CREATE TABLE "company_monthly_figures" (
	"company_id" uuid NOT NULL,
	"competence" text NOT NULL,
	"payroll_cents" bigint,
	"previous_revenue_cents" bigint,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_monthly_figures_company_id_competence_pk" PRIMARY KEY("company_id","competence")
);
--> statement-breakpoint
CREATE TABLE "company_tax_profiles" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"annex" text,
	"fator_r" boolean,
	"mei_activity" text,
	"activity_start" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "obligation_payments" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"competence" text NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"guide_document_id" uuid,
	"receipt_document_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "obligation_payments_company_id_kind_competence_pk" PRIMARY KEY("company_id","kind","competence")
);
--> statement-breakpoint
ALTER TABLE "company_monthly_figures" ADD CONSTRAINT "company_monthly_figures_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_monthly_figures" ADD CONSTRAINT "company_monthly_figures_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tax_profiles" ADD CONSTRAINT "company_tax_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_tax_profiles" ADD CONSTRAINT "company_tax_profiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligation_payments" ADD CONSTRAINT "obligation_payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligation_payments" ADD CONSTRAINT "obligation_payments_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligation_payments" ADD CONSTRAINT "obligation_payments_guide_document_id_documents_id_fk" FOREIGN KEY ("guide_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligation_payments" ADD CONSTRAINT "obligation_payments_receipt_document_id_documents_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;
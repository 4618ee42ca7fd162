CREATE TABLE "obligation_reminders" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"competence" text NOT NULL,
	"reminder" text NOT NULL,
	"user_id" text NOT NULL,
	"due_date" text NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"sent_at" timestamp with time zone,
	"outbox_message_id" uuid,
	"error" text,
	CONSTRAINT "obligation_reminders_company_id_kind_competence_reminder_user_id_pk" PRIMARY KEY("company_id","kind","competence","reminder","user_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "obligation_reminders" ADD CONSTRAINT "obligation_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligation_reminders" ADD CONSTRAINT "obligation_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "obligation_reminders" ADD CONSTRAINT "obligation_reminders_outbox_message_id_outbox_messages_id_fk" FOREIGN KEY ("outbox_message_id") REFERENCES "public"."outbox_messages"("id") ON DELETE set null ON UPDATE no action;
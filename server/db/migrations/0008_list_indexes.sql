DROP INDEX "bank_transactions_account_idx";--> statement-breakpoint
DROP INDEX "nfs_requests_company_idx";--> statement-breakpoint
CREATE INDEX "bank_transactions_account_list_idx" ON "bank_transactions" USING btree ("account_id","posted_on" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id","tax_category_id");--> statement-breakpoint
CREATE INDEX "nfs_requests_company_list_idx" ON "nfs_requests" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "nfs_requests_company_competence_idx" ON "nfs_requests" USING btree ("company_id","competence","created_at","id");
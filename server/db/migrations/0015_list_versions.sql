ALTER TABLE "bank_accounts" ADD COLUMN "movements_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "nfs_requests_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Lists count their rows once per version (server/db/list-totals.ts): every change that may alter what a list shows
-- bumps the version, in the same transaction, whoever writes (the API, an import, the scheduler, a script).
CREATE FUNCTION bump_movements_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE bank_accounts SET movements_version = movements_version + 1
    WHERE id IN (SELECT DISTINCT account_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE bank_accounts SET movements_version = movements_version + 1
    WHERE id IN (SELECT DISTINCT account_id FROM changed_old);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_transactions_inserted AFTER INSERT ON bank_transactions
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_movements_version();
--> statement-breakpoint
CREATE TRIGGER bank_transactions_updated AFTER UPDATE ON bank_transactions
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_movements_version();
--> statement-breakpoint
CREATE TRIGGER bank_transactions_deleted AFTER DELETE ON bank_transactions
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_movements_version();
--> statement-breakpoint
-- An import done or undone shows or hides its movements without touching them.
CREATE FUNCTION bump_import_accounts_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bank_accounts SET movements_version = movements_version + 1 WHERE id = ANY(NEW.account_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER bank_statement_imports_status AFTER UPDATE OF status ON bank_statement_imports
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION bump_import_accounts_version();
--> statement-breakpoint
CREATE FUNCTION bump_nfs_requests_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE companies SET nfs_requests_version = nfs_requests_version + 1
    WHERE id IN (SELECT DISTINCT company_id FROM changed_new);
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE companies SET nfs_requests_version = nfs_requests_version + 1
    WHERE id IN (SELECT DISTINCT company_id FROM changed_old);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nfs_requests_inserted AFTER INSERT ON nfs_requests
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_nfs_requests_version();
--> statement-breakpoint
CREATE TRIGGER nfs_requests_updated AFTER UPDATE ON nfs_requests
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_nfs_requests_version();
--> statement-breakpoint
CREATE TRIGGER nfs_requests_deleted AFTER DELETE ON nfs_requests
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_nfs_requests_version();

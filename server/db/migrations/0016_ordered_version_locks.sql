-- The version bumps of migration 0015 take their row locks in id order (then update), so two writers that touch the
-- same accounts or companies always queue one behind the other instead of deadlocking.
CREATE OR REPLACE FUNCTION bump_movements_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE bank_accounts SET movements_version = movements_version + 1 WHERE id IN (
      SELECT id FROM bank_accounts WHERE id IN (SELECT account_id FROM changed_new) ORDER BY id FOR NO KEY UPDATE);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE bank_accounts SET movements_version = movements_version + 1 WHERE id IN (
      SELECT id FROM bank_accounts WHERE id IN (SELECT account_id FROM changed_old) ORDER BY id FOR NO KEY UPDATE);
  ELSE
    UPDATE bank_accounts SET movements_version = movements_version + 1 WHERE id IN (
      SELECT id FROM bank_accounts
      WHERE id IN (SELECT account_id FROM changed_new UNION SELECT account_id FROM changed_old)
      ORDER BY id FOR NO KEY UPDATE);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_import_accounts_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bank_accounts SET movements_version = movements_version + 1 WHERE id IN (
    SELECT id FROM bank_accounts WHERE id = ANY(NEW.account_ids) ORDER BY id FOR NO KEY UPDATE);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_nfs_requests_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE companies SET nfs_requests_version = nfs_requests_version + 1 WHERE id IN (
      SELECT id FROM companies WHERE id IN (SELECT company_id FROM changed_new) ORDER BY id FOR NO KEY UPDATE);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE companies SET nfs_requests_version = nfs_requests_version + 1 WHERE id IN (
      SELECT id FROM companies WHERE id IN (SELECT company_id FROM changed_old) ORDER BY id FOR NO KEY UPDATE);
  ELSE
    UPDATE companies SET nfs_requests_version = nfs_requests_version + 1 WHERE id IN (
      SELECT id FROM companies
      WHERE id IN (SELECT company_id FROM changed_new UNION SELECT company_id FROM changed_old)
      ORDER BY id FOR NO KEY UPDATE);
  END IF;
  RETURN NULL;
END $$;

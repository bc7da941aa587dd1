-- A schema experiment for BENCH_SQL (bench/README.md): the money tables without their foreign keys,
-- the deferred balance check of journal entries, the trigram search index and the dashboard
-- index. To measure what they cost; never a migration.
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT conrelid::regclass AS t, conname FROM pg_constraint WHERE contype = 'f' AND conrelid::regclass::text IN ('orders','postings','wallet_transactions','journal_entries','ledger_accounts') LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.t, r.conname);
  END LOOP;
END $$;
DROP TRIGGER postings_balance_check ON postings;
DROP INDEX wallet_transactions_search_idx;
DROP INDEX orders_user_created_idx;

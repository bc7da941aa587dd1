-- agentdesk_breakers: an opening of an upstream's circuit breaker (decision 040, revised) empties
-- every instance's copy of the open breakers, which a purchase reads instead of the table
-- (docs/decisions/026). A breaker closes by time, at its `closes_at`, with no notification.
CREATE FUNCTION notify_breaker_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agentdesk_breakers', '');
  RETURN NULL;
END $$;

CREATE TRIGGER upstream_breaker_openings_notify_change
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON upstream_breaker_openings
FOR EACH STATEMENT EXECUTE FUNCTION notify_breaker_change();

-- Word of a change to what the servers cache (docs/decisions/026): each server keeps the
-- sessions it has checked and the catalogue rows it has priced with, and forgets them when
-- PostgreSQL notifies a change. NOTIFY is transactional: listeners hear it when the change
-- commits, on every connection to the database, whatever statement made it (the server's
-- own, an operator's tool, another instance's).

-- agentdesk_sessions carries a user id: that user's sessions (with the user row each holds)
-- are forgotten. A session's revocation, expiry or deletion, and any change to its user.
-- Touching last_used_at is no such change: servers check idleness from the cached row and
-- touch it themselves.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agentdesk_sessions', OLD.user_id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER sessions_notify_change AFTER UPDATE OF revoked_at, expires_at, user_id, token_hash OR DELETE ON sessions
FOR EACH ROW EXECUTE FUNCTION notify_session_change();

CREATE FUNCTION notify_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agentdesk_sessions', OLD.id::text);
  RETURN NULL;
END $$;

CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_user_change();

-- agentdesk_catalog: any change to the catalogue empties the cache of it (a sync changes
-- many rows; PostgreSQL sends one notification per transaction for identical ones).
CREATE FUNCTION notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('agentdesk_catalog', '');
  RETURN NULL;
END $$;

CREATE TRIGGER catalog_services_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_services
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change();

CREATE TRIGGER catalog_variations_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalog_variations
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change();

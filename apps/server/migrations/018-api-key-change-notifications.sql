-- API keys are kept in memory once checked, as sessions are (docs/decisions/026): a key's
-- revocation, a change to its allowed addresses, or its deletion notifies the same channel
-- as a session's, agentdesk_sessions, with the key's user id (notify_session_change reads
-- OLD.user_id, which api_keys has too). Its name and last_used_at are no such change.
CREATE TRIGGER api_keys_notify_change AFTER UPDATE OF revoked_at, allowed_ips, key_hash, user_id OR DELETE ON api_keys
FOR EACH ROW EXECUTE FUNCTION notify_session_change();

-- Operator roles, invitations and the audit log (issue 21, docs/decisions/033).

-- An operator's role: owner (everything), finance (funding, adjustments, refunds), support
-- (reading, requeries, password resets). Operators that exist already ran everything: owners.
ALTER TABLE users ADD COLUMN operator_role text CHECK (operator_role IN ('owner', 'finance', 'support'));
UPDATE users SET operator_role = 'owner' WHERE role = 'operator';
ALTER TABLE users ADD CONSTRAINT users_operator_has_role CHECK ((role = 'operator') = (operator_role IS NOT NULL));

-- A deactivated operator cannot sign in and has no live session (they are revoked with it).
ALTER TABLE users ADD COLUMN deactivated_at timestamptz;

-- An invited operator has no password until they set one with their invitation's link.
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;
ALTER TABLE users ADD CONSTRAINT users_password_set_check CHECK (password_hash IS NOT NULL OR role = 'operator');

-- The operators, in the order their list pages through them (a handful of rows among the agents').
CREATE INDEX users_operators_idx ON users (created_at, id) WHERE role = 'operator';

-- An invitation is a reset row of its own purpose: a token (its SHA-256) that sets the first
-- password, with no code. An agent's reset never accepts an invitation's token, nor the reverse.
ALTER TABLE password_resets ADD COLUMN purpose text NOT NULL DEFAULT 'reset' CHECK (purpose IN ('reset', 'invite'));
ALTER TABLE password_resets ALTER COLUMN code_hash DROP NOT NULL;
ALTER TABLE password_resets ALTER COLUMN code_expires_at DROP NOT NULL;
ALTER TABLE password_resets ADD CONSTRAINT password_resets_code_check
  CHECK (purpose = 'invite' OR (code_hash IS NOT NULL AND code_expires_at IS NOT NULL));

-- Every operator action that moves money or changes an agent, an operator or the business's
-- settings, written in the transaction of the action itself: the row exists exactly when the
-- change does. `seq` orders rows written within the same instant.
CREATE TABLE audit_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  seq bigint GENERATED ALWAYS AS IDENTITY,
  at timestamptz NOT NULL,
  -- Null only for the server's own command line (the first owner, created with no server up).
  operator_id uuid REFERENCES users (id),
  -- The role the operator acted with, as it was then.
  operator_role text CHECK (operator_role IN ('owner', 'finance', 'support')),
  action text NOT NULL CHECK (action ~ '^[a-z-]+(\.[a-z-]+)+$'),
  target_type text NOT NULL,
  target_id text NOT NULL,
  -- The agent the action concerns, so that an agent's page can list what was done to it.
  agent_id uuid REFERENCES users (id),
  ip text,
  user_agent text,
  before jsonb,
  after jsonb,
  reason text,
  CHECK ((operator_id IS NULL) = (operator_role IS NULL))
);
-- The log newest first, and each search newest first, by index.
CREATE INDEX audit_log_at_idx ON audit_log (at, seq);
CREATE INDEX audit_log_operator_idx ON audit_log (operator_id, at, seq);
CREATE INDEX audit_log_action_idx ON audit_log (action, at, seq);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at, seq);
CREATE INDEX audit_log_agent_idx ON audit_log (agent_id, at, seq) WHERE agent_id IS NOT NULL;

-- Append-only: no statement may rewrite or erase history, whatever the code that runs it.
CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only();

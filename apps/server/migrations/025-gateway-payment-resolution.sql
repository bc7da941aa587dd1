-- Gateway payments that reached no agent (`unmatched`) are resolved by the gateway's retry once
-- the agent's virtual account is recorded, or by an operator: credited to an agent or dismissed
-- (not an agent's money; refunded outside AgentDesk). Who resolved it, when and why is kept on
-- the row; the audit log holds the rest (docs/decisions/014, 033).
ALTER TABLE gateway_events DROP CONSTRAINT gateway_events_outcome_check;
ALTER TABLE gateway_events
  ADD CONSTRAINT gateway_events_outcome_check CHECK (outcome IN ('credited', 'ignored', 'unmatched', 'dismissed')),
  ADD COLUMN resolved_by uuid REFERENCES users (id),
  ADD COLUMN resolved_at timestamptz,
  ADD COLUMN resolve_reason text,
  -- A credited payment names its wallet transaction; a dismissed one says why.
  ADD CONSTRAINT gateway_events_dismissed_reason_check CHECK (outcome <> 'dismissed' OR resolve_reason IS NOT NULL),
  ADD CONSTRAINT gateway_events_credited_user_check CHECK (outcome <> 'credited' OR user_id IS NOT NULL);

-- The operators' list of gateway payments by state, oldest first by (received_at, id).
CREATE INDEX gateway_events_outcome_received_idx ON gateway_events (outcome, received_at, id);

-- Paystack's customer identification (decision 046, "Paystack's customer identification"): the
-- check of the agent's BVN against a bank account linked to it is asynchronous, so an identity
-- check may wait for Paystack's webhook: `pending`. The bank account itself is not kept.
ALTER TABLE agent_kyc DROP CONSTRAINT agent_kyc_status_check;
ALTER TABLE agent_kyc ADD CONSTRAINT agent_kyc_status_check
  CHECK (status IN ('submitted', 'pending', 'verified', 'failed'));
ALTER TABLE agent_kyc
  -- How Paystack's webhooks name the agent (CUS_...), known once the customer exists.
  ADD COLUMN paystack_customer_code text,
  -- null: not asked (or a submit in flight reset it); pending: asked, no webhook yet.
  ADD COLUMN paystack_identification text
    CHECK (paystack_identification IS NULL OR paystack_identification IN ('pending', 'verified', 'failed')),
  -- Paystack's reason when failed.
  ADD COLUMN paystack_failure text,
  ADD COLUMN paystack_updated_at timestamptz;
CREATE UNIQUE INDEX agent_kyc_paystack_customer_code ON agent_kyc (paystack_customer_code)
  WHERE paystack_customer_code IS NOT NULL;

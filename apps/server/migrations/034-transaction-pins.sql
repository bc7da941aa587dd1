-- The agents' transaction PINs (issue 23, item 1; docs/decisions/043): an argon2id hash, the
-- wrong tries in a row, the pause they start, and a reset code (argon2id, 10 minutes, 5 tries).
-- `tries` is counted before each check, so concurrent checks cannot pass the limit; a right
-- PIN sets it back to 0, and a pause that has ended starts the count again.
CREATE TABLE transaction_pins (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  pin_hash text NOT NULL,
  tries integer NOT NULL DEFAULT 0 CHECK (tries >= 0),
  locked_until timestamptz,
  reset_code_hash text,
  reset_code_expires_at timestamptz,
  reset_attempts integer NOT NULL DEFAULT 0 CHECK (reset_attempts >= 0),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

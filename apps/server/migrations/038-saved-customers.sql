-- The agent's saved customers (issue 23): a phone, a meter or a smartcard with the name the agent
-- knows its owner by. provider is the network (a phone's, '' when not chosen), the disco or the
-- TV provider; a meter also keeps its type. Each number once per kind and provider per agent.
CREATE TABLE saved_customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('phone', 'meter', 'smartcard')),
  number text NOT NULL CHECK (number ~ '^[0-9]{10,13}$'),
  provider text NOT NULL CHECK (length(provider) <= 60),
  meter_type text CHECK (meter_type IN ('prepaid', 'postpaid')),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
  created_at timestamptz NOT NULL,
  CHECK ((kind = 'meter') = (meter_type IS NOT NULL))
);
CREATE UNIQUE INDEX saved_customers_user_number_key ON saved_customers (user_id, kind, number, provider);
-- The list walks one of these by name (then id), for all kinds or one.
CREATE INDEX saved_customers_user_name_idx ON saved_customers (user_id, lower(name), id);
CREATE INDEX saved_customers_user_kind_name_idx ON saved_customers (user_id, kind, lower(name), id);

-- Price levels (issue 22, item 5; docs/decisions/038): every agent buys at the prices of one
-- level (Agent, Dealer, API partner...). A level overrides the catalogue's rule where it says
-- so, and only there: a discount of its own for a service, a fixed price of its own for a plan.
-- Where it says nothing, its agents pay the catalogue's current price, so a level without
-- overrides sells exactly as the catalogue did before levels existed.
CREATE TABLE price_levels (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (length(name) BETWEEN 2 AND 40),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- "Dealer" and "dealer" would be one level to a person reading a list.
CREATE UNIQUE INDEX price_levels_name_key ON price_levels (lower(name));

-- A level's discount off face value for a service, in basis points, instead of the catalogue's
-- discount (and instead of the catalogue's fixed plan prices of that service: decision 038).
CREATE TABLE price_level_discounts (
  level_id uuid NOT NULL REFERENCES price_levels (id),
  service_id text NOT NULL REFERENCES catalog_services (service_id),
  discount_bps integer NOT NULL CHECK (discount_bps BETWEEN 0 AND 10000),
  PRIMARY KEY (level_id, service_id)
);

-- A level's fixed price for a plan, in kobo: what its agents pay, whatever the discounts.
CREATE TABLE price_level_prices (
  level_id uuid NOT NULL REFERENCES price_levels (id),
  service_id text NOT NULL,
  code text NOT NULL,
  price bigint NOT NULL CHECK (price > 0),
  PRIMARY KEY (level_id, service_id, code),
  FOREIGN KEY (service_id, code) REFERENCES catalog_variations (service_id, code)
);

-- The servers keep each level's overrides in memory with the catalogue rows purchases are
-- priced from (decision 026): any change to them is a change to the prices, on the same channel.
CREATE TRIGGER price_level_discounts_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_level_discounts
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change();

CREATE TRIGGER price_level_prices_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON price_level_prices
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_change();

-- The first level, with no overrides: every agent so far pays what they paid before.
INSERT INTO price_levels (name, created_at, updated_at) VALUES ('Agent', now(), now());

-- The level new agents join: a provider setting, which operators change.
ALTER TABLE provider_settings ADD COLUMN default_price_level_id uuid REFERENCES price_levels (id);
UPDATE provider_settings SET default_price_level_id = (SELECT id FROM price_levels WHERE name = 'Agent');
ALTER TABLE provider_settings ALTER COLUMN default_price_level_id SET NOT NULL;

-- Every agent is in exactly one level; operators are in none. The session lookups read the
-- user row whole (to_jsonb(u.*)), so a purchase knows its agent's level without a statement
-- of its own, and moving an agent (an update of the row) makes every server forget the
-- agent's cached sessions and keys (migration 017's trigger).
ALTER TABLE users ADD COLUMN price_level_id uuid REFERENCES price_levels (id);
UPDATE users SET price_level_id = (SELECT default_price_level_id FROM provider_settings) WHERE role = 'agent';
ALTER TABLE users ADD CONSTRAINT users_price_level_check CHECK ((role = 'agent') = (price_level_id IS NOT NULL));

-- However an agent is made (registration, an operator, the demo, a hand-typed INSERT), it
-- joins the default level unless it names one: the database keeps the rule in one place.
CREATE FUNCTION users_default_price_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.price_level_id := (SELECT default_price_level_id FROM provider_settings WHERE id);
  RETURN NEW;
END $$;

CREATE TRIGGER users_default_price_level BEFORE INSERT ON users
FOR EACH ROW WHEN (NEW.role = 'agent' AND NEW.price_level_id IS NULL)
EXECUTE FUNCTION users_default_price_level();

-- How many agents each level has (the levels' list), from the index alone.
CREATE INDEX users_price_level_idx ON users (price_level_id) WHERE role = 'agent';

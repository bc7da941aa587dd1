-- Settings the provider's operators change at run time: one row. NULL means "not set"
-- (support_whatsapp then falls back to the SUPPORT_WHATSAPP environment variable).
CREATE TABLE provider_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  contact_phone text,
  contact_email text,
  contact_whatsapp text CHECK (contact_whatsapp ~ '^234[789][01][0-9]{8}$'),
  contact_address text CHECK (length(contact_address) <= 200),
  contact_hours text CHECK (length(contact_hours) <= 100),
  support_whatsapp text CHECK (support_whatsapp ~ '^234[789][01][0-9]{8}$'),
  updated_at timestamptz,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL
);
INSERT INTO provider_settings (id) VALUES (true);

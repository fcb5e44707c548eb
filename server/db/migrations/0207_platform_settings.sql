-- What administrators set for the whole platform (retention, sign-in policy, forum privacy...): one row per named
-- setting, its value checked by the setting's zod schema in server/lib/platform-settings.ts, not by the database,
-- so that a feature adds a setting without a migration.
CREATE TABLE platform_settings (
  name text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);

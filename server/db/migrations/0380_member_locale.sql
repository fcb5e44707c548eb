-- The language a member chose for screens, emails and the server's messages (docs/decisions/0260): null follows the
-- browser (Accept-Language), as for visitors. Values are the locales of common/i18n/locales.ts.
ALTER TABLE users ADD COLUMN IF NOT EXISTS locale text;
--> statement-breakpoint
ALTER TABLE users DROP CONSTRAINT IF EXISTS users_locale_check;
--> statement-breakpoint
ALTER TABLE users ADD CONSTRAINT users_locale_check CHECK (locale IS NULL OR locale IN ('en', 'fr-CA'));

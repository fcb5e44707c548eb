-- Passkeys (WebAuthn credentials): several per account, for signing in alone or as the second factor; and the
-- challenges handed out for them, single-use and short-lived.
CREATE TABLE passkeys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  credential_id text NOT NULL,
  public_key bytea NOT NULL,
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}'::text[],
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  CONSTRAINT passkeys_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE UNIQUE INDEX passkeys_credential_idx ON passkeys (credential_id);
--> statement-breakpoint
CREATE INDEX passkeys_user_idx ON passkeys (user_id);
--> statement-breakpoint
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL,
  user_id uuid,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT webauthn_challenges_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);

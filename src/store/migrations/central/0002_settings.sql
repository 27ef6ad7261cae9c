-- Sessions of the settings area (docs/settings-api.md, ADR 0004): company users signed in to
-- manage their company's API credentials.

CREATE TABLE settings_sessions (
  -- SHA-256 of the session id: the id itself lives only in the browser's cookie, so a read of
  -- this table cannot be replayed as a session
  id_hash       bytea PRIMARY KEY,
  usuario_id    bigint NOT NULL REFERENCES usuarios (id) ON DELETE CASCADE,
  -- the synchronizer token every state-changing request must echo in X-CSRF-Token; useless
  -- without the cookie, and it must be handed back to the page, so it is kept as it is
  csrf_token    text NOT NULL,
  ip            text NULL,
  user_agent    text NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- idle timeout: a session unused for 30 minutes is over
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  -- absolute limit: created_at + 12 hours, whatever the activity
  expires_at    timestamptz NOT NULL
);
-- a user's sessions (pruned at each of their sign-ins)
CREATE INDEX settings_sessions_usuario ON settings_sessions (usuario_id);
-- the sweep of sessions past their absolute limit
CREATE INDEX settings_sessions_expires ON settings_sessions (expires_at);

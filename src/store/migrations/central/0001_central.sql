-- Central database: companies, their users, API credentials, token hashes, the audit trail
-- and the tenant directory. Business data lives in tenant tables (tenant/*.sql), which on a
-- default deployment sit in this same database.

CREATE TABLE tenant_databases (
  name        text PRIMARY KEY,
  url         text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE empresas (
  id                     bigint PRIMARY KEY,
  nome                   text NOT NULL,
  -- the editable service-order status catalogue (D14)
  status_personalizados  text[] NOT NULL DEFAULT '{}',
  -- tenant directory: NULL means the company's data lives in the central database
  tenant_db              text NULL REFERENCES tenant_databases (name),
  excluido               boolean NOT NULL DEFAULT false
);

CREATE TABLE usuarios (
  id          bigint PRIMARY KEY,
  empresa_id  bigint NOT NULL REFERENCES empresas (id),
  nome        text NULL,
  email       text NULL,
  -- scrypt hash in PHC-like text form; never the password itself
  senha_hash  text NULL,
  permissoes  text[] NOT NULL DEFAULT '{}',
  excluido    boolean NOT NULL DEFAULT false
);
CREATE INDEX usuarios_empresa ON usuarios (empresa_id, id);
-- sign-in is by e-mail, so a live e-mail belongs to one user only
CREATE UNIQUE INDEX usuarios_email ON usuarios (lower(email)) WHERE NOT excluido AND email IS NOT NULL;

CREATE TABLE api_credentials (
  id                     bigserial PRIMARY KEY,
  empresa_id             bigint NOT NULL REFERENCES empresas (id),
  client_id              text NOT NULL UNIQUE,
  -- SHA-256 of the secret: secrets are 256-bit random values, so a fast hash is enough
  secret_hash            bytea NOT NULL,
  name                   text NOT NULL,
  scopes                 text[] NOT NULL,
  allowed_ips            text[] NOT NULL DEFAULT '{}',
  -- valid until the end of this day in America/Sao_Paulo (D32)
  expires_on             date NULL,
  revoked_at             timestamptz NULL,
  created_at             timestamptz NOT NULL DEFAULT now(),
  created_by_usuario_id  bigint NULL REFERENCES usuarios (id),
  secret_rotated_at      timestamptz NULL,
  last_used_at           timestamptz NULL,
  last_used_ip           text NULL
);
CREATE INDEX api_credentials_empresa ON api_credentials (empresa_id, id);

CREATE TABLE access_tokens (
  token_hash     bytea PRIMARY KEY,
  credential_id  bigint NOT NULL REFERENCES api_credentials (id),
  scopes         text[] NOT NULL,
  issued_at      timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  revoked_at     timestamptz NULL
);
CREATE INDEX access_tokens_credential ON access_tokens (credential_id, expires_at);

CREATE TABLE audit_events (
  id                bigserial PRIMARY KEY,
  empresa_id        bigint NULL,
  credential_id     bigint NULL REFERENCES api_credentials (id),
  actor_type        text NOT NULL CHECK (actor_type IN ('operator', 'usuario', 'anonimo')),
  actor_usuario_id  bigint NULL,
  action            text NOT NULL,
  ip                text NULL,
  details           jsonb NOT NULL DEFAULT '{}',
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_events_empresa ON audit_events (empresa_id, created_at DESC, id DESC);
CREATE INDEX audit_events_credential ON audit_events (credential_id, created_at DESC, id DESC);

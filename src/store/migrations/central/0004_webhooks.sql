-- Notifications (D51-D55; ADRs 0020, 0021): the endpoints a credential registers, the events
-- waiting to be delivered (a queue claimed with FOR UPDATE SKIP LOCKED) and the delivery log.

-- The key that encrypts the endpoints' signing secrets when WEBHOOKS_SECRET_KEY is not set (ADR
-- 0021): written by the first process that needs it, read by every instance after.
CREATE TABLE webhook_secret_key (
  id     smallint PRIMARY KEY CHECK (id = 1),
  chave  bytea NOT NULL CHECK (length(chave) = 32)
);

CREATE TABLE webhook_endpoints (
  id                      bigserial PRIMARY KEY,
  empresa_id              bigint NOT NULL REFERENCES empresas (id),
  credential_id           bigint NOT NULL REFERENCES api_credentials (id),
  url                     text NOT NULL,
  -- the resources followed (D51), in the catalogue's order
  recursos                text[] NOT NULL,
  -- ativo: sends; pausado: paused by a person; desativado_por_falhas: the last retry failed (D54)
  estado                  text NOT NULL DEFAULT 'ativo' CHECK (estado IN ('ativo', 'pausado', 'desativado_por_falhas')),
  -- why it was disabled: the last attempt's status or error
  motivo                  text NULL,
  -- the signing secret, encrypted (ADR 0021: it must be read back to sign, so it cannot be hashed)
  segredo                 bytea NOT NULL,
  -- after a rotation the previous secret signs too, until this instant (D51: 24 h)
  segredo_anterior        bytea NULL,
  segredo_anterior_ate    timestamptz NULL,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX webhook_endpoints_credential ON webhook_endpoints (credential_id, id);
CREATE INDEX webhook_endpoints_empresa ON webhook_endpoints (empresa_id, id);

-- One row per pending event and endpoint, from queued until its last attempt, when it is deleted
-- (what happened stays in the delivery log). `tentativa` counts the attempts claimed so far; an
-- attempt's outcome is written only while the row is still at that attempt, so the late outcome of
-- an instance that lost its lease changes nothing (ADR 0020).
CREATE TABLE webhook_events (
  id            bigserial PRIMARY KEY,
  endpoint_id   bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  evento_id     text NOT NULL UNIQUE,
  tipo          text NOT NULL CHECK (tipo IN ('alteracoes.disponiveis', 'teste')),
  recurso       text NULL,
  -- the exact body sent on every attempt (the signature covers these bytes)
  corpo         text NOT NULL,
  tentativa     integer NOT NULL DEFAULT 0,
  proxima_em    timestamptz NOT NULL,
  -- claimed by an instance until then (its lease)
  reservado_ate timestamptz NULL,
  created_at    timestamptz NOT NULL
);
-- What the workers claim: events by due time.
CREATE INDEX webhook_events_devidos ON webhook_events (proxima_em);
-- Coalescing (D52): while an endpoint's event for a resource has not been tried yet, a new change
-- of that resource joins it instead of queueing another.
CREATE UNIQUE INDEX webhook_events_aguardando ON webhook_events (endpoint_id, recurso)
  WHERE tentativa = 0 AND tipo = 'alteracoes.disponiveis';
CREATE INDEX webhook_events_endpoint ON webhook_events (endpoint_id);

-- The delivery log (D54): every attempt, the newest 100 per endpoint kept.
CREATE TABLE webhook_deliveries (
  id           bigserial PRIMARY KEY,
  endpoint_id  bigint NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  em           timestamptz NOT NULL,
  evento_id    text NOT NULL,
  tipo         text NOT NULL,
  tentativa    integer NOT NULL,
  http_status  integer NULL,
  erro         text NULL,
  duracao_ms   integer NOT NULL
);
CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id DESC);

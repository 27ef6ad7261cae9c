-- The request log (D59, ADR 0024): every data and token request that names a credential, kept 30
-- days. Partitioned by São Paulo day so that a day past the retention goes as a whole (DROP of
-- its partition), never row by row. Partitions are made ahead by the writer and by `logs prune`
-- (request-log/partitions.ts). Never a token, secret or assertion: the path is stored as sent,
-- and neither endpoint carries a credential in its URL.
CREATE SEQUENCE request_log_id_seq;
CREATE TABLE request_log (
  empresa_id     bigint NOT NULL,
  at             timestamptz NOT NULL,
  id             bigint NOT NULL DEFAULT nextval('request_log_id_seq'),
  credential_id  bigint NULL,
  client_id      text NOT NULL,
  method         text NOT NULL,
  path           text NOT NULL,
  status         smallint NOT NULL,
  -- the error's code when not 2xx: the data envelope's `codigo`, or OAuth's `error`
  codigo         text NULL,
  duration_ms    real NOT NULL,
  ip             text NOT NULL,
  request_id     text NOT NULL,
  -- the body's length as sent (Content-Length); null when streamed without one
  bytes          bigint NULL
) PARTITION BY RANGE (at);
-- the settings view and `logs search`: a company's newest first, with a credential filter
CREATE INDEX request_log_company_at ON request_log (empresa_id, at DESC, id DESC);
CREATE INDEX request_log_company_client ON request_log (empresa_id, client_id, at DESC, id DESC);
-- support quotes a request_id: one probe per partition
CREATE INDEX request_log_request_id ON request_log (request_id);

-- Entries the log could not keep (the store slower than the requests, or away), per company and
-- São Paulo day: shown in settings so the company knows the log is incomplete.
CREATE TABLE request_log_dropped (
  empresa_id  bigint NOT NULL,
  dia         date NOT NULL,
  n           bigint NOT NULL,
  PRIMARY KEY (empresa_id, dia)
);

-- Daily counts per company and credential, added to by the writer with each batch, so the
-- 30-day chart reads at most 30 × 50 rows of a company instead of counting its log.
CREATE TABLE request_log_daily (
  empresa_id  bigint NOT NULL,
  dia         date NOT NULL,
  client_id   text NOT NULL,
  total       bigint NOT NULL,
  -- 4xx other than 429, and 5xx
  erros       bigint NOT NULL,
  limitadas   bigint NOT NULL,
  PRIMARY KEY (empresa_id, dia, client_id)
);

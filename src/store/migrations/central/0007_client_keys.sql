-- Key-based client authentication (D57, ADR 0023): a credential authenticates either with a
-- secret (HTTP Basic) or with a JWT signed by a private key whose public half is kept here.
-- A key credential still has a secret_hash: a hash of 256 random bits no one is ever shown,
-- replaced with the key. It is the version the token endpoint checks when it stores a token
-- (ADR 0016), so a key replacement orders with token issue exactly as a secret rotation does.
ALTER TABLE api_credentials
  ADD COLUMN auth_method text NOT NULL DEFAULT 'client_secret_basic'
    CHECK (auth_method IN ('client_secret_basic', 'private_key_jwt'));
-- the public key as a JWK holding its public members only (kty, n, e / kty, crv, x, y)
ALTER TABLE api_credentials ADD COLUMN public_key jsonb NULL;
-- the algorithms the key may sign with: RS256 and PS256 for RSA, ES256 for P-256, or the one its JWK's `alg` names
ALTER TABLE api_credentials ADD COLUMN key_algorithms text[] NULL;
-- RFC 7638 thumbprint (SHA-256, base64url) of the key, shown so the administrator can tell keys apart
ALTER TABLE api_credentials ADD COLUMN key_thumbprint text NULL;
ALTER TABLE api_credentials ADD CONSTRAINT api_credentials_key_matches_method
  CHECK ((auth_method = 'private_key_jwt') = (public_key IS NOT NULL AND key_algorithms IS NOT NULL AND key_thumbprint IS NOT NULL));

-- Each assertion's `jti`, kept until the assertion expires, so a replay is refused on every
-- instance (D57): the central database is the store every instance shares, Redis or not.
-- Stored as a hash: a jti is the client's text, of any length.
CREATE TABLE client_assertion_jtis (
  credential_id  bigint NOT NULL REFERENCES api_credentials (id),
  jti_hash       bytea NOT NULL,
  expires_at     timestamptz NOT NULL,
  PRIMARY KEY (credential_id, jti_hash)
);
CREATE INDEX client_assertion_jtis_expiry ON client_assertion_jtis (credential_id, expires_at);

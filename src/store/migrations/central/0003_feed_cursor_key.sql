-- The key that signs the change feed's cursors (D45: a cursor the server did not issue is refused;
-- ADR 0013). One row, written by the first instance that needs it (src/store/feed/cursor-key.ts)
-- with 32 bytes from Node's CSPRNG, and read by every instance, so a cursor from one instance is
-- accepted by all. Deleting the row makes every cursor issued so far invalid.
CREATE TABLE feed_cursor_key (
  id     smallint PRIMARY KEY CHECK (id = 1),
  chave  bytea NOT NULL CHECK (length(chave) = 32)
);

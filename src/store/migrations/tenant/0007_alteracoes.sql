-- D44/D45: the change feed `GET /v1/<recurso>/alteracoes` reads this log (ADR 0013).
--
-- One row per record and company: its latest change. A write moves the row to the position of the
-- writing transaction — (xid, seq): the transaction id (`pg_current_xact_id()`, 64 bits, never
-- wraps) and a sequence within it — so a record changed several times appears once, in its latest
-- state, where its latest change falls (D44), and the log grows with the number of records, not of
-- writes. A record that left the company (soft delete, hard delete, moved to another company) is a
-- tombstone: `excluido`.
--
-- The feed serves only positions below the reader's snapshot horizon
-- (`pg_snapshot_xmin(pg_current_snapshot())`): every transaction with a smaller id has finished, so
-- no position before a cursor can still appear later. A transaction that started earlier and
-- commits later than another is therefore never skipped; it only holds the feed back until it ends.
CREATE SEQUENCE alteracoes_seq;

CREATE TABLE alteracoes (
  empresa_id     bigint      NOT NULL,
  tabela         text        NOT NULL,
  registro_id    bigint      NOT NULL,
  xid            xid8        NOT NULL,
  seq            bigint      NOT NULL,
  excluido       boolean     NOT NULL,
  -- the record's atualizado_em; for a tombstone, when it left the company (what pruning reads)
  atualizado_em  timestamptz NOT NULL,
  PRIMARY KEY (empresa_id, tabela, registro_id)
);
-- A feed page: the company's positions of one table after the cursor, in order.
CREATE INDEX alteracoes_posicao ON alteracoes (empresa_id, tabela, xid, seq);

-- The newest position whose tombstone was pruned, per company and table: a cursor before it may
-- have missed a deletion, so it is refused (D45). Written by the pruning (src/store/feed/).
CREATE TABLE alteracoes_poda (
  empresa_id  bigint NOT NULL,
  tabela      text   NOT NULL,
  xid         xid8   NOT NULL,
  seq         bigint NOT NULL,
  PRIMARY KEY (empresa_id, tabela)
);

-- Statement-level, with transition tables: a write of 2,000 rows is one INSERT here. An UPDATE
-- logs only the rows whose served values changed — compared as 0006's trigger compares them, with
-- the same columns left out (TG_ARGV), not by atualizado_em, which keeps its second when two
-- writes fall in the same one — or that changed company. Rows are written in (empresa_id, id)
-- order so two writers lock log rows in the same order.
CREATE FUNCTION registrar_alteracoes() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  agora timestamptz := date_trunc('second', now());
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alteracoes (empresa_id, tabela, registro_id, xid, seq, excluido, atualizado_em)
    SELECT n.empresa_id, TG_TABLE_NAME, n.id, pg_current_xact_id(), nextval('alteracoes_seq'), n.excluido, n.atualizado_em
      FROM (SELECT * FROM novas ORDER BY empresa_id, id) n
    ON CONFLICT (empresa_id, tabela, registro_id) DO UPDATE
      SET xid = EXCLUDED.xid, seq = EXCLUDED.seq, excluido = EXCLUDED.excluido, atualizado_em = EXCLUDED.atualizado_em;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO alteracoes (empresa_id, tabela, registro_id, xid, seq, excluido, atualizado_em)
    SELECT m.empresa_id, TG_TABLE_NAME, m.id, pg_current_xact_id(), nextval('alteracoes_seq'), m.excluido, m.atualizado_em
      FROM (
        -- the record in its company now: changed, restored, soft-deleted or arrived from another company
        SELECT n.empresa_id, n.id, n.excluido, n.atualizado_em FROM novas n LEFT JOIN antigas a ON a.id = n.id
         WHERE a.id IS NULL OR n.empresa_id <> a.empresa_id OR (to_jsonb(n) - TG_ARGV) IS DISTINCT FROM (to_jsonb(a) - TG_ARGV)
        UNION ALL
        -- the company it left
        SELECT a.empresa_id, a.id, true, agora FROM antigas a LEFT JOIN novas n ON n.id = a.id
         WHERE n.id IS NULL OR n.empresa_id <> a.empresa_id
        ORDER BY 1, 2
      ) m
    ON CONFLICT (empresa_id, tabela, registro_id) DO UPDATE
      SET xid = EXCLUDED.xid, seq = EXCLUDED.seq, excluido = EXCLUDED.excluido, atualizado_em = EXCLUDED.atualizado_em;
  ELSE -- DELETE
    INSERT INTO alteracoes (empresa_id, tabela, registro_id, xid, seq, excluido, atualizado_em)
    SELECT a.empresa_id, TG_TABLE_NAME, a.id, pg_current_xact_id(), nextval('alteracoes_seq'), true, agora
      FROM (SELECT * FROM antigas ORDER BY empresa_id, id) a
    ON CONFLICT (empresa_id, tabela, registro_id) DO UPDATE
      SET xid = EXCLUDED.xid, seq = EXCLUDED.seq, excluido = true, atualizado_em = EXCLUDED.atualizado_em;
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
  -- the columns that are not served, as 0006's triggers name them
  fora text;
BEGIN
  FOREACH t IN ARRAY ARRAY['clientes', 'ordens_servico', 'contas_receber', 'contas_pagar', 'boletos', 'produtos', 'servicos'] LOOP
    fora := CASE t
      WHEN 'clientes' THEN $a$'atualizado_em', 'nome_fantasia', 'nome_exibicao', 'nome_ordem', 'nome_busca', 'cidade_busca', 'documento_digitos'$a$
      WHEN 'produtos' THEN $a$'atualizado_em', 'nome_ordem'$a$
      WHEN 'servicos' THEN $a$'atualizado_em', 'nome_ordem'$a$
      ELSE $a$'atualizado_em'$a$ END;
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS novas
                    FOR EACH STATEMENT EXECUTE FUNCTION registrar_alteracoes()', t || '_alteracoes_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
                    FOR EACH STATEMENT EXECUTE FUNCTION registrar_alteracoes(%s)', t || '_alteracoes_update', t, fora);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS antigas
                    FOR EACH STATEMENT EXECUTE FUNCTION registrar_alteracoes()', t || '_alteracoes_delete', t);
    -- The records that exist now: a feed read from the beginning lists them all.
    EXECUTE format('INSERT INTO alteracoes (empresa_id, tabela, registro_id, xid, seq, excluido, atualizado_em)
                    SELECT empresa_id, %L, id, pg_current_xact_id(), nextval(''alteracoes_seq''), false, atualizado_em
                      FROM %I WHERE NOT excluido ORDER BY empresa_id, id', t, t);
  END LOOP;
END
$$;

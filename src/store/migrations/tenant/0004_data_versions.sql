-- A version per company and list table, moved by the database itself on every write, so that what
-- the API derives from a company's rows — the exact `meta.total` of a list and where its pages
-- start — can be kept between requests and still never be served stale (ADR 0010). Triggers, not
-- the API's own bookkeeping: the product writes these tables directly, and its writes count
-- exactly like `import` and `seed generate`.
--
-- A reader reads the version in the same statement (the same snapshot) as the rows it serves, so
-- a version it has seen before means the rows it derived from are the rows it sees now.

CREATE TABLE data_versions (
  empresa_id  bigint NOT NULL,
  tabela      text   NOT NULL,
  versao      bigint NOT NULL,
  PRIMARY KEY (empresa_id, tabela)
);

-- One statement-level trigger per event, with its transition tables: a write of 2,000 rows bumps
-- each company it touched once, not 2,000 times. A row moved to another company (an UPDATE of
-- empresa_id) moves the versions of both. Companies are bumped in id order, so two writers that
-- touch the same companies lock their version rows in the same order and cannot deadlock; a
-- writer waits for another writer of the same company and table until that one commits.
CREATE FUNCTION bump_data_versions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO data_versions (empresa_id, tabela, versao)
    SELECT DISTINCT empresa_id, TG_TABLE_NAME, 1 FROM novas ORDER BY empresa_id
    ON CONFLICT (empresa_id, tabela) DO UPDATE SET versao = data_versions.versao + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO data_versions (empresa_id, tabela, versao)
    SELECT empresa_id, TG_TABLE_NAME, 1 FROM (SELECT empresa_id FROM novas UNION SELECT empresa_id FROM antigas) AS tocadas
    ORDER BY empresa_id
    ON CONFLICT (empresa_id, tabela) DO UPDATE SET versao = data_versions.versao + 1;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO data_versions (empresa_id, tabela, versao)
    SELECT DISTINCT empresa_id, TG_TABLE_NAME, 1 FROM antigas ORDER BY empresa_id
    ON CONFLICT (empresa_id, tabela) DO UPDATE SET versao = data_versions.versao + 1;
  ELSE -- TRUNCATE names no rows: every company of the table moves.
    UPDATE data_versions SET versao = versao + 1 WHERE tabela = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['clientes', 'ordens_servico', 'contas_receber', 'contas_pagar', 'boletos', 'produtos', 'servicos'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS novas
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()', t || '_versao_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS antigas NEW TABLE AS novas
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()', t || '_versao_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS antigas
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()', t || '_versao_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION bump_data_versions()', t || '_versao_truncate', t);
  END LOOP;
END
$$;

-- Every company that already has rows gets its version now: a TRUNCATE, which names no rows,
-- moves only the versions that exist.
INSERT INTO data_versions (empresa_id, tabela, versao)
SELECT empresa_id, tabela, 1 FROM (
  SELECT DISTINCT empresa_id, 'clientes' AS tabela FROM clientes
  UNION SELECT DISTINCT empresa_id, 'ordens_servico' FROM ordens_servico
  UNION SELECT DISTINCT empresa_id, 'contas_receber' FROM contas_receber
  UNION SELECT DISTINCT empresa_id, 'contas_pagar' FROM contas_pagar
  UNION SELECT DISTINCT empresa_id, 'boletos' FROM boletos
  UNION SELECT DISTINCT empresa_id, 'produtos' FROM produtos
  UNION SELECT DISTINCT empresa_id, 'servicos' FROM servicos
) AS existentes;

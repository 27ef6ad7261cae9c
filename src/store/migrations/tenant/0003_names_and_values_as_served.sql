-- D11/D21: a natural person's name is shown trimmed — btrim(nome) || ' ' || btrim(sobrenome),
-- as nome_exibicao and nome_ordem compute it — but nome_busca of 0001 joined the untrimmed parts,
-- so "Bia " + " Lima", shown as "Bia Lima", was not found by nome=bia lima. The search column now
-- uses the displayed name. razao_social is shown as stored and nome_fantasia is not shown, so
-- their parts stay as they were; cidade_busca already trims like the `cidade` filter does.
--
-- PostgreSQL 15 cannot change a generated column's expression (no SET EXPRESSION), so the column
-- is dropped and added again, which recomputes it for every row. No index uses nome_busca (the
-- contains-search runs inside the company's rows of clientes_lista_*), so none is rebuilt.
ALTER TABLE clientes DROP COLUMN nome_busca;
ALTER TABLE clientes ADD COLUMN nome_busca text GENERATED ALWAYS AS (busca_normalizada(
  CASE WHEN tipo_pessoa = 'juridica' THEN coalesce(razao_social, '')
       ELSE btrim(coalesce(btrim(nome), '') || ' ' || coalesce(btrim(sobrenome), '')) END
  || chr(31) || coalesce(nome_fantasia, '')
)) STORED;

-- D24 (ADR 0008): a product or service is served with a name and a price; the data-set format
-- lets a file omit them, and they were stored and served as null. The API serves nome "" (as a
-- customer without a name) and valor 0. Stored so, not coalesced when read, so the nome filter
-- and the nome sort (nome_ordem, produtos_lista_nome / servicos_lista_nome) read the very value
-- served and keep their indexes; NOT NULL keeps any other writer to the same rule.
UPDATE produtos SET nome = '' WHERE nome IS NULL;
UPDATE produtos SET valor = 0 WHERE valor IS NULL;
ALTER TABLE produtos
  ALTER COLUMN nome SET DEFAULT '', ALTER COLUMN nome SET NOT NULL,
  ALTER COLUMN valor SET DEFAULT 0, ALTER COLUMN valor SET NOT NULL;

UPDATE servicos SET nome = '' WHERE nome IS NULL;
UPDATE servicos SET valor = 0 WHERE valor IS NULL;
ALTER TABLE servicos
  ALTER COLUMN nome SET DEFAULT '', ALTER COLUMN nome SET NOT NULL,
  ALTER COLUMN valor SET DEFAULT 0, ALTER COLUMN valor SET NOT NULL;

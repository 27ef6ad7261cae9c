-- The `nome` contains-search of clientes, produtos and servicos (D11) through trigram indexes:
-- `LIKE '%term%'` on the normalised columns is answered from the index instead of reading every
-- live row of the company. btree_gin lets the same GIN index start with empresa_id, so a search
-- reads only the company's entries. Both extensions are trusted (PostgreSQL 13+): the owner of a
-- tenant database may create them; the embedded store loads them (src/store/embedded.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

CREATE INDEX clientes_busca_nome ON clientes USING gin (empresa_id, nome_busca gin_trgm_ops) WHERE NOT excluido;
CREATE INDEX produtos_busca_nome ON produtos USING gin (empresa_id, nome_ordem gin_trgm_ops) WHERE NOT excluido;
CREATE INDEX servicos_busca_nome ON servicos USING gin (empresa_id, nome_ordem gin_trgm_ops) WHERE NOT excluido;

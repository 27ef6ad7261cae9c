-- The boletos list sorts by vencimento descending with nulls last, then id descending (spec
-- default, D9). A backward scan of the ascending boletos_lista_vencimento of 0001 yields DESC
-- NULLS FIRST, so it cannot serve that order: measured with 50k live boletos of one company
-- among 200k, the default page was a Seq Scan of boletos plus a top-N sort (20-50 ms on
-- PostgreSQL); with this index it is an Index Scan reading 50 entries (0.1-1.6 ms), with or
-- without a vencimento period.
-- Produtos and servicos need nothing new: their default (id ascending) matches
-- produtos_lista_id and servicos_lista_id of 0001.
CREATE INDEX boletos_lista_vencimento_desc
  ON boletos (empresa_id, vencimento DESC NULLS LAST, id DESC) WHERE NOT excluido;

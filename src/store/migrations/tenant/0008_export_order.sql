-- Exports (D48) read a company's records by id ascending, in batches after the last id sent. The
-- tables whose lists filter by `ativo` first had no index in that order: a batch would scan and sort
-- every row of the company after the last id. (ordens_servico, contas_* and boletos have one.)
CREATE INDEX clientes_exportacao ON clientes (empresa_id, id) WHERE NOT excluido;
CREATE INDEX produtos_exportacao ON produtos (empresa_id, id) WHERE NOT excluido;
CREATE INDEX servicos_exportacao ON servicos (empresa_id, id) WHERE NOT excluido;

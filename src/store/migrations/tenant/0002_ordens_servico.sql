-- The service-order list sorts with nulls last in both directions (D9). A backward scan of an
-- ascending index yields DESC NULLS FIRST, so the ascending indexes of 0001 cannot serve the
-- descending sorts, and the planner sorted every live order of the company instead: on 300k
-- orders, the default list (data_abertura desc, id desc) took ~200 ms against ~2 ms ascending,
-- and `ordenar_por=data_conclusao` (desc by default) ~180 ms. These match those sorts exactly.
CREATE INDEX ordens_servico_lista_abertura_desc
  ON ordens_servico (empresa_id, data_abertura DESC NULLS LAST, id DESC) WHERE NOT excluido;
CREATE INDEX ordens_servico_lista_conclusao_desc
  ON ordens_servico (empresa_id, data_conclusao DESC NULLS LAST, id DESC) WHERE NOT excluido;

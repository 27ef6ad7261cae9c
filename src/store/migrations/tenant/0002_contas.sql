-- Sort indexes of the contas lists (ordenar_por valor and data_pagamento), so every sort is
-- served by an index starting with empresa_id instead of sorting the company's whole table
-- (measured on 40k live contas of one company among 500k: a top-N sort took 27-63 ms, an
-- index scan under 1 ms). vencimento and id are served by 0001's indexes.
--
-- valor is NOT NULL: one index serves both directions (backward scan for desc).
-- data_pagamento sorts nulls last in both directions (D9); a backward scan of an ascending
-- index yields DESC NULLS FIRST, so the descending order (the default direction, D9) needs
-- its own index. Both also bound `status=pago` (data_pagamento IS NOT NULL) and the unpaid
-- side of `aberto`/`vencido` (IS NULL).

CREATE INDEX contas_receber_lista_valor ON contas_receber (empresa_id, valor, id) WHERE NOT excluido;
CREATE INDEX contas_receber_lista_pagamento ON contas_receber (empresa_id, data_pagamento, id) WHERE NOT excluido;
CREATE INDEX contas_receber_lista_pagamento_desc
  ON contas_receber (empresa_id, data_pagamento DESC NULLS LAST, id DESC) WHERE NOT excluido;

CREATE INDEX contas_pagar_lista_valor ON contas_pagar (empresa_id, valor, id) WHERE NOT excluido;
CREATE INDEX contas_pagar_lista_pagamento ON contas_pagar (empresa_id, data_pagamento, id) WHERE NOT excluido;
CREATE INDEX contas_pagar_lista_pagamento_desc
  ON contas_pagar (empresa_id, data_pagamento DESC NULLS LAST, id DESC) WHERE NOT excluido;

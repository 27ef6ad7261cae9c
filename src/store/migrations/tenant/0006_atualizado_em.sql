-- D42: every record carries `atualizado_em`, the last instant at which a value it serves changed.
-- The database keeps it (row-level BEFORE triggers), so the product's own SQL writes count exactly
-- like `import`. Stored at second precision (D18 serves seconds): two records served with the same
-- instant then sort by id (D9), as an integrator reading the values expects.
--
-- What counts as served: every column except the ones each table's trigger names (TG_ARGV):
-- atualizado_em itself, the generated search columns, and columns no record shows (nome_fantasia).
-- A write that leaves the served columns as they were keeps the old instant — an import rewriting
-- a record unchanged is not a change. The names embedded from other records (cliente, tecnico,
-- cedente) and the receivables' derived status (D19) are not columns of the row: they never move it.

-- An order serves its items and checklist rows: their served values are summed up in
-- `linhas_servidas` (an md5 of the lines as the detail shows them), which the order's trigger
-- compares like any other column.
CREATE FUNCTION linhas_servidas(p_ordem bigint, p_empresa bigint) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT md5(
    coalesce((SELECT string_agg(row(i.id, i.tipo, i.item_id, i.descricao, i.quantidade, i.valor_unitario, i.subtotal)::text, ',' ORDER BY i.id)
                FROM ordens_servico_itens i WHERE i.ordem_servico_id = p_ordem AND i.empresa_id = p_empresa AND NOT i.excluido), '')
    || '|' ||
    coalesce((SELECT string_agg(row(c.id, c.equipamento_id, c.tipo, c.pergunta, c.resposta, c.motivo_nao_conformidade)::text, ','
                                ORDER BY c.ordem NULLS LAST, c.id)
                FROM ordens_servico_checklist c WHERE c.ordem_servico_id = p_ordem AND c.empresa_id = p_empresa AND NOT c.excluido), ''))
$$;

ALTER TABLE clientes ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());
ALTER TABLE produtos ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());
ALTER TABLE servicos ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());
ALTER TABLE ordens_servico ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());
ALTER TABLE ordens_servico ADD COLUMN linhas_servidas text NULL;
ALTER TABLE contas_receber ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());
ALTER TABLE contas_pagar ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());
ALTER TABLE boletos ADD COLUMN atualizado_em timestamptz NOT NULL DEFAULT date_trunc('second', now());

-- D42: rows that exist now get their creation instant when it is known, else this migration's.
UPDATE clientes SET atualizado_em = date_trunc('second', data_cadastro) WHERE data_cadastro IS NOT NULL AND data_cadastro < now();
UPDATE produtos SET atualizado_em = date_trunc('second', data_cadastro) WHERE data_cadastro IS NOT NULL AND data_cadastro < now();
UPDATE servicos SET atualizado_em = date_trunc('second', data_cadastro) WHERE data_cadastro IS NOT NULL AND data_cadastro < now();
UPDATE ordens_servico SET atualizado_em = date_trunc('second', criada_em) WHERE criada_em IS NOT NULL AND criada_em < now();
UPDATE ordens_servico SET linhas_servidas = linhas_servidas(id, empresa_id);

CREATE FUNCTION marcar_atualizado_em() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    NEW.atualizado_em := date_trunc('second', now());
  ELSIF (to_jsonb(NEW) - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV) THEN
    NEW.atualizado_em := date_trunc('second', now());
  ELSE
    -- Nothing served changed (or only atualizado_em was written): the instant stays.
    NEW.atualizado_em := OLD.atualizado_em;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER clientes_atualizado_em BEFORE INSERT OR UPDATE ON clientes FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em', 'nome_fantasia', 'nome_exibicao', 'nome_ordem', 'nome_busca', 'cidade_busca', 'documento_digitos');
CREATE TRIGGER produtos_atualizado_em BEFORE INSERT OR UPDATE ON produtos FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em', 'nome_ordem');
CREATE TRIGGER servicos_atualizado_em BEFORE INSERT OR UPDATE ON servicos FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em', 'nome_ordem');
CREATE TRIGGER ordens_servico_atualizado_em BEFORE INSERT OR UPDATE ON ordens_servico FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em');
CREATE TRIGGER contas_receber_atualizado_em BEFORE INSERT OR UPDATE ON contas_receber FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em');
CREATE TRIGGER contas_pagar_atualizado_em BEFORE INSERT OR UPDATE ON contas_pagar FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em');
CREATE TRIGGER boletos_atualizado_em BEFORE INSERT OR UPDATE ON boletos FOR EACH ROW
  EXECUTE FUNCTION marcar_atualizado_em('atualizado_em');

-- The lines of an order are compared when the transaction commits (deferred constraint
-- triggers), not after each statement: `import` replaces an order's lines by a DELETE and an
-- INSERT, and identical lines written back must leave the order as it was. The first firing for
-- an order stores the new sum; the others of the same commit find it equal and write nothing.
CREATE FUNCTION comparar_linhas_da_ordem() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ordem bigint := CASE WHEN TG_OP = 'DELETE' THEN OLD.ordem_servico_id ELSE NEW.ordem_servico_id END;
BEGIN
  UPDATE ordens_servico o SET linhas_servidas = linhas_servidas(o.id, o.empresa_id)
   WHERE o.id = ordem AND o.linhas_servidas IS DISTINCT FROM linhas_servidas(o.id, o.empresa_id);
  IF TG_OP = 'UPDATE' AND OLD.ordem_servico_id IS DISTINCT FROM NEW.ordem_servico_id THEN
    UPDATE ordens_servico o SET linhas_servidas = linhas_servidas(o.id, o.empresa_id)
     WHERE o.id = OLD.ordem_servico_id AND o.linhas_servidas IS DISTINCT FROM linhas_servidas(o.id, o.empresa_id);
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER ordens_servico_itens_linhas AFTER INSERT OR UPDATE OR DELETE ON ordens_servico_itens
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION comparar_linhas_da_ordem();
CREATE CONSTRAINT TRIGGER ordens_servico_checklist_linhas AFTER INSERT OR UPDATE OR DELETE ON ordens_servico_checklist
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION comparar_linhas_da_ordem();

-- D43: `atualizado_desde` and `ordenar_por=atualizado_em`, served by an index starting with the
-- company (and `ativo` where the list always filters on it). NOT NULL: one ascending index also
-- serves the descending sort, scanned backwards.
CREATE INDEX clientes_lista_atualizado ON clientes (empresa_id, ativo, atualizado_em, id) WHERE NOT excluido;
CREATE INDEX produtos_lista_atualizado ON produtos (empresa_id, ativo, atualizado_em, id) WHERE NOT excluido;
CREATE INDEX servicos_lista_atualizado ON servicos (empresa_id, ativo, atualizado_em, id) WHERE NOT excluido;
CREATE INDEX ordens_servico_lista_atualizado ON ordens_servico (empresa_id, atualizado_em, id) WHERE NOT excluido;
CREATE INDEX contas_receber_lista_atualizado ON contas_receber (empresa_id, atualizado_em, id) WHERE NOT excluido;
CREATE INDEX contas_pagar_lista_atualizado ON contas_pagar (empresa_id, atualizado_em, id) WHERE NOT excluido;
CREATE INDEX boletos_lista_atualizado ON boletos (empresa_id, atualizado_em, id) WHERE NOT excluido;

import { decimalToNumber as decimal } from '../../domain/decimal.ts';
import type { ChecklistRow, ItemRow, OrdemRow } from './ordens-servico.query.ts';

export function toOrdem(row: OrdemRow) {
  return {
    id: row.id,
    numero: `OS-${row.id}`,
    status: row.status,
    // The join yields no id when the customer/technician is deleted, missing or unset (D22).
    cliente: row.cliente_id === null ? null : { id: row.cliente_id, nome: row.cliente_nome ?? '' },
    tecnico: row.tecnico_id === null ? null : { id: row.tecnico_id, nome: row.tecnico_nome },
    data_abertura: row.data_abertura,
    hora_abertura: row.hora_abertura,
    criada_em: row.criada_em,
    data_conclusao: row.data_conclusao,
    valor_total: decimal(row.valor_total),
  };
}

function toItem(row: ItemRow) {
  return {
    id: row.id,
    tipo: row.tipo,
    item_id: row.item_id,
    descricao: row.descricao,
    quantidade: decimal(row.quantidade),
    valor_unitario: decimal(row.valor_unitario),
    subtotal: decimal(row.subtotal),
  };
}

export function toOrdemDetalhe(found: { ordem: OrdemRow; itens: ItemRow[]; checklist: ChecklistRow[] }) {
  return { ...toOrdem(found.ordem), itens: found.itens.map(toItem), checklist: found.checklist };
}

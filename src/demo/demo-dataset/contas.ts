/** Contas a receber and contas a pagar. */
import { CEDENTE_TIPOS, type CedenteTipo } from '../../domain/conta.ts';
import type { DatasetConta } from '../../store/import/dataset.ts';
import type { Day } from '../../time/days-and-seconds.ts';
import { dayText, PAST_DAYS } from '../core/moments.ts';
import { randomPriceCents, reais } from '../core/money.ts';
import type { Random } from '../core/random.ts';
import { randomFor, type CompanyPlan } from './companies.ts';
import { idOf } from './ids.ts';
import { forcedDangling, pickRef, type RefPool } from './references.ts';
import { isDeleted, spreadVariant } from './variety.ts';

type ContaKind = 'contas_receber' | 'contas_pagar';

const CEDENTE_WEIGHTS: Readonly<Record<ContaKind, readonly (readonly [CedenteTipo, number])[]>> = {
  contas_receber: [
    ['cliente', 60],
    ['outro', 15],
    ['pre_cliente', 10],
    ['fornecedor', 8],
    ['usuario', 7],
  ],
  contas_pagar: [
    ['fornecedor', 55],
    ['outro', 20],
    ['usuario', 15],
    ['cliente', 5],
    ['pre_cliente', 5],
  ],
};

/** The usual counterpart, which carries the forced dangling references. */
const MAIN_CEDENTE: Readonly<Record<ContaKind, Exclude<CedenteTipo, 'outro'>>> = {
  contas_receber: 'cliente',
  contas_pagar: 'fornecedor',
};

const OUTRO_NOMES: Readonly<Record<ContaKind, readonly string[]>> = {
  contas_receber: ['Venda avulsa', 'Balcão', 'Cliente de passagem', 'Venda no cartão - balcão', 'Marketplace'],
  contas_pagar: ['Aluguel da loja', 'Companhia de energia elétrica', 'Prefeitura - ISS', 'Receita Federal - DAS', 'Internet e telefonia'],
};

const DESCRICOES: Readonly<Record<ContaKind, Readonly<Record<CedenteTipo, readonly string[]>>>> = {
  contas_receber: {
    cliente: ['Venda de acessórios', 'Conserto à vista', 'Contrato de manutenção'],
    fornecedor: ['Devolução de peças com defeito', 'Crédito de bonificação'],
    usuario: ['Desconto de adiantamento', 'Venda a funcionário'],
    pre_cliente: ['Sinal de orçamento', 'Visita técnica avulsa'],
    outro: ['Venda de balcão', 'Venda de sucata eletrônica', 'Recebimento de marketplace'],
  },
  contas_pagar: {
    cliente: ['Estorno ao cliente', 'Reembolso de garantia'],
    fornecedor: ['Compra de telas', 'Compra de peças', 'Reposição de estoque', 'Frete de mercadorias'],
    usuario: ['Salário', 'Adiantamento salarial', 'Reembolso de combustível', 'Comissão sobre serviços'],
    pre_cliente: ['Brinde promocional', 'Devolução de sinal'],
    outro: ['Aluguel', 'Conta de energia', 'ISS do mês', 'Simples Nacional', 'Internet'],
  },
};

type AmountSpecial = 'milhao' | 'centavos';

function contaValorCents(random: Random, special: AmountSpecial | undefined): number {
  if (special === 'milhao' || random.chance(0.004)) return random.int(100_000_000, 999_999_999);
  if (special === 'centavos') return 10;
  if (random.chance(0.01)) return random.pick([1, 10, 25, 50, 99]);
  return random.chance(0.85) ? randomPriceCents(random, 20, 3000) : randomPriceCents(random, 3000, 45_000);
}

export interface ContaRefs {
  ordens: readonly number[];
  pools: Readonly<Record<Exclude<CedenteTipo, 'outro'>, RefPool>>;
}

function contaDescricao(random: Random, kind: ContaKind, tipo: CedenteTipo, refs: ContaRefs): string | null {
  if (random.chance(0.15)) return null;
  if (kind === 'contas_receber' && tipo === 'cliente' && refs.ordens.length > 0 && random.chance(0.6)) {
    const os = random.pick(refs.ordens);
    return random.chance(0.7) ? `OS-${os}` : `Parcela ${random.int(1, 3)}/3 - OS-${os}`;
  }
  return random.pick(DESCRICOES[kind][tipo]);
}

/** Paid in about 40% of cases, always on or before today; overdue ones mostly get paid. */
function paymentDay(random: Random, vencimento: Day, today: Day): Day | null {
  if (vencimento < today) return random.chance(0.5) ? Math.min(today, vencimento + random.int(-10, 12)) : null;
  return random.chance(0.12) ? today - random.int(0, 15) : null;
}

function buildConta(random: Random, plan: CompanyPlan, kind: ContaKind, refs: ContaRefs, index: number, today: Day): DatasetConta {
  const count = plan.counts[kind];
  const forcedTipo = spreadVariant(index, count, CEDENTE_TIPOS);
  const dangling = forcedDangling(index, count);
  const cedente_tipo = forcedTipo ?? (dangling ? MAIN_CEDENTE[kind] : random.weighted(CEDENTE_WEIGHTS[kind]));
  const special = spreadVariant<AmountSpecial>(index, count, ['milhao', 'centavos', 'milhao', 'centavos']);
  // One receivable per company falls due exactly today: "aberto", not yet "vencido".
  const vencimento = index === Math.floor(count / 3) ? today : today + random.int(-PAST_DAYS, 183);
  const pagamento = paymentDay(random, vencimento, today);
  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    cedente_tipo,
    cedente_id:
      cedente_tipo === 'outro' ? null : pickRef(random, refs.pools[cedente_tipo], { live: 88, deleted: 7, missing: 5, none: 0 }, dangling),
    cedente_nome: cedente_tipo === 'outro' ? random.pick(OUTRO_NOMES[kind]) : null,
    descricao: contaDescricao(random, kind, cedente_tipo, refs),
    valor: reais(contaValorCents(random, special)),
    vencimento: dayText(vencimento),
    data_pagamento: pagamento === null ? null : dayText(pagamento),
    // The records that guarantee a cedente type or a dangling reference stay visible.
    excluido: !forcedTipo && !dangling && isDeleted(random, index, count, 0.02),
  };
}

export function buildContas(plan: CompanyPlan, kind: ContaKind, refs: ContaRefs, today: Day): DatasetConta[] {
  const random = randomFor(plan, kind);
  return Array.from({ length: plan.counts[kind] }, (_, index) => buildConta(random, plan, kind, refs, index, today));
}

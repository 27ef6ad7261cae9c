import { BOLETO_STATUS as BOLETO_STATUSES, type BoletoStatus } from '../../domain/boleto.ts';
import type { DatasetBoleto } from '../../store/import/dataset.ts';
import type { Day } from '../../time/days-and-seconds.ts';
import { buildLinhaDigitavel } from '../core/brazil.ts';
import { dayText, PAST_DAYS } from '../core/moments.ts';
import { randomPriceCents, reais } from '../core/money.ts';
import type { Random } from '../core/random.ts';
import { randomFor, type CompanyPlan } from './companies.ts';
import { idOf } from './ids.ts';
import { forcedDangling, pickRef, type RefPool } from './references.ts';
import { isDeleted, spreadVariant } from './variety.ts';

const BOLETO_WEIGHTS: readonly (readonly [BoletoStatus, number])[] = [
  ['pago', 40],
  ['pendente', 20],
  ['vencido', 15],
  ['cancelado', 8],
  ['aguardando_confirmacao', 5],
  ['rejeitado', 4],
  ['nao_autorizado', 4],
  ['nao_realizado', 4],
];

/** Registration failures: the bank may never have produced a payable line. */
const UNREGISTERED: ReadonlySet<BoletoStatus> = new Set(['nao_autorizado', 'nao_realizado', 'rejeitado']);

interface BoletoDates {
  emissao: Day | null;
  vencimento: Day;
  pagamento: Day | null;
  compensacao: Day | null;
}

function dueDayFor(random: Random, status: BoletoStatus, today: Day): Day {
  switch (status) {
    case 'pendente':
      return today + random.int(0, 120);
    case 'vencido':
      return today - random.int(1, PAST_DAYS);
    case 'pago':
      return today + random.int(-PAST_DAYS, 20);
    case 'aguardando_confirmacao':
      return today + random.int(-10, 15);
    case 'cancelado':
      return today + random.int(-PAST_DAYS, 120);
    default:
      return today + random.int(-300, 90);
  }
}

/** Dates consistent with the status the bank reported (D20). */
function boletoDates(random: Random, status: BoletoStatus, today: Day): BoletoDates {
  const vencimento = dueDayFor(random, status, today);
  // Issued 3 to 30 days before the due date, never in the future.
  const issued = Math.min(vencimento - random.int(3, 30), today);
  const emissao = status === 'nao_realizado' && random.chance(0.4) ? null : issued;
  let pagamento: Day | null = null;
  let compensacao: Day | null = null;
  if (status === 'pago') {
    pagamento = Math.max(issued, Math.min(today, vencimento + random.int(-8, 6)));
    const cleared = pagamento + random.int(1, 2);
    compensacao = cleared <= today && random.chance(0.9) ? cleared : null;
  } else if (status === 'aguardando_confirmacao' && random.chance(0.6)) {
    pagamento = Math.max(issued, today - random.int(0, 2));
  }
  return { emissao, vencimento, pagamento, compensacao };
}

function boletoValorCents(random: Random): number {
  return random.chance(0.04) ? randomPriceCents(random, 5000, 25_000) : randomPriceCents(random, 30, 3000);
}

function buildBoleto(random: Random, plan: CompanyPlan, clientes: RefPool, index: number, today: Day): DatasetBoleto {
  const count = plan.counts.boletos;
  const forcedStatus = spreadVariant(index, count, BOLETO_STATUSES);
  const dangling = forcedDangling(index, count);
  const status = forcedStatus ?? random.weighted(BOLETO_WEIGHTS);
  const dates = boletoDates(random, status, today);
  const valorCents = boletoValorCents(random);
  const registered = !(UNREGISTERED.has(status) && random.chance(0.5));
  const vencimento = dayText(dates.vencimento);
  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    cliente_id: pickRef(random, clientes, { live: 85, deleted: 5, missing: 2, none: 8 }, dangling),
    numero_documento: random.chance(0.03) ? null : String(100 + index).padStart(6, '0'),
    linha_digitavel: registered
      ? buildLinhaDigitavel({ banco: plan.banco, valorCentavos: valorCents, vencimento, campoLivre: random.digits(25) })
      : null,
    valor: reais(valorCents),
    emissao: dates.emissao === null ? null : dayText(dates.emissao),
    vencimento,
    status,
    data_pagamento: dates.pagamento === null ? null : dayText(dates.pagamento),
    data_compensacao: dates.compensacao === null ? null : dayText(dates.compensacao),
    excluido: !forcedStatus && !dangling && isDeleted(random, index, count, 0.02),
  };
}

export function buildBoletos(plan: CompanyPlan, clientes: RefPool, today: Day): DatasetBoleto[] {
  const random = randomFor(plan, 'boletos');
  return Array.from({ length: plan.counts.boletos }, (_, index) => buildBoleto(random, plan, clientes, index, today));
}

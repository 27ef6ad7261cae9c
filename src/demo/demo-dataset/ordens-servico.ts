import { STANDARD_OS_STATUS } from '../../domain/ordem-servico.ts';
import type { DatasetOrdemServico } from '../../store/import/dataset.ts';
import { timeOfDay, type Day } from '../../time/days-and-seconds.ts';
import { businessSecond, datetime, dayText, PAST_DAYS, randomOffsetStyle } from '../core/moments.ts';
import { osStatusWeights } from '../core/ordem-status.ts';
import type { Random } from '../core/random.ts';
import { randomFor, type CompanyPlan } from './companies.ts';
import { idOf, type IdCounters } from './ids.ts';
import { buildChecklist } from './os-checklist.ts';
import { buildItens, type Catalog } from './os-itens.ts';
import { forcedDangling, pickRef, type RefPool } from './references.ts';
import { isDeleted, spreadVariant } from './variety.ts';

/** Each of a company's own statuses, beside the standard weights (core/ordem-status.ts). */
const CUSTOM_STATUS_WEIGHT = 5;

/** Statuses of orders that are over: they were opened at least two days ago. */
const FINISHED_STATUSES: ReadonlySet<string> = new Set(['concluida', 'cancelada', 'reprovada', 'em_garantia']);

/** Share of orders of each status that carry a conclusion moment. */
const CONCLUSION_RATE: Readonly<Record<string, number>> = { concluida: 1, em_garantia: 0.6, cancelada: 0.5, reprovada: 0.4 };

/**
 * One order per company was concluded and then reopened: back to `aberta`, it keeps the moment
 * of its conclusion (docs/sandbox.md). It is generated as a concluded order, at a fixed position.
 */
const REOPENED_POSITION = 0.37;
const REOPENED_STATUS = 'aberta';

function openingDay(random: Random, status: string, today: Day): Day {
  if (FINISHED_STATUSES.has(status)) return today - random.int(2, PAST_DAYS);
  // Work in progress is mostly recent, with some forgotten old orders.
  return today - (random.chance(0.7) ? random.int(0, 90) : random.int(0, PAST_DAYS));
}

interface OrdemRefs {
  clientes: RefPool;
  tecnicos: RefPool;
  catalog: Catalog;
}

function buildOrdem(
  random: Random,
  plan: CompanyPlan,
  refs: OrdemRefs,
  counters: IdCounters,
  index: number,
  today: Day,
): DatasetOrdemServico {
  const statuses = [...STANDARD_OS_STATUS, ...plan.statusPersonalizados];
  const forcedStatus = spreadVariant(index, plan.counts.ordens_servico, statuses);
  const dangling = forcedDangling(index, plan.counts.ordens_servico);
  const reopened = !forcedStatus && !dangling && index === Math.floor(plan.counts.ordens_servico * REOPENED_POSITION);
  const status =
    forcedStatus ??
    (reopened ? 'concluida' : random.weighted(osStatusWeights(plan.statusPersonalizados.map((s) => [s, CUSTOM_STATUS_WEIGHT] as const))));
  const opened = openingDay(random, status, today);
  const openSecond = businessSecond(random);
  const style = randomOffsetStyle(random);

  let conclusao: string | null = null;
  if (random.chance(CONCLUSION_RATE[status] ?? 0)) {
    // Quick repairs end the same day; others within two weeks, never later than yesterday.
    conclusao = random.chance(0.2)
      ? datetime(opened, Math.min(openSecond + random.int(3600, 4 * 3600), 86_399), style)
      : datetime(Math.min(opened + random.int(1, 15), today - 1), businessSecond(random), style);
  }

  return {
    id: idOf(plan, index),
    empresa_id: plan.id,
    status: reopened ? REOPENED_STATUS : status,
    cliente_id: pickRef(random, refs.clientes, { live: 85, deleted: 4, missing: 3, none: 8 }, dangling),
    tecnico_id: pickRef(random, refs.tecnicos, { live: 75, deleted: 5, missing: 3, none: 17 }, dangling),
    data_abertura: dayText(opened),
    hora_abertura: random.chance(0.85) ? timeOfDay(openSecond) : null,
    criada_em: random.chance(0.95) ? datetime(opened, Math.min(openSecond + random.int(0, 300), 86_399), style) : null,
    data_conclusao: conclusao,
    itens: buildItens(random, refs.catalog, counters),
    checklist: buildChecklist(random, plan.checklist, counters),
    // The orders that guarantee a status, a dangling reference or the reopened case stay visible.
    excluido: !forcedStatus && !dangling && isDeleted(random, index, plan.counts.ordens_servico, 0.015) && !reopened,
  };
}

export function buildOrdens(plan: CompanyPlan, refs: OrdemRefs, counters: IdCounters, today: Day): DatasetOrdemServico[] {
  const random = randomFor(plan, 'ordens_servico');
  return Array.from({ length: plan.counts.ordens_servico }, (_, index) => buildOrdem(random, plan, refs, counters, index, today));
}

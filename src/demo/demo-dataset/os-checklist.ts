/** The checklist of an ordem de serviço: titles, yes/no questions and free-text answers. */
import type { DatasetOsChecklist } from '../../store/import/dataset.ts';
import type { Random } from '../core/random.ts';
import type { ChecklistTemplate } from './checklist-templates.ts';
import type { IdCounters } from './ids.ts';

function checklistRow(
  random: Random,
  template: ChecklistTemplate,
  questions: { opcoes: ChecklistTemplate['opcoes'][number][]; textos: ChecklistTemplate['textos'][number][] },
  position: number,
  equipamentos: readonly number[],
): Omit<DatasetOsChecklist, 'id' | 'ordem'> {
  const titulo = position === 0 ? random.chance(0.6) : random.chance(0.1);
  if (titulo) {
    return {
      equipamento_id: null,
      tipo: 'titulo',
      pergunta: random.pick(template.titulos),
      resposta: null,
      motivo_nao_conformidade: null,
      excluido: false,
    };
  }
  const equipamento_id = random.chance(0.7) ? random.pick(equipamentos) : null;
  const excluido = random.chance(0.03);
  const opcao = random.chance(0.65) ? questions.opcoes.shift() : undefined;
  if (opcao) {
    const resposta = random.chance(0.1) ? null : random.pick(['Sim', 'Não'] as const);
    const flagged = resposta === opcao.naoConforme && random.chance(0.6);
    return {
      equipamento_id,
      tipo: 'opcoes',
      pergunta: opcao.pergunta,
      resposta,
      motivo_nao_conformidade: flagged ? random.pick(opcao.motivos) : null,
      excluido,
    };
  }
  const texto = questions.textos.shift() ?? random.pick(template.textos);
  return {
    equipamento_id,
    tipo: 'texto',
    pergunta: texto.pergunta,
    resposta: random.chance(0.15) ? null : random.pick(texto.respostas),
    motivo_nao_conformidade: null,
    excluido,
  };
}

export function buildChecklist(random: Random, template: ChecklistTemplate, counters: IdCounters): DatasetOsChecklist[] {
  const count = random.weighted([
    [0, 35],
    [1, 5],
    [2, 10],
    [3, 15],
    [4, 15],
    [5, 10],
    [6, 10],
  ] as const);
  if (count === 0) return [];
  const equipamentos = random.chance(0.3) ? [random.int(5000, 9999), random.int(5000, 9999)] : [random.int(5000, 9999)];
  const questions = { opcoes: random.shuffle(template.opcoes), textos: random.shuffle(template.textos) };
  const ids = Array.from({ length: count }, () => ++counters.checklist);
  // Rows inserted or reordered after the fact: display order (ordem) no longer follows ids.
  const rowIds = random.chance(0.25) ? random.shuffle(ids) : ids;
  const rows = rowIds.map((id, position) => ({
    id,
    ordem: position + 1,
    ...checklistRow(random, template, questions, position, equipamentos),
  }));
  return rows.sort((a, b) => a.id - b.id);
}

import { FEED_DEFAULT_PAGE_SIZE, FEED_MAX_PAGE_SIZE, TOMBSTONE_DAYS } from '../domain/limits.ts';
import { badRequest, type Detalhe } from '../errors/coded-error.ts';
import type { FeedEntry } from '../store/feed/change-feed.ts';
import type { ListSpec } from '../store/list/list-spec.ts';
import { JsonText, type DataRouteContext } from './data-route.ts';
import { decodeCursor, encodeCursor } from './feed-cursor.ts';
import type { ParamSpecs } from './params.ts';

/**
 * `GET /v1/<recurso>/alteracoes` (D44, D45, ADR 0013): the parameters every feed takes, and the
 * page read behind them. Each resource declares its own route with these, as it does its list.
 */
export const feedParams = {
  cursor: {
    kind: 'text',
    minLength: 1,
    maxLength: 300,
    exact: true,
    description:
      'O `meta.proximo_cursor` de uma resposta anterior deste endpoint, como recebido. Sem `cursor`, a leitura começa do início ' +
      '(uma sincronização completa). Um cursor que não foi emitido por este endpoint para esta empresa é recusado (400); ' +
      `um cursor anterior às exclusões ainda guardadas (pelo menos ${TOMBSTONE_DAYS} dias) também: recomece sem cursor.`,
  },
  a_partir: {
    kind: 'enum',
    values: ['agora'],
    description:
      '`agora`: em vez de ler o feed, responde uma página vazia cujo `meta.proximo_cursor` é o fim atual do feed. ' +
      'Para quem já tem uma cópia dos dados (carregada de outra forma) e quer acompanhar só as alterações daqui em diante. ' +
      'Não combine com `cursor`.',
  },
  por_pagina: {
    kind: 'integer',
    min: 1,
    max: FEED_MAX_PAGE_SIZE,
    default: FEED_DEFAULT_PAGE_SIZE,
    description: `Alterações por página, de 1 a ${FEED_MAX_PAGE_SIZE}. Padrão ${FEED_DEFAULT_PAGE_SIZE}.`,
  },
} as const satisfies ParamSpecs;

/** `cursor` and `a_partir` name two different starts: both sent is 400 naming `a_partir` (D50, D37). */
export function feedProblems(_params: unknown, _principal: unknown, sent: ReadonlySet<string>): Detalhe[] {
  return sent.has('cursor') && sent.has('a_partir') ? [{ campo: 'a_partir', mensagem: 'Informe cursor ou a_partir, não os dois.' }] : [];
}

export const FEED_DESCRIPTION =
  'Sem `cursor`, começa do início: todos os registros atuais e as exclusões guardadas. Com `a_partir=agora`, só o cursor do fim ' +
  'atual, para acompanhar as alterações daqui em diante. Cada página traz `meta.proximo_cursor`; ' +
  'repita com ele enquanto `tem_mais` for `true`. Guarde o último `proximo_cursor` e retome dele mais tarde: vêm exatamente as ' +
  'alterações feitas desde então, na ordem em que se tornaram visíveis, sem pular nenhuma — mesmo quando transações terminam fora ' +
  'da ordem em que começaram. Um registro alterado várias vezes aparece uma vez, no estado mais recente. ' +
  `Exclusões (\`excluido\`, \`registro\` null) incluem registros excluídos, apagados ou transferidos para outra empresa, e são guardadas por pelo menos ${TOMBSTONE_DAYS} dias.`;

export interface FeedAnswer {
  /** the entries as the inner text of a JSON array, written by PostgreSQL */
  entries: string;
  proximoCursor: string;
  temMais: boolean;
}

/** One page of the feed of `spec`'s table for the caller's company, from the cursor given (or the start). */
export async function readFeedPage(
  ctx: DataRouteContext<ParamSpecs>,
  spec: ListSpec,
  p: { cursor?: string; a_partir?: 'agora'; por_pagina: number },
): Promise<FeedAnswer> {
  const owner = { empresaId: ctx.principal.empresaId, tabela: spec.table };
  const key = await ctx.cursorKey();
  // D50: no entries, only where the feed ends now.
  if (p.a_partir === 'agora') return { entries: '', proximoCursor: encodeCursor(key, owner, await ctx.feedEnd()), temMais: false };
  const after = p.cursor === undefined ? null : decodeCursor(key, owner, p.cursor);
  if (p.cursor !== undefined && after === null) {
    throw badRequest([
      { campo: 'cursor', mensagem: 'Cursor inválido: use o meta.proximo_cursor de uma resposta deste endpoint, como recebido.' },
    ]);
  }
  const page = await ctx.feedPage(spec, after, p.por_pagina);
  if (page.expired) {
    throw badRequest([
      {
        campo: 'cursor',
        mensagem: `Cursor expirado: exclusões posteriores a ele já foram descartadas (são guardadas por ${TOMBSTONE_DAYS} dias). Recomece a sincronização sem cursor.`,
      },
    ]);
  }
  return { entries: page.entries, proximoCursor: encodeCursor(key, owner, page.next), temMais: page.temMais };
}

export function feedBody(answer: FeedAnswer): JsonText {
  return new JsonText([
    '{"data":[',
    answer.entries,
    `],"meta":${JSON.stringify({ proximo_cursor: answer.proximoCursor, tem_mais: answer.temMais })}}`,
  ]);
}

/** The entries as objects, for a page whose records must be completed in Node (contas of a tenant database). */
export function parsedEntries(answer: FeedAnswer): FeedEntry[] {
  return JSON.parse(`[${answer.entries}]`) as FeedEntry[];
}

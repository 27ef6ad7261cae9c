import { parsePairs, rawQuery } from '../contract/query-string.ts';
import { parseInteger } from '../domain/integer.ts';
import { SettingsError } from '../errors/coded-error.ts';
import { isStatusClass, STATUS_CLASSES } from '../request-log/request-log-entry.ts';
import type { RequestFilter } from '../request-log/request-log.query.ts';

/** Rows of one page of the settings view, by default and at most. */
export const REQUESTS_PAGE_DEFAULT = 50;
export const REQUESTS_PAGE_MAX = 200;
/** Rows of one CSV download, at most: the newest, filtered. */
export const REQUESTS_CSV_MAX = 50_000;

const KNOWN = ['client_id', 'status', 'path', 'request_id', 'apos', 'limite'] as const;
const MAX_TEXT = 512;

const invalid = (campo: string, mensagem: string): SettingsError => new SettingsError('dados_invalidos', [{ campo, mensagem }]);

/** A page position as the view hands it back (`proximo`): the last row's instant and id, opaque. */
export const encodePosition = (next: { atMicros: string; id: string }): string =>
  Buffer.from(`${next.atMicros}.${next.id}`).toString('base64url');

function decodePosition(text: string): { atMicros: string; id: string } {
  const match = /^(\d{1,19})\.(\d{1,19})$/.exec(Buffer.from(text, 'base64url').toString());
  if (match === null) throw invalid('apos', 'Posição inválida: use o valor de "proximo" da página anterior.');
  return { atMicros: match[1] as string, id: match[2] as string };
}

/**
 * The request view's filters, from the query string (docs/settings-api.md "Request log"): each
 * parameter once, none unknown, each refusal beside its name in pt-BR.
 */
export function readRequestFilter(
  url: string,
  bounds: { max: number; byDefault: number } = { max: REQUESTS_PAGE_MAX, byDefault: REQUESTS_PAGE_DEFAULT },
): RequestFilter {
  const maxLimit = bounds.max;
  const { pairs, malformed } = parsePairs(rawQuery(url));
  if (malformed.length > 0) throw invalid('query', 'A query string tem um escape % malformado.');
  const values = new Map<string, string>();
  for (const { name, value } of pairs) {
    if (!(KNOWN as readonly string[]).includes(name)) throw invalid(name, `Parâmetro desconhecido. Use: ${KNOWN.join(', ')}.`);
    if (values.has(name)) throw invalid(name, 'Parâmetro repetido.');
    if (value.length > MAX_TEXT) throw invalid(name, `No máximo ${MAX_TEXT} caracteres.`);
    if (value !== '') values.set(name, value);
  }
  const status = values.get('status');
  if (status !== undefined && !isStatusClass(status)) throw invalid('status', `Use uma das classes: ${STATUS_CLASSES.join(', ')}.`);
  const limitText = values.get('limite');
  const limit = limitText === undefined ? bounds.byDefault : parseInteger(limitText, 1);
  if (limit === null || limit > maxLimit) throw invalid('limite', `Use um número de 1 a ${maxLimit}.`);
  const apos = values.get('apos');
  return {
    clientId: values.get('client_id'),
    status: status as RequestFilter['status'],
    path: values.get('path'),
    requestId: values.get('request_id'),
    after: apos === undefined ? undefined : decodePosition(apos),
    limit,
  };
}

import { dailyCounts, droppedCount, searchRequests, type LoggedRequest } from '../request-log/request-log.query.ts';
import { encodePosition, readRequestFilter, REQUESTS_CSV_MAX } from './requests-query.ts';
import { route, SETTINGS_API_PREFIX } from './settings.routes.ts';

const REQUESTS = `${SETTINGS_API_PREFIX}/requests`;

const CSV_COLUMNS = ['at', 'client_id', 'method', 'path', 'status', 'codigo', 'duration_ms', 'ip', 'request_id', 'bytes'] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted; a leading =, +, - or @ is neutralised for spreadsheets. */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvOf = (rows: readonly LoggedRequest[]): string =>
  [CSV_COLUMNS.join(','), ...rows.map((r) => CSV_COLUMNS.map((c) => csvField(r[c])).join(','))].join('\r\n') + '\r\n';

/**
 * The company's request log (D59; docs/settings-api.md "Request log"): its pages, newest first,
 * filtered; the 30-day chart's counts; a CSV of the same filter. Access `api-externa`, the
 * company of the signed-in user only: another company's client id filters to nothing.
 */
export const requestLogRoutes = [
  route({
    method: 'GET',
    url: REQUESTS,
    access: 'api-externa',
    async handler(ctx) {
      const { empresaId } = ctx.admin().user;
      const filter = readRequestFilter(ctx.request.url);
      const page = await searchRequests(ctx.admin().db, empresaId, filter);
      return {
        requests: page.requests,
        proximo: page.next === null ? null : encodePosition(page.next),
        descartadas: await droppedCount(ctx.admin().db, empresaId),
      };
    },
  }),
  route({
    method: 'GET',
    url: `${REQUESTS}/daily`,
    access: 'api-externa',
    async handler(ctx) {
      const { empresaId } = ctx.admin().user;
      const { clientId } = readRequestFilter(ctx.request.url);
      return { dias: await dailyCounts(ctx.admin().db, empresaId, clientId), descartadas: await droppedCount(ctx.admin().db, empresaId) };
    },
  }),
  route({
    method: 'GET',
    url: `${REQUESTS}.csv`,
    access: 'api-externa',
    async handler(ctx) {
      // Without `limite`, all of the filter up to the bound: the CSV is the download of the whole view.
      const filter = readRequestFilter(ctx.request.url, { max: REQUESTS_CSV_MAX, byDefault: REQUESTS_CSV_MAX });
      const page = await searchRequests(ctx.admin().db, ctx.admin().user.empresaId, filter);
      ctx.reply.header('content-type', 'text/csv; charset=utf-8');
      ctx.reply.header('content-disposition', 'attachment; filename="chamadas.csv"');
      return csvOf(page.requests);
    },
  }),
];

import type { ListMeta } from '../domain/paging.ts';
import { formDecode } from './query-string.ts';

const PAGE = 'pagina';

/**
 * The query of another page: the request's own segments, byte for byte and in their order, with
 * the `pagina` segment's value replaced — or `pagina` added at the end when it was not sent.
 * Empty segments are dropped (they carry nothing). The request was accepted, so `pagina` was
 * sent at most once; its name is compared decoded (`p%61gina` is `pagina`).
 */
function queryForPage(segments: readonly string[], pagina: number): string {
  let replaced = false;
  const out = segments.map((segment) => {
    const eq = segment.indexOf('=');
    if (formDecode(eq === -1 ? segment : segment.slice(0, eq)) !== PAGE) return segment;
    replaced = true;
    return `${PAGE}=${pagina}`;
  });
  if (!replaced) out.push(`${PAGE}=${pagina}`);
  // A URL in a Link header is delimited by `<>`: characters that could end it early are escaped.
  return out.join('&').replace(/[<>"\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The RFC 8288 `Link` header of a list page: `first`, `prev` (from page 2 on), `next` (when a
 * later page has records) and `last`, on the list's path with the request's other parameters
 * unchanged. `baseUrl` is PUBLIC_BASE_URL when the operator set it, else `''`: relative references,
 * which RFC 8288 §3.1 resolves against the request's URL, so that an address the client sent
 * (Host, X-Forwarded-Host) is never written back to it (issue 19). `last` is page 1 when nothing matches. From a
 * page past the end, `prev` is the last page that exists, the nearest page before it with records.
 */
export function paginationLinks(baseUrl: string, path: string, rawQuery: string, meta: ListMeta): string {
  const segments = rawQuery.split('&').filter((segment) => segment !== '');
  const last = Math.max(meta.total_paginas, 1);
  const link = (pagina: number, rel: string) => `<${baseUrl}${path}?${queryForPage(segments, pagina)}>; rel="${rel}"`;
  return [
    link(1, 'first'),
    ...(meta.pagina > 1 ? [link(Math.min(meta.pagina - 1, last), 'prev')] : []),
    ...(meta.pagina < meta.total_paginas ? [link(meta.pagina + 1, 'next')] : []),
    link(last, 'last'),
  ].join(', ');
}

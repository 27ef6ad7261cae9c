import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route answers conditional GETs (D46): see conditionalGetHook */
    conditionalGet?: boolean;
  }
}

/**
 * Conditional GETs of the data endpoints (D46). The tag is strong and derived from the body alone:
 * the same bytes always get the same tag, on every instance, with no state kept.
 */
export function etagOf(body: string | Buffer): string {
  // One-shot hashing: no Hash object per response (the same SHA-256 as before, the same tags).
  return `"${hash('sha256', body, 'base64url')}"`;
}

/**
 * The entity tags of an `If-None-Match` field value (RFC 9110 §13.1.2): `*`, or a comma-separated
 * list of `[W/]"opaque"` whose opaque part may itself hold commas. Null when the value is not
 * well formed: such a condition is ignored and the request is answered as if it had none.
 */
function parseEntityTags(value: string): '*' | string[] | null {
  if (value.trim() === '*') return '*';
  const tags: string[] = [];
  let i = 0;
  const skipSpaces = () => {
    while (value[i] === ' ' || value[i] === '\t') i++;
  };
  for (;;) {
    skipSpaces();
    // Empty list elements are allowed (RFC 9110 §5.6.1).
    if (value[i] === ',') {
      i++;
      continue;
    }
    if (i >= value.length) break;
    if (value.startsWith('W/', i)) i += 2;
    if (value[i] !== '"') return null;
    const end = value.indexOf('"', i + 1);
    if (end === -1) return null;
    const opaque = value.slice(i + 1, end);
    // etagc: %x21 / %x23-7E / obs-text — no controls, spaces or quotes.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    if (/[\u0000-\u0020\u007f]/.test(opaque)) return null;
    tags.push(`"${opaque}"`);
    i = end + 1;
    skipSpaces();
    if (i < value.length && value[i] !== ',') return null;
  }
  return tags.length === 0 ? null : tags;
}

/** Whether `If-None-Match` matches the current tag: weak comparison (a `W/` tag matches its strong twin), `*` matches any. */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const tags = parseEntityTags(header);
  if (tags === null) return false;
  return tags === '*' || tags.includes(etag);
}

/**
 * D46, as an onSend hook of the root, added before compression: on the routes whose config asks
 * for it (the data API's), every 200 gets a strong ETag of its body as the route wrote it — the
 * same tag whatever `Accept-Encoding` — and a matching `If-None-Match` turns it into a 304 with no
 * body and every header the 200 carries (the common ones, Content-Type included, and the
 * rate-limit window the guard already counted). Errors never carry a tag and are never 304. Added
 * on the root, ahead of compression, so the tag is computed on the body as written whatever
 * encoding goes out (test/http/compression.test.ts checks that gzip keeps the same tag and 304s).
 */
export function conditionalGetHook(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
): void {
  // A callback hook: it runs on every response, and an async one costs a promise each time.
  if (request.routeOptions.config.conditionalGet !== true) return done(null, payload);
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
  const etag = etagOf(payload);
  reply.header('etag', etag);
  if (!noneMatchHits(request.headers['if-none-match'], etag)) return done(null, payload);
  reply.code(304);
  done(null, null);
}

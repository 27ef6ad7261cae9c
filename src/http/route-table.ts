/**
 * The API's known paths and the methods each accepts, so that a known path with another
 * method is 405 with `Allow` and an unknown path 404 (D2), decided before authentication.
 * Fastify alone answers 404 for both.
 */
export class RouteTable {
  private readonly routes: { pattern: RegExp; methods: Set<string> }[] = [];

  add(url: string, method: string): void {
    const source = url
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    const existing = this.routes.find((r) => r.pattern.source === `^${source}$`);
    if (existing) existing.methods.add(method);
    else this.routes.push({ pattern: new RegExp(`^${source}$`), methods: new Set([method]) });
  }

  /** The `Allow` value for a request target (`request.url`), or null when no route has its path. */
  allowFor(url: string): string | null {
    const path = routerPath(url);
    if (path === null) return null;
    const route = this.routes.find((r) => r.pattern.test(path));
    return route ? [...route.methods].join(', ') : null;
  }
}

// The scheme and authority of an absolute-form request target (`GET http://host/v1/...`).
const ORIGIN = /^https?:\/\/[^/?#]+/i;

/**
 * The path of a request target as the router (find-my-way) matches it, so that the 405 decision
 * sees the route the router would have found for the right method: `/v1/%63lientes` is
 * `/v1/clientes`. The query and fragment are cut off, an absolute-form target is reduced to its
 * path, and %-escapes are decoded except those of reserved characters and `%25`, which stay
 * encoded as in the router (`/v1/clientes%2F1` is no route). null when an escape is malformed:
 * the router cannot route that path either.
 */
export function routerPath(url: string): string | null {
  let target = url;
  if (!target.startsWith('/')) {
    const origin = ORIGIN.exec(target);
    if (origin === null) return null;
    target = `/${target.slice(origin[0].length).replace(/^\//, '')}`;
  }
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  try {
    // decodeURI leaves the escapes of reserved characters alone, but would turn %25 into a bare
    // `%` and so decode twice: the router re-encodes it first, and so does this.
    return decodeURI(path.replace(/%25/g, '%2525'));
  } catch {
    return null;
  }
}

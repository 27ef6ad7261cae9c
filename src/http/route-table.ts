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

  /** The `Allow` value for a path, or null when no route has that path. */
  allowFor(path: string): string | null {
    const route = this.routes.find((r) => r.pattern.test(path));
    return route ? [...route.methods].join(', ') : null;
  }
}

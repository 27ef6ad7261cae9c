import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a page's script or stylesheet: its access-log line is written at `debug` only */
    pageAsset?: boolean;
  }
}

/**
 * A page the app serves itself (the settings area, the API reference): index.html plus a fixed
 * list of assets, read once at start so no request path ever reaches the file system, under a
 * strict Content-Security-Policy. Nothing is fetched from anywhere else at run time.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

interface Asset {
  body: Buffer;
  contentType: string;
}

function load(dir: URL, file: string): Asset {
  const contentType = CONTENT_TYPES[path.extname(file)];
  if (contentType === undefined) throw new Error(`no content type for page asset ${file}`);
  return { body: fs.readFileSync(new URL(`./${file}`, dir)), contentType };
}

/**
 * index.html with each `{{name}}` replaced by `fill[name]` (markup the page module built and
 * escaped), once at start: texts that state a figure or a catalogue are built on the constants
 * that define it, and the page reads them without JavaScript. An unknown name stops the start.
 */
function filled(asset: Asset, fill: Record<string, string>): Asset {
  const html = asset.body.toString('utf8').replace(/\{\{(\w+)\}\}/g, (_m, name: string) => {
    const value = fill[name];
    if (value === undefined) throw new Error(`page placeholder {{${name}}} has no value`);
    return value;
  });
  return { body: Buffer.from(html, 'utf8'), contentType: asset.contentType };
}

function sendAsset(reply: FastifyReply, asset: Asset): FastifyReply {
  // The common headers (no-store, nosniff, no-referrer, request id) are already set in onRequest.
  return reply
    .header('content-type', asset.contentType)
    .header('content-security-policy', PAGE_CSP)
    .header('x-frame-options', 'DENY')
    .send(asset.body);
}

/**
 * A page: GET <url> serves <dir>/index.html; GET <url>/assets/<file> the listed files; GET
 * <base.url>/<file> the listed files of the pages' shared base; anything else 404.
 */
export interface StaticPage {
  url: string;
  dir: URL;
  assets: readonly string[];
  /** files of another folder the page serves as well, at `<url>/<file>` */
  base?: { url: string; dir: URL; files: readonly string[] };
  /** values of index.html's `{{name}}` placeholders, as HTML */
  fill?: () => Record<string, string>;
}

/** The routes of a page, for the route list (src/routes.ts). */
export const staticPageRoutes = (page: StaticPage) =>
  [
    { method: 'GET', url: page.url },
    { method: 'GET', url: `${page.url}/assets/:file` },
    ...(page.base === undefined ? [] : [{ method: 'GET', url: `${page.base.url}/:file` } as const]),
  ] as const;

function registerFiles(app: FastifyInstance, url: string, dir: URL, files: readonly string[]): void {
  const assets = new Map(files.map((file) => [file, load(dir, file)]));
  app.get<{ Params: { file: string } }>(url, { config: { pageAsset: true } }, async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (asset === undefined) return reply.callNotFound();
    return sendAsset(reply, asset);
  });
}

/**
 * Whether a request was for a page's script or stylesheet: a page load asks for a dozen of them,
 * and a line for each would bury the lines that matter (the page itself is logged like any route).
 */
export const isPageAsset = (request: FastifyRequest): boolean => request.routeOptions.config.pageAsset === true;

export function registerStaticPage(app: FastifyInstance, page: StaticPage): void {
  const raw = load(page.dir, 'index.html');
  const index = page.fill === undefined ? raw : filled(raw, page.fill());
  app.get(page.url, async (_request, reply) => sendAsset(reply, index));
  registerFiles(app, `${page.url}/assets/:file`, page.dir, page.assets);
  if (page.base !== undefined) registerFiles(app, `${page.base.url}/:file`, page.base.dir, page.base.files);
}

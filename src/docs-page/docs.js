// The API reference page: the guide is already in the HTML (built by the server from its own
// constants); this script fetches /openapi.json of this same app and renders every operation,
// grouped by resource, with its try-it form. It reads whatever the document holds — schemas
// inline or named in components and referred to by `$ref`, examples or none, error codes listed
// or not (then the guide's catalogue tables say which codes each status carries).
import { byId, el } from '../page-base/dom.js';
import { appendInline, renderText, slug } from './dom.js';
import { initFilter, renderNav, trackCurrentSection } from './nav.js';
import { operationId, parametersOf, renderOperation, renderWebhook } from './operation.js';
import { deref, useDocument } from './schema.js';
import { initTokenPanel } from './try-it.js';

/** @typedef {import('./operation.js').Operation} Operation */
/** @typedef {import('./operation.js').Context} Context */
/** @typedef {import('./operation.js').Entry} Entry */
/** @typedef {import('./operation.js').KnownError} KnownError */

/**
 * The parts of the document this script reads; each is optional.
 * @typedef {object} OpenApiDocument
 * @property {string} [openapi]
 * @property {{ title?: string, version?: string, description?: string }} [info]
 * @property {{ url?: string }[]} [servers]
 * @property {{ securitySchemes?: Record<string, { type?: string, scheme?: string, flows?: { clientCredentials?: { tokenUrl?: string } } }> }} [components]
 * @property {Record<string, Record<string, Operation> & { parameters?: import('./operation.js').Parameter[] }>} [paths]
 * @property {Record<string, Record<string, Operation>>} [webhooks] requests the API sends to the integrator (OpenAPI 3.1)
 * @property {Record<string, string[]>[]} [security] the default of every operation
 * @property {{ name: string, description?: string }[]} [tags]
 */

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The guide's catalogue tables (index.html), read back as data.
 * @param {string} selector
 * @param {string} codeAttribute
 * @returns {KnownError[]}
 */
function catalogue(selector, codeAttribute) {
  return [...document.querySelectorAll(selector + ' tr[' + codeAttribute + ']')].map((row) => ({
    status: Number(row.getAttribute('data-status')),
    code: row.getAttribute(codeAttribute) || '',
    cause: row.children[2]?.textContent || '',
    causeNode: row.children[2],
    message: row.getAttribute('data-mensagem') || undefined,
  }));
}

/**
 * Where code samples point: the document's first server (resolved against this page, so a relative
 * one works too), or this page's own origin.
 * @param {OpenApiDocument} doc
 * @returns {string}
 */
function baseUrlOf(doc) {
  const declared = Array.isArray(doc.servers) && doc.servers[0] && doc.servers[0].url;
  if (!declared) return window.location.origin;
  try {
    return new URL(declared, window.location.href).href.replace(/\/$/, '');
  } catch {
    return window.location.origin;
  }
}

/**
 * Where the code samples get a token: the client-credentials flow's token URL of the document's
 * OAuth scheme (resolved against the base URL), else the token endpoint on the base URL.
 * @param {OpenApiDocument} doc
 * @param {string} baseUrl
 * @returns {string}
 */
function tokenUrlOf(doc, baseUrl) {
  const schemes = (doc.components && doc.components.securitySchemes) || {};
  for (const scheme of Object.values(schemes)) {
    const declared = deref(scheme).flows?.clientCredentials?.tokenUrl;
    if (typeof declared !== 'string' || declared === '') continue;
    try {
      return new URL(declared, baseUrl + '/').href;
    } catch {
      break;
    }
  }
  return baseUrl + '/v1/oauth/token';
}

/**
 * The operations by resource (first tag): declared tags in their order, the rest in path order.
 * @param {OpenApiDocument} doc
 * @returns {{ name: string, id: string, entries: Entry[] }[]}
 */
function groupsOf(doc) {
  /** @type {Map<string, Entry[]>} */
  const byTag = new Map();
  for (const [path, rawItem] of Object.entries(doc.paths || {})) {
    const item = deref(rawItem);
    for (const method of METHODS) {
      const declared = item[method];
      if (!declared) continue;
      // An operation inherits the path's parameters (its own win, by name and place) and the
      // document's security when it declares none.
      const own = (declared.parameters || []).map((p) => deref(p));
      const inherited = (item.parameters || []).map((p) => deref(p)).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in));
      /** @type {Operation} */
      const op = { ...declared, parameters: [...inherited, ...own], security: declared.security || doc.security };
      const tag = (op.tags && op.tags[0]) || 'Outros';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)?.push({ path, method, op, id: operationId(path, method, op) });
    }
  }
  const declared = (doc.tags || []).map((t) => t.name);
  const rank = (/** @type {string} */ name) => (declared.includes(name) ? declared.indexOf(name) : declared.length);
  return [...byTag.entries()]
    .map(([name, entries]) => ({ name, id: slug('tag-', name), entries }))
    .sort((a, b) => rank(a.name) - rank(b.name));
}

/**
 * When list responses declare a `Link` header, the pagination guide says what it holds, in the
 * document's words (the guide in the HTML states only what every version of the server sends).
 * @param {Entry[]} entries
 */
function linkHeaderRule(entries) {
  for (const { op } of entries) {
    for (const response of Object.values(op.responses || {})) {
      const headers = deref(response).headers || {};
      const name = Object.keys(headers).find((h) => h.toLowerCase() === 'link');
      if (name === undefined) continue;
      const header = deref(headers[name]);
      const text = header.description || (header.schema && deref(header.schema).description) || '';
      const rule = el('li', { id: 'regra-link' }, ['Cabeçalho ', el('code', { text: name }), text ? ': ' : '.']);
      byId('paginacao-regras').append(text ? appendInline(rule, text) : rule);
      return;
    }
  }
}

/**
 * The notifications the document describes (`webhooks`), in the guide's section on them: each
 * event with its headers, body and expected answers. Without any, the section keeps its text only.
 * @param {OpenApiDocument} doc
 */
function renderWebhooks(doc) {
  const container = byId('webhooks-eventos');
  let count = 0;
  for (const [name, rawItem] of Object.entries(doc.webhooks || {})) {
    const item = deref(rawItem);
    for (const method of METHODS) {
      const declared = item[method];
      if (!declared) continue;
      container.append(renderWebhook(name, method, declared));
      count++;
    }
  }
  const status = byId('webhooks-estado');
  if (count > 0) status.hidden = true;
  else status.textContent = 'A descrição da API não lista eventos.';
}

/** @param {OpenApiDocument} doc */
function render(doc) {
  useDocument(doc);
  const info = doc.info || {};
  if (info.title) {
    byId('api-title').textContent = 'Referência da ' + info.title;
    document.title = 'Referência da ' + info.title;
  }
  byId('api-version').textContent = [info.version ? 'Versão ' + info.version : '', 'API somente leitura, servidor a servidor, em JSON.']
    .filter(Boolean)
    .join(' · ');
  const baseUrl = baseUrlOf(doc);
  /** @type {Context} */
  const ctx = {
    baseUrl,
    tokenUrl: tokenUrlOf(doc, baseUrl),
    envelope: catalogue('#catalogo-erros', 'data-codigo'),
    oauth: catalogue('#erros-oauth', 'data-error'),
    schemes: (doc.components && doc.components.securitySchemes) || {},
  };
  for (const node of document.querySelectorAll('.base-url')) node.textContent = ctx.baseUrl;

  const container = byId('endpoints');
  const groups = groupsOf(doc);
  for (const group of groups) {
    const info = (doc.tags || []).find((t) => t.name === group.name);
    const section = el('section', { className: 'section tag-section', id: group.id, 'data-tag': group.name }, [
      el('h2', { text: group.name }),
    ]);
    if (info && info.description) section.append(el('div', { className: 'prose' }, [renderText(info.description)]));
    for (const entry of group.entries) {
      const article = renderOperation(entry, ctx);
      const words = [
        entry.method,
        entry.path,
        entry.op.summary || '',
        entry.op.operationId || '',
        ...parametersOf(entry.op).map((p) => p.name),
      ];
      article.setAttribute('data-search', words.join(' '));
      section.append(article);
    }
    container.append(section);
  }
  renderNav(
    groups.map((g) => ({
      id: g.id,
      name: g.name,
      ops: g.entries.map((e) => ({ id: e.id, method: e.method, label: e.op.summary || e.path })),
    })),
  );

  // The guide's pointer to the token form goes to the operation on the token URL.
  const tokenEntry = groups.flatMap((g) => g.entries).find((e) => e.method === 'post' && /\/oauth\/token$/.test(e.path));
  if (tokenEntry) byId('link-obter-token').setAttribute('href', '#' + tokenEntry.id);

  linkHeaderRule(groups.flatMap((g) => g.entries));
  renderWebhooks(doc);
  initTokenPanel();
  initFilter();
  const status = byId('status');
  status.textContent = '';
  status.hidden = true;
  document.body.setAttribute('data-rendered', 'true');
  // A link to an operation opened before rendering lands on it now.
  if (window.location.hash.length > 1) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView();
  trackCurrentSection();
}

function fail() {
  const status = byId('status');
  status.className = 'notice notice-error';
  status.textContent = 'Não foi possível carregar a descrição da API. Tente recarregar a página.';
  document.body.setAttribute('data-rendered', 'error');
}

fetch('/openapi.json', { headers: { accept: 'application/json' }, credentials: 'omit' })
  .then((res) => {
    if (!res.ok) throw new Error('HTTP ' + res.status);
    return res.json();
  })
  // A failure to fetch says so on the page; a rendering bug stays an uncaught error, for the console.
  .then(render, fail);

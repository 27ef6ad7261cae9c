// One operation of the document, as a section that teaches it: method and path, the scope, the
// parameters with their rules, the response fields and every error with its codes; beside them on
// a wide screen (below on a narrow one), code samples per language (samples.js) and the response
// example; then the try-it form (try-it.js).
import { el } from '../page-base/dom.js';
import { appendInline, codeBlock, renderText, sampleTabs, slug, table } from './dom.js';
import { authKind, samplesOf } from './samples.js';
import { deref, descriptionOf, enumOf, exampleOf, fieldsOf, resolve, rulesOf, typeLabel, unwrap } from './schema.js';
import { tryIt } from './try-it.js';

/** @typedef {import('./schema.js').Schema} Schema */

/**
 * @typedef {object} Parameter
 * @property {string} name
 * @property {string} in `query`, `path`, `header` or `cookie`
 * @property {boolean} [required]
 * @property {Schema} [schema]
 * @property {string} [description]
 * @property {unknown} [example]
 */

/**
 * @typedef {object} MediaType
 * @property {Schema} [schema]
 * @property {unknown} [example]
 * @property {Record<string, { value?: unknown }>} [examples]
 */

/**
 * @typedef {object} Response
 * @property {string} [description]
 * @property {Record<string, MediaType>} [content]
 * @property {Record<string, { description?: string, schema?: Schema }>} [headers]
 */

/**
 * @typedef {object} Operation
 * @property {string} [operationId]
 * @property {string[]} [tags]
 * @property {string} [summary]
 * @property {string} [description]
 * @property {Record<string, string[]>[]} [security] scheme name to the scopes it needs
 * @property {Parameter[]} [parameters]
 * @property {{ content?: Record<string, MediaType> }} [requestBody]
 * @property {Record<string, Response>} [responses] by status code
 */

/**
 * An error code the guide's catalogue tables list (index.html, built from the server's catalogue).
 * @typedef {object} KnownError
 * @property {number} status
 * @property {string} code
 * @property {string} cause
 * @property {Element} [causeNode] the guide's cell that says it, code spans included
 * @property {string} [message]
 */

/**
 * What every operation needs besides itself.
 * @typedef {object} Context
 * @property {string} baseUrl where the code samples point
 * @property {string} tokenUrl where the code samples get their token
 * @property {KnownError[]} envelope codes of the `erro` envelope
 * @property {KnownError[]} oauth codes of the OAuth error shape
 * @property {Record<string, { type?: string, scheme?: string }>} schemes the document's security schemes
 */

/**
 * An operation as the page lists it.
 * @typedef {object} Entry
 * @property {string} path
 * @property {string} method lower case
 * @property {Operation} op
 * @property {string} id the article's id
 */

const IN_LABELS = /** @type {Record<string, string>} */ ({ query: 'query', path: 'caminho', header: 'cabeçalho', cookie: 'cookie' });

/**
 * The id of an operation's article: from its operationId, or from its method and path.
 * @param {string} path
 * @param {string} method
 * @param {Operation} op
 * @returns {string}
 */
export function operationId(path, method, op) {
  return op.operationId ? slug('op-', op.operationId) : slug('op-', method + '-' + path);
}

/**
 * The scheme names and scopes of the operation's first security requirement.
 * @param {Operation} op
 * @param {Context} ctx
 * @returns {{ kind: 'bearer' | 'basic' | 'none', scopes: string[] }}
 */
function authOf(op, ctx) {
  const first = Array.isArray(op.security) ? op.security[0] : undefined;
  const kind = authKind(op, ctx.schemes);
  return { kind, scopes: first && kind !== 'none' ? first[Object.keys(first)[0]] || [] : [] };
}

/**
 * The operation's parameters, refs followed.
 * @param {Operation} op
 * @returns {Parameter[]}
 */
export const parametersOf = (op) => (Array.isArray(op.parameters) ? op.parameters.map((p) => deref(p)) : []);

/**
 * The JSON media type of a request body or response, if any.
 * @param {{ content?: Record<string, MediaType> } | undefined} holder
 * @returns {{ type: string, media: MediaType } | null}
 */
function mediaOf(holder) {
  const content = holder && holder.content;
  if (!content) return null;
  const type = Object.keys(content).find((t) => /json/.test(t)) || Object.keys(content)[0];
  return type === undefined ? null : { type, media: deref(content[type] || {}) };
}

/**
 * The example of a media type: its own, its first named one, or one built from its schema.
 * @param {MediaType} media
 * @returns {unknown}
 */
function mediaExample(media) {
  if (media.example !== undefined) return media.example;
  const named = media.examples && Object.values(media.examples)[0];
  if (named) {
    const value = deref(named).value;
    if (value !== undefined) return value;
  }
  return exampleOf(media.schema);
}

/**
 * The type, listed values and rules of a value, with a "required" badge.
 * @param {Schema | undefined} schema
 * @param {boolean} required
 * @returns {HTMLDivElement}
 */
function schemaCell(schema, required) {
  const values = enumOf(schema);
  const rules = rulesOf(schema);
  return el('div', { className: 'schema' }, [
    el('div', {}, [
      el('span', { className: 'type', text: typeLabel(schema) }),
      required ? el('span', { className: 'badge badge-required', text: 'obrigatório' }) : null,
    ]),
    values !== null && values.length > 0
      ? el('div', { className: 'constraint' }, [
          'valores: ',
          ...values.flatMap((v, i) => [i > 0 ? ', ' : null, el('code', { text: typeof v === 'string' ? v : JSON.stringify(v) })]),
        ])
      : null,
    rules.length > 0 ? el('div', { className: 'constraint', text: rules.join(' · ') }) : null,
  ]);
}

/**
 * @param {string | undefined} text
 * @returns {HTMLSpanElement}
 */
const inlineCell = (text) => appendInline(el('span'), text || '');

/**
 * @param {Operation} op
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function authLine(op, ctx) {
  const auth = authOf(op, ctx);
  if (auth.kind === 'basic') {
    return el('p', { className: 'auth' }, ['Autenticação: HTTP Basic com o client id e o client secret (veja ', authLink(), ').']);
  }
  if (auth.kind === 'none') return el('p', { className: 'auth', text: 'Sem autenticação.' });
  return el('p', { className: 'auth' }, [
    'Escopo exigido: ',
    ...auth.scopes.flatMap((s, i) => [i > 0 ? ', ' : null, el('code', { className: 'scope', text: s })]),
    auth.scopes.length === 0 ? 'token Bearer válido' : null,
  ]);
}

const authLink = () => el('a', { href: '#autenticacao', text: 'Autenticação' });

/**
 * @param {Parameter[]} params
 * @returns {HTMLElement | null}
 */
function parametersBlock(params) {
  if (params.length === 0) return null;
  return el('div', { className: 'block' }, [
    el('h4', { text: 'Parâmetros' }),
    table(
      ['Nome', 'Em', 'Tipo e regras', 'Descrição'],
      params.map((p) => [
        el('code', { className: 'param-name', text: p.name }),
        IN_LABELS[p.in] || p.in,
        schemaCell(p.schema, p.required === true),
        inlineCell(p.description || descriptionOf(p.schema)),
      ]),
      'table-params',
    ),
  ]);
}

/**
 * @param {Operation} op
 * @returns {HTMLElement | null}
 */
function bodyBlock(op) {
  const body = mediaOf(deref(op.requestBody));
  if (body === null) return null;
  const s = resolve(body.media.schema);
  if (!s.properties) return null;
  const required = s.required || [];
  return el('div', { className: 'block' }, [
    el('h4', {}, ['Corpo da requisição (', el('code', { text: body.type }), ')']),
    table(
      ['Campo', 'Tipo e regras', 'Descrição'],
      Object.entries(s.properties).map(([name, prop]) => [
        el('code', { className: 'param-name', text: name }),
        schemaCell(prop, required.includes(name)),
        inlineCell(descriptionOf(prop)),
      ]),
      'table-body',
    ),
  ]);
}

/**
 * The success response and its status, if the operation declares one.
 * @param {Operation} op
 * @returns {{ code: string, response: Response } | null}
 */
function successOf(op) {
  const responses = op.responses || {};
  const code = Object.keys(responses).find((c) => c.charAt(0) === '2');
  return code === undefined ? null : { code, response: deref(responses[code]) };
}

/**
 * The success response's fields (nested ones indented below their parent).
 * @param {Operation} op
 * @returns {HTMLElement | null}
 */
function responseBlock(op) {
  const success = successOf(op);
  if (success === null) return null;
  const { code, response } = success;
  const json = mediaOf(response);
  const block = el('div', { className: 'block' }, [el('h4', {}, ['Resposta ', el('span', { className: 'status status-2', text: code })])]);
  const description = response.description && response.description !== 'Default Response' ? response.description : '';
  if (description) block.append(el('p', {}, [appendInline(el('span'), description)]));
  if (json === null) return block;
  // NDJSON (an export): each line is one of the schema's alternatives — the record, then the end
  // line. The fields are the record's; the example is a body of two lines.
  const lines = json.type === 'application/x-ndjson' ? lineSchemas(json.media.schema) : null;
  const fields = fieldsOf(lines === null ? json.media.schema : lines[0]);
  if (fields.length > 0) {
    block.append(
      table(
        ['Campo', 'Tipo', 'Descrição'],
        fields.map((f) => [
          el('code', { className: 'field-name depth-' + Math.min(f.depth, 4), text: f.path }),
          el('span', { className: 'type', text: typeLabel(f.schema) + (f.required ? '' : ' (opcional)') }),
          fieldDescription(f.schema, f.description),
        ]),
        'table-fields',
      ),
    );
  }
  const headers = headersBlock(response);
  if (headers !== null) block.append(headers);
  return block;
}

/**
 * An example of the success response's body; of an NDJSON one (an export), a record line and the
 * end line.
 * @param {Operation} op
 * @returns {HTMLElement | null}
 */
function responseExample(op) {
  const success = successOf(op);
  const json = success === null ? null : mediaOf(success.response);
  if (success === null || json === null) return null;
  const lines = json.type === 'application/x-ndjson' ? lineSchemas(json.media.schema) : null;
  const example =
    lines === null
      ? JSON.stringify(mediaExample(json.media), null, 2)
      : lines.map((schema, i) => JSON.stringify(i === 0 ? mediaExample(json.media) : exampleOf(schema))).join('\n');
  return el('div', { className: 'block' }, [
    el('h4', {}, ['Exemplo de resposta ', el('span', { className: 'status status-2', text: success.code })]),
    codeBlock(example, 'example', 'o exemplo de resposta'),
  ]);
}

/**
 * The schemas of an NDJSON body's lines: the alternatives of its schema, resolved (one when it
 * has none).
 * @param {Schema | undefined} schema
 * @returns {Schema[]}
 */
function lineSchemas(schema) {
  const s = deref(schema || {});
  const alts = s.oneOf || s.anyOf;
  return Array.isArray(alts) && alts.length > 0 ? alts.map((a) => deref(a)) : [s];
}

/**
 * A field's description, with the values it may take when the schema lists them.
 * @param {Schema} schema
 * @param {string} description
 * @returns {HTMLElement}
 */
function fieldDescription(schema, description) {
  const cell = inlineCell(description);
  const values = enumOf(schema);
  if (values !== null && values.length > 0 && unwrap(schema).schema.type !== 'boolean') {
    cell.append(
      el('span', { className: 'constraint' }, [
        ' Valores: ',
        ...values.flatMap((v, i) => [i > 0 ? ', ' : null, el('code', { text: typeof v === 'string' ? v : JSON.stringify(v) })]),
        '.',
      ]),
    );
  }
  return cell;
}

/**
 * The response headers the document declares, if any.
 * @param {Response} response
 * @returns {HTMLElement | null}
 */
function headersBlock(response) {
  const headers = response.headers || {};
  const names = Object.keys(headers);
  if (names.length === 0) return null;
  return el('div', {}, [
    el('h5', { text: 'Cabeçalhos da resposta' }),
    table(
      ['Cabeçalho', 'Tipo', 'Descrição'],
      names.map((name) => {
        const h = deref(headers[name] || {});
        return [el('code', { text: name }), typeLabel(h.schema), inlineCell(h.description || descriptionOf(h.schema))];
      }),
      'table-headers',
    ),
  ]);
}

/**
 * Every error status of the operation with the codes it can carry: the document's enum of
 * `erro.codigo` (or OAuth's `error`) when it lists one, else the guide's catalogue for that status.
 * @param {Operation} op
 * @param {Context} ctx
 * @returns {HTMLElement | null}
 */
function errorsBlock(op, ctx) {
  const responses = op.responses || {};
  const statuses = Object.keys(responses).filter((c) => /^[45]/.test(c));
  if (statuses.length === 0) return null;
  /** @type {import('./dom.js').Cell[][]} */
  const rows = [];
  for (const status of statuses) {
    const response = deref(responses[status]);
    for (const { code, cause, causeNode } of errorCodes(response, Number(status), ctx)) {
      // The guide's own words, copied with their code spans.
      const said = causeNode
        ? el(
            'span',
            {},
            [...causeNode.childNodes].map((n) => n.cloneNode(true)),
          )
        : inlineCell(cause);
      rows.push([
        el('span', { className: 'status status-' + status.charAt(0), text: status }),
        el('code', { className: 'codigo', text: code }),
        said,
      ]);
    }
  }
  // The token endpoint answers in the OAuth shape, except where the app answers before it (405).
  const oauth = statuses.filter((status) => isOAuth(deref(responses[status])));
  const envelope = statuses.filter((status) => !oauth.includes(status));
  const shape = oauth.length === 0 ? 'codigo' : envelope.length === 0 ? 'error' : 'código';
  const formatOf = (/** @type {boolean} */ isOauth) => [
    isOauth ? 'no formato OAuth ' : 'no envelope ',
    el('code', { text: isOauth ? '{"error", "error_description"}' : '{"erro": {...}}' }),
    ' (veja ',
    el('a', { href: isOauth ? '#autenticacao' : '#erros', text: isOauth ? 'Autenticação' : 'Erros' }),
    ')',
  ];
  const note =
    oauth.length > 0 && envelope.length > 0
      ? ['Respostas ', ...formatOf(true), '; ', envelope.join(', '), ' ', ...formatOf(false), '.']
      : ['Respostas ', ...formatOf(oauth.length > 0), '.'];
  return el('div', { className: 'block' }, [
    el('h4', { text: 'Erros' }),
    el('p', { className: 'muted small' }, note),
    table(['Status', shape, 'Quando'], rows, 'table-errors'),
    errorExample(responses, statuses[0], ctx),
  ]);
}

/**
 * An example of the first error response: the document's, or one built from its schema with the
 * status's first code and, in the envelope, the catalogue's message for it.
 * @param {Record<string, Response>} responses
 * @param {string} status
 * @param {Context} ctx
 * @returns {HTMLElement | null}
 */
function errorExample(responses, status, ctx) {
  const response = deref(responses[status]);
  const json = mediaOf(response);
  if (json === null) return null;
  const codes = errorCodes(response, Number(status), ctx);
  const code = codes[0] ? codes[0].code : '';
  let example = mediaExample(json.media);
  const documented = json.media.example !== undefined || json.media.examples !== undefined;
  if (!documented && example !== null && typeof example === 'object') {
    const body = /** @type {Record<string, any>} */ (example);
    if (body.erro && typeof body.erro === 'object') {
      const known = ctx.envelope.find((k) => k.code === code);
      body.erro = { ...body.erro, codigo: code, mensagem: known && known.message ? known.message : body.erro.mensagem };
    } else if ('error' in body) body.error = code;
    example = body;
  }
  return el('details', { className: 'error-example' }, [
    el('summary', {}, ['Exemplo de erro (', status, ' ', el('code', { text: code }), ')']),
    codeBlock(JSON.stringify(example, null, 2), 'example-error', 'o exemplo de erro'),
  ]);
}

/**
 * Whether an error response uses the OAuth shape (a schema with `error`, not `erro`).
 * @param {Response} response
 * @returns {boolean}
 */
function isOAuth(response) {
  const json = mediaOf(response);
  const props = json === null ? {} : resolve(json.media.schema).properties || {};
  return !!props.error && !props.erro;
}

/**
 * The codes of one error response, with when each happens.
 * @param {Response} response
 * @param {number} status
 * @param {Context} ctx
 * @returns {{ code: string, cause: string, causeNode?: Element }[]}
 */
function errorCodes(response, status, ctx) {
  const json = mediaOf(response);
  const props = json === null ? {} : resolve(json.media.schema).properties || {};
  const known = isOAuth(response) ? ctx.oauth : ctx.envelope;
  /** @type {unknown[] | null} */
  let listed = null;
  if (props.erro) listed = enumOf(resolve(props.erro).properties?.codigo);
  else if (props.error) listed = enumOf(props.error);
  const fallback = response.description && response.description !== 'Default Response' ? response.description : '';
  if (listed !== null && listed.length > 0) {
    return listed.map((code) => {
      const entry = known.find((k) => k.code === code && k.status === status) || known.find((k) => k.code === code);
      return { code: String(code), cause: entry ? entry.cause : fallback, causeNode: entry?.causeNode };
    });
  }
  const byStatus = known.filter((k) => k.status === status);
  if (byStatus.length > 0) return byStatus.map((k) => ({ code: k.code, cause: k.cause, causeNode: k.causeNode }));
  return [{ code: '—', cause: fallback }];
}

/**
 * A description without its sentence naming the required scope, when that is the scope the page
 * already shows: the document states it in prose for tools that show descriptions only, and the
 * page says it once.
 * @param {string} text
 * @param {string[]} scopes
 * @returns {string}
 */
function withoutScopeSentence(text, scopes) {
  return text.replace(/\s*Escopo exigido:\s*`([^`]+)`\.?/g, (sentence, scope) => (scopes.includes(scope) ? '' : sentence)).trim();
}

/**
 * @param {Entry} entry
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
export function renderOperation(entry, ctx) {
  const { path, method, op } = entry;
  const title = op.summary || method.toUpperCase() + ' ' + path;
  // What the operation is and takes, then beside it (below it on a narrow screen) how to call it
  // and what it answers, then the try-it form under both.
  const main = el('div', { className: 'op-main' }, [
    el('h3', { className: 'summary' }, [el('a', { href: '#' + entry.id, className: 'anchor', text: title })]),
    el('p', { className: 'operation-head' }, [
      el('span', { className: 'method method-' + method, text: method.toUpperCase() }),
      ' ',
      el('code', { className: 'path', text: path }),
    ]),
    authLine(op, ctx),
  ]);
  const description = withoutScopeSentence(op.description || '', authOf(op, ctx).scopes);
  if (description) main.append(el('div', { className: 'prose' }, [renderText(description)]));
  const blocks = [parametersBlock(parametersOf(op)), bodyBlock(op), responseBlock(op), errorsBlock(op, ctx)];
  for (const block of blocks) if (block !== null) main.append(block);
  const aside = el('div', { className: 'op-aside', role: 'region', 'aria-label': 'Exemplos: ' + title }, [
    el('div', { className: 'block' }, [
      el('h4', { text: 'Exemplos de código' }),
      sampleTabs(entry.id, 'Linguagem do exemplo: ' + title, samplesOf(entry, ctx)),
    ]),
    responseExample(op),
  ]);
  return el('article', { className: 'operation', id: entry.id, 'data-method': method, 'data-path': path }, [
    main,
    aside,
    el('div', { className: 'op-try' }, [tryIt(entry, authOf(op, ctx).kind)]),
  ]);
}

/**
 * One notification of the document's `webhooks` (OpenAPI 3.1): what the server sends to the
 * integrator's endpoint — the event's name, the headers with their rules, the body's fields, an
 * example body, and the answers it expects. No curl line and no try-it form: the API makes this
 * request, not the reader.
 * @param {string} name the event's key in `webhooks`
 * @param {string} method lower case
 * @param {Operation} op
 * @returns {HTMLElement}
 */
export function renderWebhook(name, method, op) {
  const id = slug('webhook-', name);
  const article = el('article', { className: 'webhook', id, 'data-event': name }, [
    el('h3', { className: 'summary' }, [el('a', { href: '#' + id, className: 'anchor', text: op.summary || name })]),
    el('p', { className: 'operation-head' }, [
      el('span', { className: 'method method-' + method, text: method.toUpperCase() }),
      ' ',
      el('span', { text: 'à URL do seu endpoint · evento ' }),
      el('code', { className: 'event-name', text: name }),
    ]),
  ]);
  if (op.description) article.append(el('div', { className: 'prose' }, [renderText(op.description)]));
  const headers = parametersOf(op).filter((p) => p.in === 'header');
  if (headers.length > 0) {
    article.append(
      el('div', { className: 'block' }, [
        el('h4', { text: 'Cabeçalhos' }),
        table(
          ['Cabeçalho', 'Tipo e regras', 'Descrição'],
          headers.map((p) => [
            el('code', { className: 'header-name', text: p.name }),
            schemaCell(p.schema, p.required === true),
            inlineCell(p.description || descriptionOf(p.schema)),
          ]),
          'table-webhook-headers',
        ),
      ]),
    );
  }
  const body = mediaOf(deref(op.requestBody));
  if (body !== null) {
    const block = el('div', { className: 'block' }, [el('h4', {}, ['Corpo (', el('code', { text: body.type }), ')'])]);
    const fields = fieldsOf(body.media.schema);
    if (fields.length > 0) {
      block.append(
        table(
          ['Campo', 'Tipo', 'Descrição'],
          fields.map((f) => [
            el('code', { className: 'field-name depth-' + Math.min(f.depth, 4), text: f.path }),
            el('span', { className: 'type', text: typeLabel(f.schema) + (f.required ? '' : ' (opcional)') }),
            fieldDescription(f.schema, f.description),
          ]),
          'table-fields',
        ),
      );
    }
    block.append(el('h5', { text: 'Exemplo de corpo' }));
    block.append(codeBlock(JSON.stringify(mediaExample(body.media), null, 2), 'example', 'o exemplo de corpo'));
    article.append(block);
  }
  const responses = Object.entries(op.responses || {});
  if (responses.length > 0) {
    article.append(
      el('div', { className: 'block' }, [
        el('h4', { text: 'Respostas do seu servidor' }),
        table(
          ['Status', 'O que acontece'],
          responses.map(([status, response]) => [
            el('span', { className: 'status status-' + status.charAt(0), text: status.replace(/X/g, 'x') }),
            inlineCell(deref(response).description || ''),
          ]),
          'table-webhook-responses',
        ),
      ]),
    );
  }
  return article;
}

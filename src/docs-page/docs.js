/*
 * API reference page: fetches /openapi.json of this same app and renders it.
 * Every text from the document goes into the page through textContent, never as HTML.
 */
(function () {
  'use strict';

  // The pieces of the OpenAPI document (GET /openapi.json, src/http/openapi.ts) this page reads.
  // Every one is optional: the page renders what is there.

  /** @typedef {'get' | 'post' | 'put' | 'patch' | 'delete'} HttpMethod */

  /**
   * @typedef {object} OpenApiSchema
   * @property {string | string[]} [type]
   * @property {string} [format]
   * @property {unknown[]} [enum]
   * @property {unknown} [const]
   * @property {OpenApiSchema[]} [anyOf]
   * @property {OpenApiSchema[]} [oneOf]
   * @property {number} [minimum]
   * @property {number} [maximum]
   * @property {number} [minLength]
   * @property {number} [maxLength]
   * @property {unknown} [default]
   * @property {Record<string, OpenApiSchema>} [properties]
   * @property {string[]} [required]
   * @property {string} [description]
   */

  /**
   * @typedef {object} OpenApiParameter
   * @property {string} name
   * @property {string} in `query`, `path`, `header` or `cookie`
   * @property {boolean} [required]
   * @property {OpenApiSchema} [schema]
   * @property {string} [description]
   */

  /**
   * @typedef {object} OpenApiOperation
   * @property {string[]} [tags]
   * @property {string} [summary]
   * @property {string} [description]
   * @property {Record<string, string[]>[]} [security] scheme name to the scopes it needs
   * @property {OpenApiParameter[]} [parameters]
   * @property {{ content?: Record<string, { schema?: OpenApiSchema }> }} [requestBody]
   * @property {Record<string, { description?: string }>} [responses] by status code
   */

  /** @typedef {Partial<Record<HttpMethod, OpenApiOperation>>} OpenApiPathItem */

  /**
   * @typedef {object} OpenApiSecurityScheme
   * @property {string} [type] `oauth2`, `http`, …
   * @property {string} [description]
   * @property {string} [scheme] for `http`: `basic`, `bearer`, …
   * @property {{ clientCredentials?: { tokenUrl?: string, scopes?: Record<string, string> } }} [flows]
   */

  /**
   * @typedef {object} OpenApiTag
   * @property {string} name
   * @property {string} [description]
   */

  /**
   * @typedef {object} OpenApiDocument
   * @property {string} [openapi]
   * @property {{ title?: string, version?: string, description?: string }} [info]
   * @property {{ securitySchemes?: Record<string, OpenApiSecurityScheme> }} [components]
   * @property {Record<string, OpenApiPathItem>} [paths]
   * @property {OpenApiTag[]} [tags]
   */

  /**
   * A table cell: an element, or text (null and undefined show as empty).
   * @typedef {Node | string | null | undefined} Cell
   */

  /** @type {HttpMethod[]} */
  var METHODS = ['get', 'post', 'put', 'patch', 'delete'];
  /** @type {Record<string, string>} */
  var IN_LABELS = { query: 'query', path: 'caminho', header: 'cabeçalho', cookie: 'cookie' };

  /**
   * The page's element with this id. Every id the script asks for is in index.html, so a missing
   * one is a mistake in the page, reported here by name.
   * @param {string} id
   * @returns {HTMLElement}
   */
  function byId(id) {
    var node = document.getElementById(id);
    if (node === null) throw new Error('The page has no element #' + id + '.');
    return node;
  }

  /**
   * Creates an element with an optional class and text.
   * @template {keyof HTMLElementTagNameMap} K
   * @param {K} tag
   * @param {string} [className]
   * @param {unknown} [text]
   * @returns {HTMLElementTagNameMap[K]}
   */
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  /**
   * Appends text with `code` spans (between backticks) to a parent, as text nodes and <code>.
   * @template {HTMLElement} T
   * @param {T} parent
   * @param {unknown} text
   * @returns {T}
   */
  function appendInline(parent, text) {
    var parts = String(text).split('`');
    for (var i = 0; i < parts.length; i++) {
      var part = parts[i];
      // An unmatched final backtick stays literal text.
      if (i % 2 === 1 && i < parts.length - 1) {
        parent.appendChild(el('code', '', part));
      } else {
        if (i % 2 === 1) part = '`' + part;
        if (part !== '') parent.appendChild(document.createTextNode(part));
      }
    }
    return parent;
  }

  /**
   * Markdown-ish text: paragraphs separated by blank lines, `- ` bullet lists, `code` spans.
   * @param {string} [text]
   * @returns {DocumentFragment}
   */
  function renderText(text) {
    var frag = document.createDocumentFragment();
    var lines = String(text || '')
      .replace(/\r\n?/g, '\n')
      .split('\n');
    /** @type {string[]} */
    var para = [];
    /** @type {HTMLUListElement | null} */
    var list = null;
    /** @type {HTMLLIElement | null} */
    var lastItem = null;

    function flushPara() {
      if (para.length > 0) frag.appendChild(appendInline(el('p'), para.join(' ')));
      para = [];
    }
    function flushList() {
      if (list !== null) frag.appendChild(list);
      list = null;
      lastItem = null;
    }

    for (var i = 0; i < lines.length; i++) {
      var line = lines[i].trim();
      if (line === '') {
        flushPara();
        flushList();
      } else if (line.indexOf('- ') === 0) {
        flushPara();
        if (list === null) list = el('ul');
        lastItem = appendInline(el('li'), line.slice(2));
        list.appendChild(lastItem);
      } else if (lastItem !== null && lines[i].charAt(0) === ' ') {
        // An indented line continues the previous bullet.
        appendInline(lastItem, ' ' + line);
      } else {
        flushList();
        para.push(line);
      }
    }
    flushPara();
    flushList();
    return frag;
  }

  /**
   * The id of a tag's section: `tag-` and the name in lower case ASCII, words joined by `-`.
   * @param {string} text
   * @returns {string}
   */
  function slug(text) {
    return (
      'tag-' +
      String(text)
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')
    );
  }

  /**
   * A table that stacks into labelled rows on a phone (labels via data-label).
   * @param {string[]} headers
   * @param {Cell[][]} rows
   * @param {string} [className]
   * @returns {HTMLDivElement}
   */
  function table(headers, rows, className) {
    var wrap = el('div', 'table-wrap');
    var t = el('table', 'table ' + (className || ''));
    var thead = el('thead');
    var hr = el('tr');
    headers.forEach(function (h) {
      var th = el('th', '', h);
      th.scope = 'col';
      hr.appendChild(th);
    });
    thead.appendChild(hr);
    t.appendChild(thead);
    var tbody = el('tbody');
    rows.forEach(function (cells) {
      var tr = el('tr');
      cells.forEach(function (cell, i) {
        var td = el('td');
        td.setAttribute('data-label', headers[i]);
        if (cell && typeof cell === 'object' && cell.nodeType) td.appendChild(cell);
        else td.textContent = cell === undefined || cell === null ? '' : String(cell);
        tr.appendChild(td);
      });
      tbody.appendChild(tr);
    });
    t.appendChild(tbody);
    wrap.appendChild(t);
    return wrap;
  }

  /**
   * Enum values of a schema: `enum`, or `anyOf`/`oneOf` of single-value enums or consts.
   * @param {OpenApiSchema} schema
   * @returns {unknown[] | null}
   */
  function enumOf(schema) {
    if (Array.isArray(schema.enum)) return schema.enum;
    var alts = schema.anyOf || schema.oneOf;
    if (!Array.isArray(alts)) return null;
    /** @type {unknown[]} */
    var values = [];
    for (var i = 0; i < alts.length; i++) {
      var alt = alts[i] || {};
      if (Array.isArray(alt.enum)) values = values.concat(alt.enum);
      else if ('const' in alt) values.push(alt.const);
      else return null;
    }
    return values;
  }

  /**
   * @param {OpenApiSchema} schema
   * @returns {string | string[]}
   */
  function typeOf(schema) {
    if (schema.type) return Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
    var alts = schema.anyOf || schema.oneOf;
    if (Array.isArray(alts) && alts[0] && alts[0].type) return alts[0].type;
    return '';
  }

  /**
   * Type, format, enum and limits of a schema, as a small fragment with code spans.
   * @param {OpenApiSchema | undefined} schema
   * @param {boolean} [required]
   * @returns {HTMLDivElement}
   */
  function schemaCell(schema, required) {
    schema = schema || {};
    var box = el('div', 'schema');
    var head = el('div');
    head.appendChild(el('span', 'type', typeOf(schema) + (schema.format ? ' (' + schema.format + ')' : '')));
    if (required) head.appendChild(el('span', 'badge badge-required', 'obrigatório'));
    box.appendChild(head);
    var values = enumOf(schema);
    if (values !== null && values.length > 0) {
      var line = el('div', 'constraint');
      line.appendChild(document.createTextNode('valores: '));
      values.forEach(function (v, i) {
        if (i > 0) line.appendChild(document.createTextNode(', '));
        line.appendChild(el('code', '', v));
      });
      box.appendChild(line);
    }
    var limits = [];
    if (schema.minimum !== undefined) limits.push('mín. ' + schema.minimum);
    if (schema.maximum !== undefined) limits.push('máx. ' + schema.maximum);
    if (schema.minLength !== undefined) limits.push('tamanho mín. ' + schema.minLength);
    if (schema.maxLength !== undefined) limits.push('tamanho máx. ' + schema.maxLength);
    if (schema.default !== undefined) limits.push('padrão ' + schema.default);
    if (limits.length > 0) box.appendChild(el('div', 'constraint', limits.join(' · ')));
    return box;
  }

  /**
   * @param {string} [text]
   * @returns {HTMLSpanElement}
   */
  function inlineCell(text) {
    return appendInline(el('span'), text || '');
  }

  /** @param {OpenApiDocument} doc */
  function renderSecurity(doc) {
    var box = byId('security');
    var schemes = (doc.components && doc.components.securitySchemes) || {};
    Object.keys(schemes).forEach(function (name) {
      var s = schemes[name] || {};
      var card = el('div', 'card');
      if (s.type === 'oauth2') {
        var flow = s.flows && s.flows.clientCredentials;
        card.appendChild(el('h3', '', 'OAuth 2.0 — Client Credentials'));
        if (s.description) card.appendChild(renderText(s.description));
        if (flow) {
          var p = el('p');
          p.appendChild(document.createTextNode('URL do token: '));
          p.appendChild(el('code', 'token-url', 'POST ' + flow.tokenUrl));
          card.appendChild(p);
          var scopes = flow.scopes || {};
          var rows = Object.keys(scopes).map(function (scope) {
            return [el('code', '', scope), inlineCell(scopes[scope])];
          });
          card.appendChild(el('h4', '', 'Escopos'));
          card.appendChild(table(['Escopo', 'Descrição'], rows, 'table-scopes'));
        }
      } else if (s.type === 'http') {
        card.appendChild(el('h3', '', 'HTTP ' + (s.scheme === 'basic' ? 'Basic' : s.scheme || '')));
        if (s.description) card.appendChild(renderText(s.description));
        card.appendChild(el('p', 'muted', 'Usado apenas para obter o token.'));
      } else {
        card.appendChild(el('h3', '', name));
        if (s.description) card.appendChild(renderText(s.description));
      }
      box.appendChild(card);
    });
  }

  /**
   * The OAuth 2.0 scope an operation asks for, or null.
   * @param {OpenApiOperation} op
   * @returns {string | null}
   */
  function requiredScope(op) {
    var first = Array.isArray(op.security) ? op.security[0] : null;
    if (first && Array.isArray(first.oauth2) && first.oauth2.length > 0) return first.oauth2[0];
    return null;
  }

  /**
   * The rows of the request body's fields (name, schema, description), or null without one.
   * @param {OpenApiOperation} op
   * @returns {Cell[][] | null}
   */
  function bodyFields(op) {
    var content = op.requestBody && op.requestBody.content;
    if (!content) return null;
    var media = content[Object.keys(content)[0]];
    var schema = media && media.schema;
    if (!schema || !schema.properties) return null;
    var properties = schema.properties;
    var required = schema.required || [];
    return Object.keys(properties).map(function (name) {
      var prop = properties[name] || {};
      return [el('code', '', name), schemaCell(prop, required.indexOf(name) !== -1), inlineCell(prop.description)];
    });
  }

  /**
   * @param {string} path
   * @param {HttpMethod} method
   * @param {OpenApiOperation} op
   * @returns {HTMLElement}
   */
  function renderOperation(path, method, op) {
    var article = el('article', 'operation');
    article.id = 'op-' + method + '-' + path.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');
    var head = el('header', 'operation-head');
    head.appendChild(el('span', 'method method-' + method, method.toUpperCase()));
    head.appendChild(el('code', 'path', path));
    article.appendChild(head);
    if (op.summary) article.appendChild(el('h3', 'summary', op.summary));

    var scope = requiredScope(op);
    var auth = el('p', 'auth');
    if (scope !== null) {
      auth.appendChild(document.createTextNode('Escopo exigido: '));
      auth.appendChild(el('code', 'scope', scope));
    } else if (Array.isArray(op.security) && op.security[0] && op.security[0].clientBasic) {
      auth.textContent = 'Autenticação: HTTP Basic com o client id e o client secret.';
    } else {
      auth.textContent = 'Sem autenticação.';
    }
    article.appendChild(auth);

    if (op.description) {
      var desc = el('div', 'prose');
      desc.appendChild(renderText(op.description));
      article.appendChild(desc);
    }

    var params = Array.isArray(op.parameters) ? op.parameters : [];
    if (params.length > 0) {
      article.appendChild(el('h4', '', 'Parâmetros'));
      article.appendChild(
        table(
          ['Nome', 'Em', 'Tipo', 'Descrição'],
          params.map(function (p) {
            return [el('code', 'param-name', p.name), IN_LABELS[p.in] || p.in, schemaCell(p.schema, p.required), inlineCell(p.description)];
          }),
          'table-params',
        ),
      );
    }

    var body = bodyFields(op);
    if (body !== null) {
      article.appendChild(el('h4', '', 'Corpo da requisição'));
      article.appendChild(table(['Campo', 'Tipo', 'Descrição'], body, 'table-body'));
    }

    var responses = op.responses || {};
    var codes = Object.keys(responses);
    if (codes.length > 0) {
      article.appendChild(el('h4', '', 'Respostas'));
      article.appendChild(
        table(
          ['Status', 'Descrição'],
          codes.map(function (code) {
            var description = (responses[code] && responses[code].description) || '';
            // The generator's placeholder for a success without its own description.
            if (description === 'Default Response' && code.charAt(0) === '2') description = 'Sucesso.';
            return [el('span', 'status status-' + code.charAt(0), code), inlineCell(description)];
          }),
          'table-responses',
        ),
      );
    }
    return article;
  }

  /** @param {OpenApiDocument} doc */
  function renderPaths(doc) {
    /** @typedef {{ name: string, ops: { path: string, method: HttpMethod, op: OpenApiOperation }[] }} TagGroup */
    /** @type {TagGroup[]} */
    var groups = [];
    /** @type {Record<string, TagGroup>} */
    var byTag = {};
    var paths = doc.paths || {};
    Object.keys(paths).forEach(function (path) {
      METHODS.forEach(function (method) {
        var op = paths[path][method];
        if (!op) return;
        var tag = (op.tags && op.tags[0]) || 'Outros';
        if (!byTag[tag]) {
          byTag[tag] = { name: tag, ops: [] };
          groups.push(byTag[tag]);
        }
        byTag[tag].ops.push({ path: path, method: method, op: op });
      });
    });
    // Tags declared in the document keep their declared order; the rest follow in path order.
    var declared = Array.isArray(doc.tags)
      ? doc.tags.map(function (t) {
          return t.name;
        })
      : [];
    groups.sort(function (a, b) {
      var ia = declared.indexOf(a.name);
      var ib = declared.indexOf(b.name);
      if (ia === -1 && ib === -1) return 0;
      if (ia === -1) return 1;
      if (ib === -1) return -1;
      return ia - ib;
    });

    var container = byId('endpoints');
    var nav = byId('nav-list');
    groups.forEach(function (group) {
      var section = el('section', 'section tag-section');
      section.id = slug(group.name);
      section.appendChild(el('h2', '', group.name));
      var info = Array.isArray(doc.tags)
        ? doc.tags.filter(function (t) {
            return t.name === group.name;
          })[0]
        : null;
      if (info && info.description) section.appendChild(renderText(info.description));
      group.ops.forEach(function (o) {
        section.appendChild(renderOperation(o.path, o.method, o.op));
      });
      container.appendChild(section);

      var li = el('li');
      var a = el('a', '', group.name);
      a.href = '#' + section.id;
      li.appendChild(a);
      nav.appendChild(li);
    });
  }

  /** @param {OpenApiDocument} doc */
  function render(doc) {
    var info = doc.info || {};
    byId('api-title').textContent = info.title ? 'Referência da ' + info.title : 'Referência da API';
    document.title = (info.title || 'API') + ' · Referência';
    byId('api-version').textContent = (info.version ? 'Versão ' + info.version + ' · ' : '') + 'OpenAPI ' + (doc.openapi || '');
    byId('api-description').appendChild(renderText(info.description));
    renderSecurity(doc);
    renderPaths(doc);
    byId('introducao').hidden = false;
    byId('autenticacao').hidden = false;
    var status = byId('status');
    status.textContent = '';
    status.hidden = true;
    document.body.setAttribute('data-rendered', 'true');
    // A link to a section opened before rendering lands on it now.
    if (window.location.hash.length > 1) {
      var target = document.getElementById(decodeURIComponent(window.location.hash.slice(1)));
      if (target) target.scrollIntoView();
    }
  }

  function fail() {
    var status = byId('status');
    status.className = 'notice notice-error';
    status.textContent = 'Não foi possível carregar a descrição da API. Tente recarregar a página.';
    document.body.setAttribute('data-rendered', 'error');
  }

  fetch('/openapi.json', { headers: { accept: 'application/json' }, credentials: 'omit' })
    .then(function (res) {
      if (!res.ok) throw new Error('HTTP ' + res.status);
      return res.json();
    })
    .then(render)
    .catch(fail);
})();

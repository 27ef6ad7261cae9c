// "Experimentar": a form per operation that sends a real request to this same origin (relative
// URLs only: the page's CSP allows no other) and shows the status, the headers an integrator
// reads and the body. The token is shared by the whole page and lives in this module's memory
// only — never in localStorage, sessionStorage or a cookie; a client secret typed in the token
// operation's form is sent once and cleared from its field.
import { byId, el } from '../page-base/dom.js';
import { codeBlock } from './dom.js';
import { deref, enumOf, exampleOf, resolve } from './schema.js';

/** @typedef {import('./operation.js').Entry} Entry */
/** @typedef {import('./operation.js').Parameter} Parameter */

/** Headers worth showing, in this order, when the response has them. */
const SHOWN_HEADERS = [
  'content-type',
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
  'retry-after',
  'www-authenticate',
  'allow',
  'link',
];

let token = '';

/** The shared token's input and the note every form shows about it. */
function showTokenState() {
  const text = token === '' ? 'Nenhum token informado.' : 'Token informado (' + token.length + ' caracteres), guardado só nesta página.';
  byId('token-estado').textContent = text;
  for (const note of document.querySelectorAll('.token-note')) {
    note.textContent = token === '' ? 'Sem token: as requisições vão sem Authorization (resposta 401). ' : 'Usando o token informado em ';
    note.append(el('a', { href: '#experimente', text: token === '' ? 'Informar um token' : 'Experimente' }), '.');
  }
}

/**
 * @param {string} value
 */
function setToken(value) {
  token = value.trim();
  const input = /** @type {HTMLInputElement} */ (byId('token'));
  if (input.value !== token) input.value = token;
  showTokenState();
}

/** Wires the token panel of the guide (#experimente). */
export function initTokenPanel() {
  const input = /** @type {HTMLInputElement} */ (byId('token'));
  const show = /** @type {HTMLButtonElement} */ (byId('token-mostrar'));
  const clear = /** @type {HTMLButtonElement} */ (byId('token-limpar'));
  for (const control of [input, show, clear]) control.disabled = false;
  input.addEventListener('input', () => {
    token = input.value.trim();
    showTokenState();
  });
  show.addEventListener('click', () => {
    const visible = input.type === 'password';
    input.type = visible ? 'text' : 'password';
    show.textContent = visible ? 'Ocultar' : 'Mostrar';
    show.setAttribute('aria-pressed', String(visible));
  });
  clear.addEventListener('click', () => {
    setToken('');
    input.focus();
  });
  showTokenState();
}

/**
 * form-urlencoding of a Basic credential part (RFC 6749 2.3.1).
 * @param {string} text
 * @returns {string}
 */
const formEncode = (text) => encodeURIComponent(text).replace(/%20/g, '+');

/**
 * A labelled input for a value of a schema: a select when the values are listed.
 * @param {string} id
 * @param {string} label
 * @param {import('./schema.js').Schema | undefined} schema
 * @param {{ required?: boolean, value?: string, secret?: boolean, hint?: string }} options
 * @returns {HTMLElement}
 */
function field(id, label, schema, options) {
  const values = enumOf(schema);
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let control;
  if (values !== null && values.length > 0) {
    control = el('select', { id }, [
      options.required ? null : el('option', { value: '', text: '(não enviar)' }),
      ...values.map((v) => el('option', { value: String(v), text: String(v) })),
    ]);
    if (options.value !== undefined) control.value = options.value;
  } else {
    const s = resolve(schema);
    control = el('input', {
      id,
      type: options.secret ? 'password' : 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      inputmode: s.type === 'integer' ? 'numeric' : null,
      placeholder: s.format === 'date' ? 'AAAA-MM-DD' : null,
      value: options.value,
    });
  }
  if (options.required) control.required = true;
  return el('div', { className: 'field' }, [
    el('label', { for: id }, [label, options.required ? el('span', { className: 'badge badge-required', text: 'obrigatório' }) : null]),
    control,
    options.hint ? el('span', { className: 'muted small', text: options.hint }) : null,
  ]);
}

/**
 * @param {HTMLFormElement} form
 * @param {string} id
 * @returns {string}
 */
function valueOf(form, id) {
  const control = form.querySelector('#' + CSS.escape(id));
  return control instanceof HTMLInputElement || control instanceof HTMLSelectElement ? control.value : '';
}

/**
 * The try-it form of an operation.
 * @param {Entry} entry
 * @param {'bearer' | 'basic' | 'none'} auth how the operation authenticates
 * @returns {HTMLDetailsElement}
 */
export function tryIt(entry, auth) {
  const { path, method, op } = entry;
  const prefix = entry.id + '-try';
  const params = (Array.isArray(op.parameters) ? op.parameters.map((p) => deref(p)) : []).filter(
    (p) => p.in === 'path' || p.in === 'query',
  );
  const bodyContent = deref(op.requestBody)?.content || {};
  const formType = Object.keys(bodyContent).find((t) => /form-urlencoded/.test(t));
  const bodySchema = formType ? resolve(deref(bodyContent[formType]).schema) : null;
  const basic = auth === 'basic';
  const bearer = auth === 'bearer';

  const form = el('form', { className: 'try-form', novalidate: true });
  if (basic) {
    form.append(
      field(prefix + '-client-id', 'client_id', { type: 'string' }, { required: true }),
      field(
        prefix + '-client-secret',
        'client_secret',
        { type: 'string' },
        {
          required: true,
          secret: true,
          hint: 'Enviado por HTTP Basic e apagado deste campo após o envio; nunca é gravado.',
        },
      ),
    );
  }
  for (const p of params) {
    const example = p.in === 'path' ? String(p.example ?? exampleOf(p.schema)) : undefined;
    form.append(
      field(prefix + '-p-' + p.name, p.name + (p.in === 'path' ? ' (caminho)' : ''), p.schema, {
        required: p.required === true,
        value: example,
      }),
    );
  }
  if (bodySchema && bodySchema.properties) {
    const required = bodySchema.required || [];
    for (const [name, prop] of Object.entries(bodySchema.properties)) {
      form.append(field(prefix + '-b-' + name, name, prop, { required: required.includes(name) }));
    }
  }
  if (bearer) form.append(el('p', { className: 'token-note muted small' }));
  const send = el('button', { type: 'submit', className: 'button', text: 'Enviar' });
  form.append(el('div', { className: 'actions' }, [send]));
  const result = el('div', { className: 'try-result', 'aria-live': 'polite' });

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const missing = [];
    let url = path.replace(/\{([^}]+)\}/g, (_m, name) => {
      const value = valueOf(form, prefix + '-p-' + name);
      if (value === '') missing.push(name);
      return encodeURIComponent(value);
    });
    const query = new URLSearchParams();
    for (const p of params.filter((q) => q.in === 'query')) {
      const value = valueOf(form, prefix + '-p-' + p.name);
      if (value !== '') query.append(p.name, value);
    }
    if (query.toString() !== '') url += '?' + query.toString();
    /** @type {Record<string, string>} */
    const headers = { accept: 'application/json' };
    /** @type {string | undefined} */
    let body;
    if (basic) {
      const id = valueOf(form, prefix + '-client-id');
      const secret = valueOf(form, prefix + '-client-secret');
      if (id === '') missing.push('client_id');
      if (secret === '') missing.push('client_secret');
      headers.authorization = 'Basic ' + btoa(formEncode(id) + ':' + formEncode(secret));
    } else if (bearer && token !== '') headers.authorization = 'Bearer ' + token;
    if (bodySchema && bodySchema.properties && formType) {
      const fields = new URLSearchParams();
      for (const name of Object.keys(bodySchema.properties)) {
        const value = valueOf(form, prefix + '-b-' + name);
        if (value !== '') fields.append(name, value);
      }
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = fields.toString();
    }
    // Only this origin: a path of the document that would leave it (`//host/...`) is not sent.
    if (new URL(url, window.location.href).origin !== window.location.origin) missing.push('um caminho desta origem');
    if (missing.length > 0) {
      result.replaceChildren(el('p', { className: 'notice notice-error', role: 'alert', text: 'Preencha: ' + missing.join(', ') + '.' }));
      return;
    }
    send.disabled = true;
    result.replaceChildren(el('p', { className: 'muted', text: 'Enviando ' + method.toUpperCase() + ' ' + url + '…' }));
    const started = performance.now();
    fetch(url, { method: method.toUpperCase(), headers, body, credentials: 'omit', cache: 'no-store', redirect: 'error' })
      .then(async (res) => {
        const text = await res.text();
        showResult(result, method.toUpperCase() + ' ' + url, res, text, Math.round(performance.now() - started));
        result.append(
          el('h5', { text: 'O mesmo pedido com curl' }),
          codeBlock(curlOfSent(method, url, basic, bearer, body), 'curl-sent', 'o pedido com curl'),
        );
        if (basic) afterToken(form, prefix, res, text, result);
      })
      .catch(() => {
        result.replaceChildren(el('p', { className: 'notice notice-error', role: 'alert', text: 'A requisição não chegou ao servidor.' }));
      })
      .finally(() => {
        send.disabled = false;
      });
  });

  const details = el('details', { className: 'try-it' }, [el('summary', { text: 'Experimentar' }), form, result]);
  return details;
}

/**
 * The request just sent, as a curl line with the credentials as shell variables (never their values).
 * @param {string} method
 * @param {string} url relative to this origin
 * @param {boolean} basic
 * @param {boolean} bearer
 * @param {string | undefined} body form-urlencoded
 * @returns {string}
 */
function curlOfSent(method, url, basic, bearer, body) {
  const quote = (/** @type {string} */ text) => '"' + text.replace(/(["\\$`])/g, '\\$1') + '"';
  const parts = ['curl'];
  if (basic) parts.push('-u "$CLIENT_ID:$CLIENT_SECRET"');
  if (bearer && token !== '') parts.push('-H "Authorization: Bearer $TOKEN"');
  if (body !== undefined) parts.push('-d ' + quote(body));
  else if (method !== 'get') parts.push('-X ' + method.toUpperCase());
  parts.push(quote(window.location.origin + url));
  return parts.join(' ');
}

/**
 * After the token operation: the secret leaves its field, and a token received becomes the page's.
 * @param {HTMLFormElement} form
 * @param {string} prefix
 * @param {Response} res
 * @param {string} text
 * @param {HTMLElement} result
 */
function afterToken(form, prefix, res, text, result) {
  const secret = form.querySelector('#' + CSS.escape(prefix + '-client-secret'));
  if (secret instanceof HTMLInputElement) secret.value = '';
  if (!res.ok) return;
  try {
    const parsed = JSON.parse(text);
    if (parsed && typeof parsed.access_token === 'string') {
      setToken(parsed.access_token);
      const seconds = typeof parsed.expires_in === 'number' ? parsed.expires_in : null;
      const until =
        seconds === null
          ? ''
          : ' Vale até ' +
            new Date(Date.now() + seconds * 1000).toLocaleTimeString('pt-BR') +
            ' (' +
            seconds +
            ' s); depois, peça outro: não há refresh token.';
      result.prepend(
        el('p', { className: 'notice notice-ok' }, [
          'Token recebido e guardado nesta página: o botão Experimentar das outras operações já o usa (',
          el('a', { href: '#experimente', text: 'ver' }),
          ').' + until,
        ]),
      );
    }
  } catch {
    // Not JSON: nothing to keep.
  }
}

/**
 * @param {HTMLElement} box
 * @param {string} request
 * @param {Response} res
 * @param {string} text
 * @param {number} ms
 */
function showResult(box, request, res, text, ms) {
  let pretty = text;
  try {
    pretty = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON: shown as it came.
  }
  const rows = SHOWN_HEADERS.filter((name) => res.headers.has(name)).flatMap((name) => [
    el('dt', { text: name }),
    el('dd', {}, [el('code', { text: res.headers.get(name) || '' })]),
  ]);
  box.replaceChildren(
    el('p', { className: 'result-status' }, [
      el('span', { className: 'status status-' + String(res.status).charAt(0), text: String(res.status) }),
      ' ' + (res.statusText || '') + ' · ' + request + ' · ' + ms + ' ms',
    ]),
    el('h5', { text: 'Cabeçalhos' }),
    el('dl', { className: 'result-headers' }, rows),
    el('h5', { text: 'Corpo' }),
    el('pre', { className: 'code result-body', tabindex: '0', role: 'group', 'aria-label': 'Corpo da resposta' }, [
      el('code', { text: pretty }),
    ]),
  );
}

// The "Chamadas da API" view: every token and data request made with the company's credentials in
// the last 30 days (GET /settings/api/requests, newest first, paged by `proximo`), filtered by
// credential, kind of answer, path and request id; the 30-day chart of the same credential; the
// CSV of the same filters; and a line when the log could not keep some calls (`descartadas`).
import { byId, el } from '../../page-base/dom.js';
import { ApiFailure, api, messageOf } from './api.js';
import { COPY_BY_HAND, copyText } from './clipboard.js';
import { badge } from './dom.js';
import { restoreFocus } from './focus.js';
import { onForget } from './forget.js';
import { clearErrors, setFieldError, showFormError } from './form-feedback.js';
import { clearChart, showChart } from './requests-chart.js';
/** @import { RequestDay } from './requests-chart.js' */
import { credentialName, FIELD_OF, queryOf, readFilters, writeFilters } from './requests-filters.js';
/** @import { RequestFilters } from './requests-filters.js' */
import { handleCommonFailure } from './session.js';
/** @import { Credential, FocusTarget } from './state.js' */
import { toast } from './toast.js';

/**
 * One logged call (docs/settings-api.md "Request log").
 * @typedef {object} LoggedRequest
 * @property {string} at ISO 8601, UTC
 * @property {string} client_id
 * @property {string} method
 * @property {string} path with its query string
 * @property {number} status
 * @property {string | null} codigo the error's code, null for a success
 * @property {number} duration_ms
 * @property {string} ip
 * @property {string} request_id
 * @property {number} bytes
 */

/**
 * `GET /settings/api/requests`.
 * @typedef {object} RequestsAnswer
 * @property {LoggedRequest[]} requests
 * @property {string | null} proximo the next page's position, null on the last page
 * @property {number} descartadas calls the log could not keep
 */

/**
 * `GET /settings/api/requests/daily`.
 * @typedef {object} DailyAnswer
 * @property {RequestDay[]} dias
 * @property {number} descartadas
 */

const TIME_ZONE = 'America/Sao_Paulo';
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium', timeZone: TIME_ZONE });

/**
 * The open view: its filters as applied (not as typed), the rows shown, the next page.
 * @type {{ filters: RequestFilters, shown: number, proximo: string | null, trigger: FocusTarget | null, seq: number } | null}
 */
let view = null;
let seq = 0;

/**
 * @param {number} status
 * @returns {string} the badge's class
 */
function statusClass(status) {
  if (status === 429) return 'http-limited';
  if (status >= 500) return 'http-server';
  if (status >= 400) return 'http-error';
  return 'http-ok';
}

/**
 * @param {LoggedRequest} r
 * @returns {HTMLTableRowElement}
 */
function requestRow(r) {
  const when = new Date(r.at);
  return el('tr', { className: 'is-' + statusClass(r.status), 'data-request-id': r.request_id }, [
    el('td', { className: 'nowrap' }, [el('time', { datetime: r.at, text: Number.isNaN(when.getTime()) ? r.at : dateTime.format(when) })]),
    el('td', { className: 'requests-cred', text: credentialName(r.client_id) }),
    el('td', { className: 'nowrap' }, [el('code', { text: r.method })]),
    el('td', { className: 'requests-path' }, [el('code', { text: r.path })]),
    el('td', { className: 'requests-status' }, [
      badge(String(r.status), statusClass(r.status)),
      r.codigo ? ' ' : null,
      r.codigo ? el('code', { className: 'requests-codigo', text: r.codigo }) : null,
    ]),
    el('td', { className: 'nowrap num', text: r.duration_ms.toLocaleString('pt-BR') + ' ms' }),
    el('td', { className: 'nowrap' }, [el('code', { text: r.ip })]),
    el('td', { className: 'requests-id-cell' }, [
      el('code', { className: 'requests-id', text: r.request_id }),
      ' ',
      el('button', {
        type: 'button',
        className: 'button button-small button-quiet',
        'data-action': 'requests-copy-id',
        'data-request-id': r.request_id,
        'aria-label': 'Copiar request ID ' + r.request_id,
        text: 'Copiar',
      }),
    ]),
  ]);
}

/** @param {number} n */
function callsText(n) {
  return n === 1 ? '1 chamada' : n.toLocaleString('pt-BR') + ' chamadas';
}

/** @param {number} descartadas */
function showDropped(descartadas) {
  const box = byId('requests-dropped');
  box.textContent =
    descartadas > 0
      ? (descartadas === 1 ? '1 chamada não foi registrada' : descartadas.toLocaleString('pt-BR') + ' chamadas não foram registradas') +
        ' porque o registro ficou sobrecarregado. As contagens e a lista abaixo podem estar incompletas.'
      : '';
  box.hidden = !(descartadas > 0);
}

/** @param {RequestFilters} filters */
function setCsvLink(filters) {
  byId('requests-csv').setAttribute('href', '/settings/api/requests.csv' + queryOf(filters));
}

/**
 * Shows a refusal of the filters beside the field it names, or above the list.
 * @param {unknown} err
 */
function showLoadError(err) {
  const form = byId('requests-filters');
  if (err instanceof ApiFailure && err.codigo === 'dados_invalidos' && err.detalhes.length > 0) {
    let first = null;
    const other = [];
    for (const d of err.detalhes) {
      const field = FIELD_OF[d.campo];
      if (field && byId(field + '-error')) first = first || setFieldError(field, d.mensagem);
      else other.push(d.mensagem);
    }
    if (other.length > 0) showFormError('requests-error', messageOf(err), other);
    if (first) first.focus();
    return;
  }
  clearErrors(form);
  showFormError('requests-error', messageOf(err));
}

/**
 * Loads the first page and the chart for `filters`, replacing what the view shows.
 * @param {RequestFilters} filters
 */
async function loadFirst(filters) {
  if (view === null) return;
  const mine = ++seq;
  view.seq = mine;
  const table = byId('requests-table');
  const status = byId('requests-status');
  clearErrors(byId('requests-filters'));
  byId('requests-error').hidden = true;
  table.setAttribute('aria-busy', 'true');
  status.textContent = 'Carregando chamadas…';
  try {
    const [page, daily] = await Promise.all([
      /** @type {Promise<RequestsAnswer>} */ (api('GET', '/requests' + queryOf(filters))),
      /** @type {Promise<DailyAnswer>} */ (api('GET', '/requests/daily' + queryOf({ ...filters, status: '', path: '', request_id: '' }))),
    ]);
    if (view === null || view.seq !== mine) return;
    const rows = Array.isArray(page.requests) ? page.requests : [];
    view.filters = filters;
    view.shown = rows.length;
    view.proximo = page.proximo || null;
    byId('requests-body').replaceChildren(...rows.map(requestRow));
    byId('requests-scroll').hidden = rows.length === 0;
    byId('requests-empty').hidden = rows.length > 0;
    byId('requests-more').hidden = view.proximo === null;
    setCsvLink(filters);
    showDropped(Math.max(page.descartadas || 0, daily.descartadas || 0));
    const who = filters.client_id ? 'a credencial “' + credentialName(filters.client_id) + '”' : 'todas as credenciais';
    byId('requests-chart-title').textContent = 'Chamadas por dia nos últimos 30 dias — ' + who.replace(/^a /, '');
    showChart(Array.isArray(daily.dias) ? daily.dias : [], who);
    status.textContent = rows.length === 0 ? 'Nenhuma chamada encontrada.' : callsText(rows.length) + ' exibidas' + more();
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    if (view === null || view.seq !== mine) return;
    status.textContent = '';
    showLoadError(err);
  } finally {
    table.removeAttribute('aria-busy');
  }
}

function more() {
  return view !== null && view.proximo !== null ? '; há mais, use “Carregar mais”.' : '.';
}

/** Appends the next page below the rows shown. */
export async function loadMore() {
  if (view === null || view.proximo === null) return;
  const mine = view.seq;
  const button = /** @type {HTMLButtonElement} */ (byId('requests-more'));
  button.disabled = true;
  byId('requests-table').setAttribute('aria-busy', 'true');
  try {
    const page = /** @type {RequestsAnswer} */ (await api('GET', '/requests' + queryOf(view.filters, { apos: view.proximo })));
    if (view === null || view.seq !== mine) return;
    const rows = Array.isArray(page.requests) ? page.requests : [];
    byId('requests-body').append(...rows.map(requestRow));
    view.shown += rows.length;
    view.proximo = page.proximo || null;
    button.hidden = view.proximo === null;
    showDropped(page.descartadas || 0);
    byId('requests-status').textContent =
      'Mais ' +
      callsText(rows.length) +
      ' carregadas: ' +
      callsText(view.shown) +
      ' exibidas' +
      (view.proximo === null ? ', todas as encontradas.' : more());
    // The button goes with the last page: focus stays near, on the list's title.
    if (button.hidden) byId('requests-list-title').focus();
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    showFormError('requests-error', messageOf(err));
  } finally {
    button.disabled = false;
    byId('requests-table').removeAttribute('aria-busy');
  }
}

/**
 * Opens the view: the company's calls, or one credential's.
 * @param {Credential | null} cred
 * @param {HTMLElement} trigger
 */
export async function openRequests(cred, trigger) {
  const filters = { client_id: cred ? cred.client_id : '', status: '', path: '', request_id: '' };
  view = {
    filters,
    shown: 0,
    proximo: null,
    seq: 0,
    trigger: cred ? { action: 'requests', clientId: cred.client_id, element: trigger } : { element: trigger },
  };
  writeFilters(filters);
  byId('requests-section').hidden = false;
  await loadFirst(filters);
  byId('requests-section').scrollIntoView({ block: 'start' });
  byId('requests-title').focus();
}

/** @param {SubmitEvent} event */
export async function onFilterRequests(event) {
  event.preventDefault();
  if (view === null) return;
  await loadFirst(readFilters());
}

/** "Limpar filtros": every call of the company again. */
export async function clearRequestFilters() {
  if (view === null) return;
  const filters = { client_id: '', status: '', path: '', request_id: '' };
  writeFilters(filters);
  await loadFirst(filters);
}

/** @param {HTMLElement} button a row's "Copiar" */
export async function copyRequestId(button) {
  const id = button.getAttribute('data-request-id') || '';
  const code = button.parentElement && button.parentElement.querySelector('.requests-id');
  if (!code) return;
  toast((await copyText(id, code)) ? 'Request ID ' + id + ' copiado.' : COPY_BY_HAND);
}

/** `returnFocus` false when the whole view is going away (signed out). */
export function closeRequests(returnFocus = true) {
  const trigger = view ? view.trigger : null;
  view = null;
  seq++;
  byId('requests-section').hidden = true;
  byId('requests-body').replaceChildren();
  byId('requests-status').textContent = '';
  clearChart();
  if (returnFocus) restoreFocus(trigger);
}

/**
 * The view's buttons, by their data-action (main.js hands them over).
 * @param {string} action
 * @param {HTMLElement} button
 * @returns {boolean} whether the action was one of the view's
 */
export function onRequestsClick(action, button) {
  switch (action) {
    case 'requests-close':
      closeRequests();
      return true;
    case 'requests-more':
      loadMore();
      return true;
    case 'requests-clear':
      clearRequestFilters();
      return true;
    case 'requests-copy-id':
      copyRequestId(button);
      return true;
  }
  return false;
}

// Signed out or the session ended: the view closes without moving focus.
onForget(() => closeRequests(false));

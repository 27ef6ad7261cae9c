// The "Chamadas" view's filters: which credential, which kind of answer, which path, which
// request id; as the form shows them and as the query string of the request log's routes
// (GET /settings/api/requests, /requests/daily, /requests.csv) takes them.
import { byId, el } from '../../page-base/dom.js';
import { state } from './state.js';

/**
 * @typedef {object} RequestFilters
 * @property {string} client_id '' for every credential of the company
 * @property {string} status '', '2xx', '4xx', '429' or '5xx'
 * @property {string} path a prefix of the path (with its query string)
 * @property {string} request_id
 */

/** @type {Record<string, string>} the form's field for each parameter the server may refuse */
export const FIELD_OF = { client_id: 'rq-client', status: 'rq-status', path: 'rq-path', request_id: 'rq-request-id' };

const client = () => /** @type {HTMLSelectElement} */ (byId('rq-client'));
const status = () => /** @type {HTMLSelectElement} */ (byId('rq-status'));
const path = () => /** @type {HTMLInputElement} */ (byId('rq-path'));
const requestId = () => /** @type {HTMLInputElement} */ (byId('rq-request-id'));

/**
 * Lists the company's credentials in the credential filter, by name (the revoked ones too: their
 * calls stay in the log), keeping `selected` when it is one of them.
 * @param {string} selected a client id, or '' for all
 */
export function fillCredentialOptions(selected) {
  const creds = [...state.credentials].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const suffix = { active: '', expired: ' (expirada)', revoked: ' (revogada)' };
  client().replaceChildren(
    el('option', { value: '', text: 'Todas as credenciais' }),
    ...creds.map((c) => el('option', { value: c.client_id, text: c.name + (suffix[c.status] || '') })),
  );
  client().value = creds.some((c) => c.client_id === selected) ? selected : '';
}

/** @returns {RequestFilters} what the form says now */
export function readFilters() {
  return { client_id: client().value, status: status().value, path: path().value.trim(), request_id: requestId().value.trim() };
}

/**
 * Puts filters into the form.
 * @param {Partial<RequestFilters>} filters
 */
export function writeFilters(filters) {
  fillCredentialOptions(filters.client_id || '');
  status().value = filters.status || '';
  path().value = filters.path || '';
  requestId().value = filters.request_id || '';
}

/**
 * The query string of `filters` (with `extra`), only the parameters that have a value: '' or '?…'.
 * @param {RequestFilters} filters
 * @param {Record<string, string>} [extra] e.g. `apos`
 * @returns {string}
 */
export function queryOf(filters, extra = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(key, value);
  const text = params.toString();
  return text === '' ? '' : '?' + text;
}

/**
 * The name of a credential of the company, or its client id when the page does not know it.
 * @param {string} clientId
 * @returns {string}
 */
export function credentialName(clientId) {
  const cred = state.credentials.find((c) => c.client_id === clientId);
  return cred ? cred.name : clientId;
}

// A credential's audit trail: who did what, from where, and what changed, newest first.
import { byId, el } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { restoreFocus } from './focus.js';
import { formatDate, formatDateTime } from './format.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { AuditActor, AuditAnswer, AuditEvent, Credential } from './state.js' */

/**
 * The actions recorded against a credential, so the ones its trail can show: credential.create,
 * .update, .rotate and .revoke (src/credentials/credentials.service.ts), and its notification
 * endpoints' webhook.* (src/webhooks/endpoints.service.ts).
 * @type {Record<string, string>}
 */
const ACTION_LABELS = {
  'credential.create': 'Credencial criada',
  'credential.update': 'Credencial alterada',
  'credential.rotate': 'Segredo rotacionado',
  'credential.revoke': 'Credencial revogada',
  'webhook.create': 'Endpoint de notificação criado',
  'webhook.update': 'Endpoint de notificação alterado',
  'webhook.rotate_secret': 'Segredo de endpoint de notificação rotacionado',
  'webhook.test': 'Evento de teste enviado',
  'webhook.delete': 'Endpoint de notificação excluído',
};
/**
 * The fields credential.create records, and credential.update records as `{from, to}` (same file).
 * @type {Record<string, string>}
 */
const DETAIL_LABELS = {
  name: 'Nome',
  scopes: 'Escopos',
  allowed_ips: 'IPs permitidos',
  expires: 'Expira em',
  webhook_id: 'Endpoint',
  url: 'URL',
  resources: 'Recursos',
  status: 'Status',
  event_id: 'Evento',
};

/**
 * @param {string} action
 * @returns {string}
 */
function actionLabel(action) {
  return ACTION_LABELS[String(action)] || String(action);
}

/**
 * @param {AuditActor | null | undefined} actor
 * @returns {string}
 */
function actorLabel(actor) {
  if (!actor) return '—';
  if (actor.type === 'operator') return 'Operador do sistema';
  if (actor.type === 'anonimo') return 'Anônimo';
  return actor.nome || 'Usuário #' + actor.id;
}

/**
 * One value of an event's details, in words: lists, `{from, to}` changes and nested objects too.
 * @param {string} key the detail's name, which says how to read its value
 * @param {unknown} value
 * @returns {string}
 */
function formatValue(key, value) {
  if (value === null || value === undefined) return key === 'expires' ? 'sem expiração' : '—';
  if (Array.isArray(value)) {
    if (value.length === 0) return key === 'allowed_ips' ? 'qualquer IP' : '(nenhum)';
    return value.map((v) => formatValue(key, v)).join(', ');
  }
  if (typeof value === 'object') {
    if ('from' in value || 'to' in value) {
      const change = /** @type {{ from?: unknown, to?: unknown }} */ (value);
      return formatValue(key, change.from) + ' → ' + formatValue(key, change.to);
    }
    return Object.entries(value)
      .map(([k, v]) => (DETAIL_LABELS[k] || k) + ': ' + formatValue(k, v))
      .join('; ');
  }
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (key === 'expires' && /^\d{4}-\d{2}-\d{2}$/.test(String(value))) return formatDate(String(value));
  return String(value);
}

/**
 * @param {unknown} details
 * @returns {string[]}
 */
function detailLines(details) {
  if (!details || typeof details !== 'object') return [];
  return Object.entries(details).map(([key, value]) => (DETAIL_LABELS[key] || key) + ': ' + formatValue(key, value));
}

/**
 * @param {AuditEvent} event
 * @returns {HTMLLIElement}
 */
function auditItem(event) {
  const lines = detailLines(event.details);
  return el('li', {}, [
    el('div', { className: 'audit-head' }, [
      el('time', { datetime: event.created_at, text: formatDateTime(event.created_at) }),
      el('span', { className: 'audit-action', text: actionLabel(event.action) }),
    ]),
    el('div', { className: 'audit-meta' }, [
      'por ' + actorLabel(event.actor),
      event.ip ? ' · IP ' : null,
      event.ip ? el('code', { text: event.ip }) : null,
    ]),
    lines.length > 0
      ? el(
          'ul',
          { className: 'audit-details' },
          lines.map((l) => el('li', { text: l })),
        )
      : null,
  ]);
}

/** @param {string} clientId */
async function loadAudit(clientId) {
  const list = byId('audit-list');
  list.setAttribute('aria-busy', 'true');
  try {
    const data = /** @type {AuditAnswer} */ (await api('GET', '/credentials/' + encodeURIComponent(clientId) + '/audit'));
    const events = Array.isArray(data.events) ? data.events : [];
    list.replaceChildren(...events.map(auditItem));
    byId('audit-empty').hidden = events.length > 0;
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    list.replaceChildren(el('li', { className: 'notice notice-error', text: messageOf(err) }));
  } finally {
    list.removeAttribute('aria-busy');
  }
}

/**
 * @param {Credential} cred
 * @param {HTMLElement} trigger
 */
export async function openAudit(cred, trigger) {
  state.auditClientId = cred.client_id;
  state.auditTrigger = { action: 'audit', clientId: cred.client_id, element: trigger };
  byId('audit-title').textContent = 'Histórico — ' + cred.name;
  byId('audit-section').hidden = false;
  await loadAudit(cred.client_id);
  byId('audit-section').scrollIntoView({ block: 'start' });
  byId('audit-title').focus();
}

/**
 * Keeps an open trail current after the user changed that credential.
 * @param {string} clientId
 */
export async function refreshAuditIf(clientId) {
  if (state.auditClientId === clientId && !byId('audit-section').hidden) await loadAudit(clientId);
}

export function closeAudit() {
  byId('audit-section').hidden = true;
  byId('audit-list').replaceChildren();
  state.auditClientId = null;
  restoreFocus(state.auditTrigger);
  state.auditTrigger = null;
}

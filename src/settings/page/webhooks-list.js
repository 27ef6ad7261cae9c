// A credential's "Notificações" panel: its notification endpoints, each with its status and
// actions, and the form to add one. Read-only for a credential that is no longer active.
import { byId, el } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { closeDeliveries } from './deliveries.js';
import { badge } from './dom.js';
import { restoreFocus } from './focus.js';
import { onForget } from './forget.js';
import { formatDateTime } from './format.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { Credential, Webhook, WebhooksAnswer } from './state.js' */
import { renderCreateResources, resetWebhookForm } from './webhook-fields.js';
import { resourceLabel, webhookPath, webhookStatusLabel } from './webhook-format.js';

/** @type {Record<string, string>} */
const READ_ONLY = {
  revoked: 'Esta credencial foi revogada: os endpoints dela não recebem notificações e não podem ser alterados.',
  expired:
    'Esta credencial está expirada: os endpoints dela não recebem notificações. Altere a data de expiração da credencial para gerenciá-los.',
};

/**
 * @param {Credential} cred
 * @param {HTMLElement} trigger
 */
export async function openWebhooks(cred, trigger) {
  closeDeliveries();
  state.webhooks = {
    credential: cred,
    webhooks: [],
    resources: [],
    logId: null,
    trigger: { action: 'webhooks', clientId: cred.client_id, element: trigger },
  };
  byId('webhooks-title').textContent = 'Notificações — ' + cred.name;
  const readOnly = READ_ONLY[cred.status];
  byId('webhooks-readonly').textContent = readOnly || '';
  byId('webhooks-readonly').hidden = !readOnly;
  byId('webhook-create').hidden = true;
  byId('webhooks-section').hidden = false;
  await reloadWebhooks();
  byId('webhooks-section').scrollIntoView({ block: 'start' });
  byId('webhooks-title').focus();
}

/** Whether the open panel's credential may have its endpoints changed. */
export function webhooksEditable() {
  return state.webhooks !== null && state.webhooks.credential.status === 'active';
}

export async function reloadWebhooks() {
  const panel = state.webhooks;
  if (panel === null) return;
  const list = byId('webhooks-list');
  list.setAttribute('aria-busy', 'true');
  try {
    const data = /** @type {WebhooksAnswer} */ (await api('GET', webhookPath(panel.credential.client_id)));
    if (state.webhooks !== panel) return;
    panel.webhooks = Array.isArray(data.webhooks) ? data.webhooks : [];
    const firstLoad = byId('webhook-create').hidden;
    const before = panel.resources.join();
    panel.resources = Array.isArray(data.resources) ? data.resources : [];
    byId('webhooks-error').hidden = true;
    renderWebhooks();
    if (firstLoad) resetWebhookForm();
    else if (before !== panel.resources.join()) renderCreateResources();
    byId('webhook-create').hidden = !webhooksEditable();
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    showWebhooksError(messageOf(err));
  } finally {
    list.removeAttribute('aria-busy');
  }
}

/** @param {string} text */
export function showWebhooksError(text) {
  const box = byId('webhooks-error');
  box.textContent = text;
  box.hidden = false;
}

function renderWebhooks() {
  const panel = state.webhooks;
  const list = byId('webhooks-list');
  if (panel === null) {
    list.replaceChildren();
    return;
  }
  list.replaceChildren(...panel.webhooks.map(webhookItem));
  byId('webhooks-empty').hidden = panel.webhooks.length > 0;
}

/**
 * @param {Webhook} webhook
 * @returns {HTMLLIElement}
 */
function webhookItem(webhook) {
  const editable = webhooksEditable();
  /**
   * @param {string} action
   * @param {string} text
   * @param {string} [style]
   */
  const button = (action, text, style) =>
    el('button', {
      type: 'button',
      className: 'button button-small' + (style ? ' ' + style : ''),
      'data-action': action,
      'data-webhook-id': String(webhook.id),
      'aria-label': text + ' — endpoint ' + webhook.url,
      text,
    });
  const actions = el('div', { className: 'row-actions' });
  if (editable) {
    if (webhook.status === 'ativo') actions.append(button('webhook-test', 'Enviar evento de teste'));
    actions.append(button('webhook-edit', 'Editar'));
    if (webhook.status === 'ativo') actions.append(button('webhook-pause', 'Pausar'));
    else if (webhook.status === 'pausado') actions.append(button('webhook-resume', 'Retomar'));
    else actions.append(button('webhook-resume', 'Reativar', 'button-primary'));
    actions.append(button('webhook-rotate', 'Rotacionar segredo'));
  }
  actions.append(button('webhook-deliveries', 'Entregas'));
  if (editable) actions.append(button('webhook-delete', 'Excluir', 'button-destructive'));

  const titleId = 'webhook-url-' + webhook.id;
  return el('li', { className: 'webhook is-' + webhook.status, 'data-webhook-id': String(webhook.id) }, [
    el('div', { className: 'webhook-head' }, [
      el('h3', { className: 'webhook-url' }, [
        el('span', { className: 'visually-hidden', text: 'Endpoint ' }),
        el('code', { id: titleId, className: 'token', text: webhook.url }),
      ]),
      badge(webhookStatusLabel(webhook.status), 'webhook-status-' + webhook.status),
    ]),
    webhook.status === 'desativado_por_falhas'
      ? el('div', { className: 'notice notice-warning' }, [
          el('p', {}, [
            el('strong', { text: 'Desativado após falhas seguidas nas entregas. ' }),
            'Motivo: ' + (webhook.reason || 'não informado') + '.',
          ]),
          el('p', {
            text: editable
              ? 'Corrija o receptor e use “Reativar”: as notificações voltam a ser enviadas.'
              : 'As notificações deste endpoint estão suspensas.',
          }),
        ])
      : null,
    webhook.status === 'pausado' ? el('p', { className: 'muted', text: 'Pausado: nenhuma notificação é enviada até ser retomado.' }) : null,
    el('dl', { className: 'webhook-data' }, [
      el('dt', { text: 'Recursos acompanhados' }),
      el('dd', { text: webhook.resources.map(resourceLabel).join(', ') || '—' }),
      el('dt', { text: 'Criado em' }),
      el('dd', { text: formatDateTime(webhook.created_at) }),
    ]),
    actions,
  ]);
}

/**
 * @param {number} id
 * @returns {Webhook | null}
 */
export function findWebhook(id) {
  return (state.webhooks && state.webhooks.webhooks.find((w) => w.id === id)) || null;
}

/**
 * Focuses an endpoint's button, or the panel's title when it has no such button (any more).
 * @param {string} action
 * @param {number} id
 */
export function focusWebhookButton(action, id) {
  const target = /** @type {HTMLButtonElement | null} */ (
    byId('webhooks-list').querySelector('button[data-action="' + action + '"][data-webhook-id="' + id + '"]')
  );
  if (target) target.focus();
  else byId('webhooks-title').focus();
}

/**
 * Keeps an open panel current after its credential changed (revoked, edited).
 * @param {string} clientId
 */
export async function refreshWebhooksIf(clientId) {
  const panel = state.webhooks;
  if (panel === null || panel.credential.client_id !== clientId) return;
  const cred = state.credentials.find((c) => c.client_id === clientId);
  if (cred) panel.credential = cred;
  const readOnly = READ_ONLY[panel.credential.status];
  byId('webhooks-readonly').textContent = readOnly || '';
  byId('webhooks-readonly').hidden = !readOnly;
  await reloadWebhooks();
}

/** Empties the panel; `returnFocus` false when the whole view is going away. */
// Signed out or the session ended: the panel closes without moving focus.
onForget(() => closeWebhooks(false));

export function closeWebhooks(returnFocus = true) {
  const trigger = state.webhooks ? state.webhooks.trigger : null;
  closeDeliveries();
  state.webhooks = null;
  byId('webhooks-section').hidden = true;
  byId('webhooks-list').replaceChildren();
  /** @type {HTMLFormElement} */ (byId('webhook-form')).reset();
  if (returnFocus) restoreFocus(trigger);
}

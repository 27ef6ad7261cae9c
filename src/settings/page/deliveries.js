// An endpoint's delivery log: each attempt to send it an event, newest first (up to 100), with
// the receiver's HTTP status or the error. Refreshed on demand.
import { byId, el } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { badge } from './dom.js';
import { formatDateTime } from './format.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { DeliveriesAnswer, Delivery, Webhook } from './state.js' */
import { webhookPath } from './webhook-format.js';

/** @type {Record<string, string>} */
const TIPO_LABELS = { teste: 'Teste', 'alteracoes.disponiveis': 'Alterações disponíveis' };

/**
 * @param {Delivery} delivery
 * @returns {HTMLTableRowElement}
 */
function deliveryRow(delivery) {
  const ok = delivery.http_status !== null && delivery.http_status >= 200 && delivery.http_status < 300;
  const result =
    delivery.http_status !== null
      ? [badge('HTTP ' + delivery.http_status, ok ? 'delivery-ok' : 'delivery-failed'), delivery.error ? ' ' + delivery.error : null]
      : [badge('Falhou', 'delivery-failed'), ' ' + (delivery.error || 'sem resposta')];
  return el('tr', { className: ok ? 'is-ok' : 'is-failed' }, [
    el('td', { 'data-label': 'Quando' }, [el('time', { datetime: delivery.at, className: 'nowrap', text: formatDateTime(delivery.at) })]),
    el('td', { 'data-label': 'Evento' }, [el('code', { className: 'token', text: delivery.event_id })]),
    el('td', { 'data-label': 'Tipo' }, [
      TIPO_LABELS[delivery.tipo] || delivery.tipo,
      ' ',
      el('code', { className: 'muted', text: delivery.tipo }),
    ]),
    el('td', { 'data-label': 'Tentativa', text: String(delivery.attempt) }),
    el('td', { 'data-label': 'Resultado' }, result),
    el('td', { 'data-label': 'Duração', className: 'nowrap', text: delivery.duration_ms + ' ms' }),
  ]);
}

/**
 * Shows the log of one endpoint of the open panel.
 * @param {Webhook} webhook
 * @param {{ focus?: boolean, status?: string }} [options] `status`: a line above the table (e.g. a test event queued)
 */
export async function openDeliveries(webhook, options = {}) {
  const panel = state.webhooks;
  if (panel === null) return;
  panel.logId = webhook.id;
  byId('deliveries-title').textContent = 'Entregas — ' + webhook.url;
  byId('deliveries-section').hidden = false;
  byId('deliveries-note').textContent = options.status || '';
  byId('deliveries-note').hidden = !options.status;
  await loadDeliveries();
  if (options.focus !== false) {
    byId('deliveries-section').scrollIntoView({ block: 'start' });
    byId('deliveries-title').focus();
  }
}

/** Reads the shown endpoint's log again. */
export async function loadDeliveries() {
  const panel = state.webhooks;
  if (panel === null || panel.logId === null) return;
  const id = panel.logId;
  const body = byId('deliveries-body');
  const table = byId('deliveries-table');
  const status = byId('deliveries-status');
  table.setAttribute('aria-busy', 'true');
  status.textContent = 'Carregando entregas…';
  try {
    const data = /** @type {DeliveriesAnswer} */ (await api('GET', webhookPath(panel.credential.client_id, id, '/deliveries')));
    if (state.webhooks !== panel || panel.logId !== id) return;
    const deliveries = Array.isArray(data.deliveries) ? data.deliveries : [];
    body.replaceChildren(...deliveries.map(deliveryRow));
    table.hidden = deliveries.length === 0;
    byId('deliveries-empty').hidden = deliveries.length > 0;
    status.textContent =
      (deliveries.length === 1 ? '1 entrega' : deliveries.length + ' entregas') +
      ', atualizado às ' +
      new Date().toLocaleTimeString('pt-BR') +
      '.';
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    status.textContent = messageOf(err);
  } finally {
    table.removeAttribute('aria-busy');
  }
}

export function closeDeliveries() {
  if (state.webhooks) state.webhooks.logId = null;
  byId('deliveries-section').hidden = true;
  byId('deliveries-body').replaceChildren();
  byId('deliveries-status').textContent = '';
  byId('deliveries-note').textContent = '';
}

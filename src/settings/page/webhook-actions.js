// An endpoint's one-click actions: pause, resume (or re-enable after failures), and a test event.
import { api } from './api.js';
import { openDeliveries } from './deliveries.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { Webhook } from './state.js' */
import { toast } from './toast.js';
import { detailedMessage } from './webhook-fields.js';
import { webhookPath } from './webhook-format.js';
import { focusWebhookButton, reloadWebhooks, showWebhooksError } from './webhooks-list.js';

/**
 * Pauses (`active` false) or resumes / re-enables (`active` true) an endpoint.
 * @param {Webhook} webhook
 * @param {boolean} active
 * @param {HTMLButtonElement} button
 */
export async function setWebhookActive(webhook, active, button) {
  const panel = state.webhooks;
  if (panel === null) return;
  button.disabled = true;
  try {
    await api('PATCH', webhookPath(panel.credential.client_id, webhook.id), { active });
    await reloadWebhooks();
    toast(
      !active
        ? 'Endpoint pausado: nenhuma notificação é enviada até ele ser retomado.'
        : webhook.status === 'desativado_por_falhas'
          ? 'Endpoint reativado: as notificações voltam a ser enviadas.'
          : 'Endpoint retomado: as notificações voltam a ser enviadas.',
    );
    focusWebhookButton(active ? 'webhook-pause' : 'webhook-resume', webhook.id);
  } catch (err) {
    button.disabled = false;
    if (await handleCommonFailure(err)) return;
    showWebhooksError(detailedMessage(err));
  }
}

/**
 * Queues a `teste` event, then shows the endpoint's delivery log with a way to refresh it.
 * @param {Webhook} webhook
 * @param {HTMLButtonElement} button
 */
export async function sendWebhookTest(webhook, button) {
  const panel = state.webhooks;
  if (panel === null) return;
  button.disabled = true;
  try {
    const data = /** @type {{ event_id: string }} */ (await api('POST', webhookPath(panel.credential.client_id, webhook.id, '/test'), {}));
    const note =
      'Evento de teste ' +
      data.event_id +
      ' enfileirado: ele chega ao receptor em alguns segundos. Use “Atualizar” para ver a entrega abaixo.';
    toast('Evento de teste enfileirado para ' + webhook.url + '.');
    await openDeliveries(webhook, { status: note });
  } catch (err) {
    if (await handleCommonFailure(err)) return;
    showWebhooksError(detailedMessage(err));
  } finally {
    button.disabled = false;
  }
}

// Deleting an endpoint: final, so it asks for confirmation first.
import { byId } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { closeDeliveries } from './deliveries.js';
import { busy, clearErrors, showFormError } from './form-feedback.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { Webhook } from './state.js' */
import { toast } from './toast.js';
import { openWebhookConfirmation } from './webhook-fields.js';
import { webhookPath } from './webhook-format.js';
import { reloadWebhooks } from './webhooks-list.js';

/**
 * @param {Webhook} webhook
 * @param {HTMLElement} trigger
 */
export function openWebhookDelete(webhook, trigger) {
  openWebhookConfirmation('delete', webhook, trigger);
}

/** @param {SubmitEvent} event */
export async function onWebhookDelete(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const webhook = state.dialogWebhook;
  const panel = state.webhooks;
  if (webhook === null || panel === null) return;
  clearErrors(form);
  await busy(form, async () => {
    try {
      await api('DELETE', webhookPath(panel.credential.client_id, webhook.id));
      state.dialogTrigger = null;
      /** @type {HTMLDialogElement} */ (byId('webhook-delete-dialog')).close();
      if (panel.logId === webhook.id) closeDeliveries();
      await reloadWebhooks();
      toast('Endpoint ' + webhook.url + ' excluído. Ele não recebe mais notificações.');
      byId('webhooks-title').focus();
    } catch (err) {
      if (await handleCommonFailure(err)) return;
      showFormError('webhook-delete-error', messageOf(err));
    }
  });
}

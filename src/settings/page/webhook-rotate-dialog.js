// Rotating an endpoint's signing secret: a confirmation that says the current secret keeps
// signing for 24 hours, then the new secret shown once.
import { byId } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { busy, clearErrors, showFormError } from './form-feedback.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { Webhook, WebhookRotatedAnswer } from './state.js' */
import { toast } from './toast.js';
import { openWebhookConfirmation } from './webhook-fields.js';
import { webhookPath } from './webhook-format.js';
import { openWebhookSecret } from './webhook-secret-dialog.js';

/**
 * @param {Webhook} webhook
 * @param {HTMLElement} trigger
 */
export function openWebhookRotate(webhook, trigger) {
  openWebhookConfirmation('rotate', webhook, trigger);
}

/** @param {SubmitEvent} event */
export async function onWebhookRotate(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const webhook = state.dialogWebhook;
  const panel = state.webhooks;
  if (webhook === null || panel === null) return;
  clearErrors(form);
  await busy(form, async () => {
    try {
      const data = /** @type {WebhookRotatedAnswer} */ (
        await api('POST', webhookPath(panel.credential.client_id, webhook.id, '/rotate-secret'), {})
      );
      const returnTo = { element: /** @type {HTMLElement | null} */ (state.dialogTrigger && state.dialogTrigger.element) || null };
      state.dialogTrigger = null;
      /** @type {HTMLDialogElement} */ (byId('webhook-rotate-dialog')).close();
      toast('Segredo do endpoint ' + webhook.url + ' rotacionado. O anterior continua assinando por 24 horas.');
      openWebhookSecret(webhook.url, data.secret, returnTo, data.previous_valid_until || '');
      /** @type {{ secret: string | null }} */ (data).secret = null;
    } catch (err) {
      if (await handleCommonFailure(err)) return;
      showFormError('webhook-rotate-error', messageOf(err));
    }
  });
}

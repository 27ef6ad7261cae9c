// The form that adds a notification endpoint to the open panel's credential: its URL, the
// resources it follows, and the user's password. The new endpoint's secret is then shown once.
import { byId } from '../../page-base/dom.js';
import { api } from './api.js';
import { busy, clearErrors, firstOf, setFieldError } from './form-feedback.js';
import { state } from './state.js';
/** @import { WebhookCreatedAnswer } from './state.js' */
import { toast } from './toast.js';
import { checkedResources, resetWebhookForm, showWebhookFailure, urlProblem } from './webhook-fields.js';
import { webhookPath } from './webhook-format.js';
import { openWebhookSecret } from './webhook-secret-dialog.js';
import { reloadWebhooks } from './webhooks-list.js';

/**
 * The checks made before sending (the server checks again); the field to focus, or null.
 * @param {string} url
 * @param {string[]} resources
 * @param {string} senha
 * @returns {HTMLElement | null}
 */
function checkWebhookFields(url, resources, senha) {
  // Every problem is shown at once (each goes when its field is right); focus goes to the first.
  const problem = urlProblem(url);
  return firstOf([
    problem === null ? null : setFieldError('wh-url', problem),
    resources.length === 0 ? setFieldError('wh-resources', 'Escolha pelo menos um recurso.') : null,
    senha === '' ? setFieldError('wh-senha', 'Informe a sua senha atual.') : null,
  ]);
}

/** @param {SubmitEvent} event */
export async function onSubmitWebhook(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const panel = state.webhooks;
  if (panel === null) return;
  const senhaInput = /** @type {HTMLInputElement} */ (byId('wh-senha'));
  const url = /** @type {HTMLInputElement} */ (byId('wh-url')).value.trim();
  const resources = checkedResources('wh-resources-options');
  clearErrors(form);
  const invalid = checkWebhookFields(url, resources, senhaInput.value);
  if (invalid) {
    invalid.focus();
    return;
  }
  await busy(form, async () => {
    const senha = senhaInput.value;
    senhaInput.value = '';
    try {
      const data = /** @type {WebhookCreatedAnswer} */ (
        await api('POST', webhookPath(panel.credential.client_id), { url, resources, senha_atual: senha })
      );
      resetWebhookForm();
      await reloadWebhooks();
      toast('Endpoint ' + data.webhook.url + ' criado. Guarde o segredo exibido: ele não será mostrado novamente.');
      const returnTo = /** @type {HTMLElement | null} */ (
        byId('webhooks-list').querySelector('[data-webhook-id="' + data.webhook.id + '"] button')
      );
      openWebhookSecret(data.webhook.url, data.secret, { element: returnTo || byId('webhooks-title') }, false);
      // The answer's copy of the secret goes: the dialog holds the only one now.
      /** @type {{ secret: string | null }} */ (data).secret = null;
    } catch (err) {
      await showWebhookFailure(err, { url: 'wh-url', resources: 'wh-resources', senha: 'wh-senha' }, 'webhook-form-error');
    }
  });
}

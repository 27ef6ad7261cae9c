// Changing an endpoint's URL or followed resources. A new URL asks for the user's password: it
// decides where the company's notifications go.
import { byId } from '../../page-base/dom.js';
import { api } from './api.js';
import { busy, clearErrors, firstOf, setFieldError } from './form-feedback.js';
import { state } from './state.js';
/** @import { Webhook } from './state.js' */
import { toast } from './toast.js';
import { checkedResources, renderResourceOptions, showWebhookFailure, urlProblem } from './webhook-fields.js';
import { webhookPath } from './webhook-format.js';
import { focusWebhookButton, reloadWebhooks } from './webhooks-list.js';

/** Shows the password field only while the URL differs from the saved one. */
export function updateEditPassword() {
  const webhook = state.dialogWebhook;
  const url = /** @type {HTMLInputElement} */ (byId('wh-edit-url')).value.trim();
  const needed = webhook !== null && url !== webhook.url;
  const input = /** @type {HTMLInputElement} */ (byId('wh-edit-senha'));
  byId('wh-edit-senha-field').hidden = !needed;
  if (needed) input.setAttribute('aria-required', 'true');
  else {
    input.removeAttribute('aria-required');
    input.value = '';
  }
}

/**
 * @param {Webhook} webhook
 * @param {HTMLElement} trigger
 */
export function openWebhookEdit(webhook, trigger) {
  const panel = state.webhooks;
  if (panel === null) return;
  const form = /** @type {HTMLFormElement} */ (byId('webhook-edit-form'));
  form.reset();
  clearErrors(form);
  state.dialogWebhook = webhook;
  state.dialogTrigger = { element: trigger };
  /** @type {HTMLInputElement} */ (byId('wh-edit-url')).value = webhook.url;
  // The resources it follows stay listed even if the credential lost the scope that reads one.
  const offered = panel.resources.concat(webhook.resources.filter((r) => !panel.resources.includes(r)));
  renderResourceOptions('wh-edit-resources-options', 'wh-edit-resource-', offered, webhook.resources);
  updateEditPassword();
  /** @type {HTMLDialogElement} */ (byId('webhook-edit-dialog')).showModal();
  byId('wh-edit-url').focus();
}

/** @param {SubmitEvent} event */
export async function onSubmitWebhookEdit(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const webhook = state.dialogWebhook;
  const panel = state.webhooks;
  if (webhook === null || panel === null) return;
  clearErrors(form);
  const url = /** @type {HTMLInputElement} */ (byId('wh-edit-url')).value.trim();
  const resources = checkedResources('wh-edit-resources-options');
  const senhaInput = /** @type {HTMLInputElement} */ (byId('wh-edit-senha'));
  /** @type {{ url?: string, resources?: string[], senha_atual?: string }} */
  const body = {};
  if (url !== webhook.url) body.url = url;
  if (resources.join() !== webhook.resources.join()) body.resources = resources;
  const problem = urlProblem(url);
  const invalid = firstOf([
    problem === null ? null : setFieldError('wh-edit-url', problem),
    resources.length === 0 ? setFieldError('wh-edit-resources', 'Escolha pelo menos um recurso.') : null,
    body.url !== undefined && senhaInput.value === ''
      ? setFieldError('wh-edit-senha', 'Informe a sua senha atual para mudar a URL.')
      : null,
  ]);
  if (invalid) {
    invalid.focus();
    return;
  }
  if (body.url === undefined && body.resources === undefined) {
    toast('Nada foi alterado.');
    /** @type {HTMLDialogElement} */ (byId('webhook-edit-dialog')).close();
    return;
  }
  if (body.url !== undefined) body.senha_atual = senhaInput.value;
  senhaInput.value = '';
  await busy(form, async () => {
    try {
      await api('PATCH', webhookPath(panel.credential.client_id, webhook.id), body);
      state.dialogTrigger = null;
      /** @type {HTMLDialogElement} */ (byId('webhook-edit-dialog')).close();
      await reloadWebhooks();
      toast('Endpoint alterado.');
      focusWebhookButton('webhook-edit', webhook.id);
    } catch (err) {
      await showWebhookFailure(
        err,
        { url: 'wh-edit-url', resources: 'wh-edit-resources', senha: 'wh-edit-senha', senhaField: 'wh-edit-senha-field' },
        'webhook-edit-error',
      );
    }
  });
}

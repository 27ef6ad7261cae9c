// What the endpoint forms share: the checkboxes of the resources a credential may follow, the
// create form's reset (the list resets it when its panel opens), and an API failure shown beside
// the fields it names.
import { byId, el } from '../../page-base/dom.js';
import { ApiFailure, messageOf } from './api.js';
import { clearErrors, clearWhenValid, setFieldError, showFormError } from './form-feedback.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { Webhook } from './state.js' */
import { resourceLabel } from './webhook-format.js';

/**
 * Fills a fieldset's options with one checkbox per followable resource.
 * @param {string} containerId where the options go
 * @param {string} prefix of the checkboxes' ids
 * @param {string[]} resources the ones the credential may follow
 * @param {string[]} checked
 */
export function renderResourceOptions(containerId, prefix, resources, checked) {
  byId(containerId).replaceChildren(
    ...resources.map((resource, index) => {
      const id = prefix + index;
      const input = el('input', { type: 'checkbox', id, name: 'resources', value: resource });
      input.checked = checked.includes(resource);
      return el('div', { className: 'scope-option' }, [
        input,
        el('label', { for: id }, [resourceLabel(resource), el('span', { className: 'scope-code mono', text: resource })]),
      ]);
    }),
  );
}

/**
 * @param {string} containerId
 * @returns {string[]}
 */
export function checkedResources(containerId) {
  return Array.from(/** @type {NodeListOf<HTMLInputElement>} */ (byId(containerId).querySelectorAll('input[type="checkbox"]:checked'))).map(
    (input) => input.value,
  );
}

/**
 * What is wrong with a URL typed for an endpoint, before it is sent (the server checks again,
 * and also refuses what the page cannot know: a private address, or http without https).
 * @param {string} url
 * @returns {string | null}
 */
export function urlProblem(url) {
  if (url === '') return 'Informe a URL que receberá as notificações.';
  /** @type {URL} */
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return 'URL inválida: use o endereço completo, começando com https.';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'A URL deve começar com https.';
  return null;
}

/**
 * The failure's message followed by what its `detalhes` say (the settings API's rules name a
 * field the page may have no place for, e.g. `client_id` or `status`).
 * @param {unknown} err
 * @returns {string}
 */
export function detailedMessage(err) {
  const extra = err instanceof ApiFailure ? err.detalhes.map((d) => d.mensagem).filter((m) => m && m !== err.message) : [];
  return [messageOf(err), ...extra].join(' ');
}

/**
 * Shows a failure beside the fields its `detalhes` name (`url`, `resources`, `senha_atual`) and
 * focuses the first; anything else goes to the form's alert box.
 * @param {unknown} err
 * @param {{ url: string, resources: string, senha: string, senhaField?: string }} fields the ids of the form's fields
 * @param {string} boxId
 */
export async function showWebhookFailure(err, fields, boxId) {
  if (await handleCommonFailure(err)) return;
  /** @type {HTMLElement | null} */
  let first = null;
  /** @type {string[]} */
  const elsewhere = [];
  /** @param {string} id @param {string} text */
  const put = (id, text) => {
    if (id === fields.senha && fields.senhaField) byId(fields.senhaField).hidden = false;
    const target = setFieldError(id, text);
    first = first || target;
  };
  if (err instanceof ApiFailure) {
    for (const d of err.detalhes) {
      const campo = String(d.campo);
      if (/^url/.test(campo)) put(fields.url, d.mensagem);
      else if (/^resources/.test(campo)) put(fields.resources, d.mensagem);
      else if (/^senha/.test(campo)) put(fields.senha, d.mensagem);
      else elsewhere.push(d.mensagem);
    }
    if (first === null && err.codigo === 'senha_incorreta') put(fields.senha, err.message);
  }
  if (first === null || elsewhere.length > 0) showFormError(boxId, messageOf(err), elsewhere);
  if (first !== null) /** @type {HTMLElement} */ (first).focus();
}

/**
 * An endpoint form's messages go as soon as the checks made before sending find the field right.
 * @param {{ url: string, resources: string, options: string, senha: string }} fields the ids of the form's fields
 * @param {() => boolean} senhaNeeded whether the form asks for the password as it stands
 */
export function watchWebhookFields(fields, senhaNeeded) {
  const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id)).value;
  clearWhenValid(fields.url, () => urlProblem(value(fields.url).trim()) === null);
  clearWhenValid(fields.resources, () => checkedResources(fields.options).length > 0);
  const checkSenha = clearWhenValid(fields.senha, () => !senhaNeeded() || value(fields.senha) !== '');
  // In the edit dialog, putting the URL back takes the need for the password away.
  byId(fields.url).addEventListener('input', checkSenha);
}

/** Lists the resources the panel's credential may follow, keeping those already checked. */
export function renderCreateResources() {
  const resources = state.webhooks ? state.webhooks.resources : [];
  renderResourceOptions('wh-resources-options', 'wh-resource-', resources, checkedResources('wh-resources-options'));
  byId('wh-resources-none').hidden = resources.length > 0;
}

/** Empties the form. */
export function resetWebhookForm() {
  const form = /** @type {HTMLFormElement} */ (byId('webhook-form'));
  form.reset();
  clearErrors(form);
  byId('wh-resources-options').replaceChildren();
  renderCreateResources();
}

/**
 * Opens one of an endpoint's confirmation dialogs (delete, rotate): its URL shown, earlier errors
 * cleared, the dialog's trigger kept for focus to return to, and focus on Cancel, the safe choice.
 * @param {'delete' | 'rotate'} kind
 * @param {Webhook} webhook
 * @param {HTMLElement} trigger
 */
export function openWebhookConfirmation(kind, webhook, trigger) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('webhook-' + kind + '-dialog'));
  clearErrors(byId('webhook-' + kind + '-form'));
  state.dialogWebhook = webhook;
  state.dialogTrigger = { element: trigger };
  byId('wh-' + kind + '-url').textContent = webhook.url;
  dialog.showModal();
  const cancel = /** @type {HTMLButtonElement | null} */ (dialog.querySelector('[data-action="dialog-cancel"]'));
  if (cancel) cancel.focus();
}

// Sending the create and edit form, and putting the server's refusals beside their fields.
import { byId } from '../../page-base/dom.js';
import { api, ApiFailure, messageOf } from './api.js';
import { refreshAuditIf } from './audit.js';
import { collectForm, hideForm } from './credential-form.js';
import { reloadCredentials } from './credentials-list.js';
import { focusRowButton } from './focus.js';
import { busy, setFieldError, showFieldsSummary, showFormError } from './form-feedback.js';
import { openKeySteps } from './key-steps-dialog.js';
import { openSecret } from './secret-dialog.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { ApiErrorDetail, CreatedAnswer, CredentialAnswer } from './state.js' */
import { toast } from './toast.js';
import { refreshWebhooksIf } from './webhooks-list.js';

/**
 * The `campo` names the credential endpoints use (src/settings/credential-input.ts), to the form's fields.
 * @type {[RegExp, string][]}
 */
const FIELD_FOR = [
  [/^name\b/, 'cred-name'],
  [/^public_key\b/, 'cred-public-key'],
  [/^scopes\b/, 'cred-scopes'],
  [/^allowed_ips\b/, 'cred-ips'],
  [/^expires\b/, 'cred-expires'],
  [/^senha_atual\b/, 'cred-senha'],
];

/**
 * Puts the API's `detalhes` beside the fields they name; returns the first field to focus.
 * @param {ApiErrorDetail[]} detalhes
 * @param {[RegExp, string][]} fieldFor which field id each `campo` pattern belongs to
 * @param {string} formErrorBox the id of the form's error box, for the rest
 * @returns {HTMLElement | null}
 */
function showServerFieldErrors(detalhes, fieldFor, formErrorBox) {
  /** @type {Map<string, string[]>} */
  const byField = new Map();
  /** @type {string[]} */
  const other = [];
  for (const d of detalhes) {
    const match = fieldFor.find(([pattern]) => pattern.test(String(d.campo)));
    if (match) {
      const messages = byField.get(match[1]);
      if (messages) messages.push(d.mensagem);
      else byField.set(match[1], [d.mensagem]);
    } else other.push((d.campo ? d.campo + ': ' : '') + d.mensagem);
  }
  let first = null;
  for (const [fieldId, messages] of byField) {
    if (fieldId.endsWith('-senha')) byId(fieldId + '-field').hidden = false;
    const target = setFieldError(fieldId, messages);
    first = first || target;
  }
  if (other.length > 0 || first === null) showFormError(formErrorBox, 'Não foi possível salvar.', other);
  else showFieldsSummary(formErrorBox, byField.size);
  return first;
}

/** @param {SubmitEvent} event */
export async function onSubmitCredential(event) {
  event.preventDefault();
  if (state.form === null) return;
  const body = collectForm();
  if (body === null) return;
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const { mode, credential } = state.form;
  await busy(form, async () => {
    try {
      if (mode === 'create') {
        const data = /** @type {CreatedAnswer} */ (await api('POST', '/credentials', body));
        const trigger = hideForm();
        await reloadCredentials();
        toast('Credencial “' + data.credential.name + '” criada.');
        // A key credential has no secret: the dialog says what the integrator does next instead.
        if (data.client_secret === undefined) {
          openKeySteps(data.credential, { element: trigger });
          return;
        }
        openSecret(data.credential.name, data.credential.client_id, data.client_secret, { element: trigger });
        // The answer's copy of the secret goes: the dialog holds the only one now.
        /** @type {{ client_secret: string | null }} */ (data).client_secret = null;
      } else {
        const data = /** @type {CredentialAnswer} */ (await api('PATCH', '/credentials/' + encodeURIComponent(credential.client_id), body));
        hideForm();
        await reloadCredentials();
        await refreshAuditIf(credential.client_id);
        await refreshWebhooksIf(credential.client_id);
        toast('Alterações salvas em “' + data.credential.name + '”.');
        focusRowButton('edit', credential.client_id);
      }
    } catch (err) {
      /** @type {HTMLInputElement} */ (byId('cred-senha')).value = '';
      if (await handleCommonFailure(err)) return;
      if (err instanceof ApiFailure && err.codigo === 'senha_incorreta') {
        byId('cred-senha-field').hidden = false;
        setFieldError('cred-senha', err.message || 'Senha incorreta.').focus();
        showFieldsSummary('form-error', 1);
        return;
      }
      if (err instanceof ApiFailure && err.detalhes.length > 0) {
        const first = showServerFieldErrors(err.detalhes, FIELD_FOR, 'form-error');
        (first || byId('form-error')).focus();
        return;
      }
      showFormError('form-error', messageOf(err));
      byId('cred-name').focus();
    }
  });
}

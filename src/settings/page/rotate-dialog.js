// Rotating a credential's secret: asks for the user's password when the credential carries a
// sensitive scope, then shows the new secret once.
import { byId } from '../../page-base/dom.js';
import { api, ApiFailure, messageOf } from './api.js';
import { refreshAuditIf } from './audit.js';
import { reloadCredentials } from './credentials-list.js';
import { busy, clearErrors, setFieldError, showFormError } from './form-feedback.js';
import { openSecret } from './secret-dialog.js';
import { handleCommonFailure } from './session.js';
import { isSensitive, state } from './state.js';
/** @import { Credential, RotatedAnswer } from './state.js' */
import { toast } from './toast.js';

/**
 * @param {Credential} cred
 * @param {HTMLElement} trigger
 */
export function openRotate(cred, trigger) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('rotate-dialog'));
  const form = /** @type {HTMLFormElement} */ (byId('rotate-form'));
  const senhaInput = /** @type {HTMLInputElement} */ (byId('rotate-senha'));
  form.reset();
  clearErrors(form);
  state.dialogCredential = cred;
  state.dialogTrigger = { action: 'rotate', clientId: cred.client_id, element: trigger };
  byId('rotate-name').textContent = cred.name;
  const needed = cred.scopes.some(isSensitive);
  byId('rotate-senha-field').hidden = !needed;
  senhaInput.required = needed;
  if (needed) senhaInput.setAttribute('aria-required', 'true');
  else senhaInput.removeAttribute('aria-required');
  dialog.showModal();
  const first = needed ? senhaInput : /** @type {HTMLButtonElement | null} */ (dialog.querySelector('[data-action="dialog-cancel"]'));
  if (first) first.focus();
}

/** @param {SubmitEvent} event */
export async function onRotate(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const senhaInput = /** @type {HTMLInputElement} */ (byId('rotate-senha'));
  const cred = state.dialogCredential;
  if (!cred) return;
  clearErrors(form);
  const needed = !byId('rotate-senha-field').hidden;
  const senha = senhaInput.value;
  if (needed && senha === '') {
    setFieldError('rotate-senha', 'Informe a sua senha atual.').focus();
    return;
  }
  await busy(form, async () => {
    try {
      const data = /** @type {RotatedAnswer} */ (
        await api('POST', '/credentials/' + encodeURIComponent(cred.client_id) + '/rotate', needed ? { senha_atual: senha } : {})
      );
      senhaInput.value = '';
      const returnTo = { action: 'rotate', clientId: cred.client_id };
      state.dialogTrigger = null;
      /** @type {HTMLDialogElement} */ (byId('rotate-dialog')).close();
      await reloadCredentials();
      await refreshAuditIf(cred.client_id);
      toast('Segredo de “' + cred.name + '” rotacionado. O segredo anterior deixou de funcionar.');
      openSecret(cred.name, data.client_id, data.client_secret, returnTo);
      // The answer's copy of the secret goes: the dialog holds the only one now.
      /** @type {{ client_secret: string | null }} */ (data).client_secret = null;
    } catch (err) {
      senhaInput.value = '';
      if (await handleCommonFailure(err)) return;
      if (err instanceof ApiFailure && (err.codigo === 'senha_incorreta' || err.detalhes.some((d) => /^senha/.test(String(d.campo))))) {
        byId('rotate-senha-field').hidden = false;
        const detail = err.detalhes.find((d) => /^senha/.test(String(d.campo)));
        setFieldError('rotate-senha', detail ? detail.mensagem : err.message).focus();
        return;
      }
      showFormError('rotate-error', messageOf(err));
    }
  });
}

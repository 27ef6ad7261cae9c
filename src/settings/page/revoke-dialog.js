// Revoking a credential: final, so it asks for confirmation first.
import { byId } from '../../page-base/dom.js';
import { api, messageOf } from './api.js';
import { refreshAuditIf } from './audit.js';
import { reloadCredentials } from './credentials-list.js';
import { focusRowButton } from './focus.js';
import { busy, clearErrors, showFormError } from './form-feedback.js';
import { handleCommonFailure } from './session.js';
import { state } from './state.js';
/** @import { Credential } from './state.js' */
import { toast } from './toast.js';
import { refreshWebhooksIf } from './webhooks-list.js';

/**
 * @param {Credential} cred
 * @param {HTMLElement} trigger
 */
export function openRevoke(cred, trigger) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('revoke-dialog'));
  clearErrors(byId('revoke-form'));
  state.dialogCredential = cred;
  state.dialogTrigger = { action: 'revoke', clientId: cred.client_id, element: trigger };
  byId('revoke-name').textContent = cred.name;
  dialog.showModal();
  const cancelButton = /** @type {HTMLButtonElement | null} */ (dialog.querySelector('[data-action="dialog-cancel"]'));
  if (cancelButton) cancelButton.focus();
}

/** @param {SubmitEvent} event */
export async function onRevoke(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const cred = state.dialogCredential;
  if (!cred) return;
  clearErrors(form);
  await busy(form, async () => {
    try {
      await api('POST', '/credentials/' + encodeURIComponent(cred.client_id) + '/revoke', {});
      state.dialogTrigger = null;
      /** @type {HTMLDialogElement} */ (byId('revoke-dialog')).close();
      await reloadCredentials();
      await refreshAuditIf(cred.client_id);
      await refreshWebhooksIf(cred.client_id);
      toast('Credencial “' + cred.name + '” revogada. Ela e seus tokens deixaram de funcionar.');
      focusRowButton('audit', cred.client_id);
    } catch (err) {
      if (await handleCommonFailure(err)) return;
      showFormError('revoke-error', messageOf(err));
    }
  });
}

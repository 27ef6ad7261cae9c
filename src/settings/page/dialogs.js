// What every dialog shares: Cancel, the clean-up however a dialog closes, and closing them all
// when the view changes under them.
import { restoreFocus } from './focus.js';
import { discardSecret, onSecretClosed } from './secret-dialog.js';
import { state } from './state.js';
import { discardWebhookSecret, onWebhookSecretClosed } from './webhook-secret-dialog.js';

export function closeAllDialogs() {
  discardSecret();
  discardWebhookSecret();
  state.dialogTrigger = null;
  for (const dialog of /** @type {NodeListOf<HTMLDialogElement>} */ (document.querySelectorAll('dialog[open]'))) dialog.close();
}

/** @param {HTMLElement} button a Cancel button inside a dialog */
export function cancelDialog(button) {
  const trigger = state.dialogTrigger;
  state.dialogTrigger = null;
  const dialog = button.closest('dialog');
  if (dialog) dialog.close();
  restoreFocus(trigger);
}

/**
 * Runs on every dialog's close event: no password stays in a closed dialog. A dialog open again
 * by then is left to its new opening.
 * @param {Event} event
 */
export function onDialogClosed(event) {
  const dialog = /** @type {HTMLDialogElement} */ (event.currentTarget);
  // The close event comes in a later task than close() itself, and the browser runs input first:
  // a dialog closed and opened again at once (Cancel, then its button, by keyboard) would have the
  // new opening's endpoint, credential and trigger wiped here, and its submit would do nothing.
  if (dialog.open) return;
  if (dialog.id === 'secret-dialog') {
    onSecretClosed();
    return;
  }
  if (dialog.id === 'webhook-secret-dialog') {
    onWebhookSecretClosed();
    return;
  }
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (dialog.querySelectorAll('input[type="password"]'))) input.value = '';
  const trigger = state.dialogTrigger;
  state.dialogTrigger = null;
  state.dialogCredential = null;
  state.dialogWebhook = null;
  restoreFocus(trigger);
}

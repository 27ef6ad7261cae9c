// The client secret, shown once after create or rotate. It is in memory and in the dialog's
// text only while the dialog is open, and wiped from both before the dialog goes.
import { $ } from './dom.js';
import { restoreFocus } from './focus.js';
/** @import { FocusTarget } from './state.js' */

/**
 * The one revealed client secret, only while its dialog is open.
 * @type {{ secret: string } | null}
 */
let revealed = null;
/**
 * Where focus goes when the secret dialog closes.
 * @type {FocusTarget | null}
 */
let secretReturnTo = null;

/**
 * @param {string} name the credential's
 * @param {string} clientId
 * @param {string} secret
 * @param {FocusTarget} returnTo
 */
export function openSecret(name, clientId, secret, returnTo) {
  const dialog = /** @type {HTMLDialogElement} */ ($('secret-dialog'));
  revealed = { secret };
  secretReturnTo = returnTo;
  $('secret-name').textContent = name;
  $('secret-client-id').textContent = clientId;
  $('secret-value').textContent = secret;
  $('secret-copy-status').textContent = '';
  dialog.showModal();
  const copyButton = /** @type {HTMLButtonElement | null} */ (dialog.querySelector('[data-action="secret-copy"]'));
  if (copyButton) copyButton.focus();
}

/** Removes the secret from the DOM and from memory; runs before the dialog is gone. */
export function wipeSecret() {
  $('secret-value').replaceChildren();
  $('secret-client-id').replaceChildren();
  $('secret-name').replaceChildren();
  $('secret-copy-status').textContent = '';
  const selection = window.getSelection();
  if (selection) selection.removeAllRanges();
  revealed = null;
}

/**
 * Wipes the secret and hands back, once, where focus should return.
 * @returns {FocusTarget | null}
 */
function wipeAndTakeReturn() {
  wipeSecret();
  const returnTo = secretReturnTo;
  secretReturnTo = null;
  return returnTo;
}

/** For when the whole view is going away: nothing to return focus to. */
export function discardSecret() {
  wipeAndTakeReturn();
}

/** The dialog's close event, however it was closed. */
export function onSecretClosed() {
  restoreFocus(wipeAndTakeReturn());
}

export function closeSecret() {
  const returnTo = wipeAndTakeReturn();
  /** @type {HTMLDialogElement} */ ($('secret-dialog')).close();
  restoreFocus(returnTo);
}

export async function copySecret() {
  if (revealed === null) return;
  const status = $('secret-copy-status');
  try {
    if (!navigator.clipboard || !window.isSecureContext) throw new Error('no clipboard API');
    await navigator.clipboard.writeText(revealed.secret);
    status.textContent = 'Segredo copiado para a área de transferência.';
  } catch {
    // Fallback: select the text and ask the browser to copy it.
    const node = $('secret-value');
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection();
    if (selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    status.textContent = copied
      ? 'Segredo copiado para a área de transferência.'
      : 'Não foi possível copiar automaticamente: o segredo está selecionado, use Ctrl+C (ou Cmd+C) para copiá-lo.';
  }
}

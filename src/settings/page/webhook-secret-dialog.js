// A notification endpoint's signing secret, shown once after it is created or rotated, with what
// to do with it. The secret is in memory and in the dialog's text only while the dialog is open,
// and wiped from both before the dialog goes (as secret-dialog.js does for client secrets).
import { byId } from '../../page-base/dom.js';
import { COPY_BY_HAND, copyText } from './clipboard.js';
import { restoreFocus } from './focus.js';
import { formatDateTime } from './format.js';
import { showAtTop } from './secret-dialog.js';
/** @import { FocusTarget } from './state.js' */

/** @type {string | null} the one revealed secret, only while its dialog is open */
let revealed = null;
/** @type {FocusTarget | null} */
let returnTarget = null;

/**
 * @param {string} url the endpoint's
 * @param {string} secret
 * @param {FocusTarget} returnTo where focus goes when the dialog closes
 * @param {string | false} rotatedUntil after a rotation: until when the previous secret signs too ('' when not said)
 */
export function openWebhookSecret(url, secret, returnTo, rotatedUntil) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('webhook-secret-dialog'));
  revealed = secret;
  returnTarget = returnTo;
  byId('wh-secret-title').textContent = rotatedUntil === false ? 'Segredo do novo endpoint' : 'Novo segredo do endpoint';
  byId('wh-secret-url').textContent = url;
  byId('wh-secret-value').textContent = secret;
  const rotated = byId('wh-secret-rotated');
  rotated.hidden = rotatedUntil === false;
  byId('wh-secret-until').textContent = rotatedUntil ? ' (até ' + formatDateTime(rotatedUntil) + ')' : '';
  byId('wh-secret-copy-status').textContent = '';
  showAtTop(dialog, '[data-action="webhook-secret-copy"]');
}

/** Removes the secret from the DOM and from memory; runs before the dialog is gone. */
export function wipeWebhookSecret() {
  for (const id of ['wh-secret-value', 'wh-secret-url', 'wh-secret-until', 'wh-secret-copy-status']) byId(id).replaceChildren();
  const selection = window.getSelection();
  if (selection) selection.removeAllRanges();
  revealed = null;
}

/** @returns {FocusTarget | null} */
function wipeAndTakeReturn() {
  wipeWebhookSecret();
  const target = returnTarget;
  returnTarget = null;
  return target;
}

/** For when the whole view is going away. */
export function discardWebhookSecret() {
  wipeAndTakeReturn();
}

/** The dialog's close event, however it was closed. */
export function onWebhookSecretClosed() {
  restoreFocus(wipeAndTakeReturn());
}

export function closeWebhookSecret() {
  const target = wipeAndTakeReturn();
  /** @type {HTMLDialogElement} */ (byId('webhook-secret-dialog')).close();
  restoreFocus(target);
}

export async function copyWebhookSecret() {
  if (revealed === null) return;
  const copied = await copyText(revealed, byId('wh-secret-value'));
  byId('wh-secret-copy-status').textContent = copied ? 'Segredo copiado para a área de transferência.' : COPY_BY_HAND;
}

// The client secret, shown once after create or rotate, with what to do with it: the token URL
// and a ready curl line. The secret is in memory and in the dialog's text (the secret itself and
// the curl line) only while the dialog is open, and wiped from both before the dialog goes.
import { byId, el } from '../../page-base/dom.js';
import { apiBaseUrl, curlLine, tokenUrl } from './api-address.js';
import { COPY_BY_HAND, copyText } from './clipboard.js';
import { restoreFocus } from './focus.js';
/** @import { FocusTarget } from './state.js' */

/**
 * The one revealed client secret and its client id, only while its dialog is open.
 * @type {{ clientId: string, secret: string } | null}
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
  const dialog = /** @type {HTMLDialogElement} */ (byId('secret-dialog'));
  revealed = { clientId, secret };
  secretReturnTo = returnTo;
  byId('secret-name').textContent = name;
  byId('secret-client-id').textContent = clientId;
  byId('secret-value').textContent = secret;
  byId('secret-token-url').textContent = tokenUrl();
  showCommand(byId('secret-curl'), curlLine(clientId, secret));
  byId('secret-api-base').textContent = apiBaseUrl();
  byId('secret-copy-status').textContent = '';
  showAtTop(dialog, '[data-action="secret-copy"]');
}

/**
 * Opens a secret's dialog at its top, where its title and "não será exibido novamente" are: on a
 * phone the dialog is taller than the screen, and focusing the copy button (in the actions kept in
 * view at its foot, settings.css) would otherwise scroll the warning away.
 * @param {HTMLDialogElement} dialog
 * @param {string} focusSelector the button that takes focus
 */
export function showAtTop(dialog, focusSelector) {
  dialog.showModal();
  const button = /** @type {HTMLButtonElement | null} */ (dialog.querySelector(focusSelector));
  if (button) button.focus({ preventScroll: true });
  dialog.scrollTop = 0;
}

/**
 * The curl line, one unbreakable span per word: the line may wrap between words, never inside
 * one (a hyphen in an id or a secret would otherwise be a place to break).
 * @param {HTMLElement} node
 * @param {string} line
 */
function showCommand(node, line) {
  /** @type {(Node | string)[]} */
  const parts = [];
  for (const word of line.split(' ')) {
    if (parts.length > 0) parts.push(' ');
    parts.push(el('span', { className: 'word', text: word }));
  }
  node.replaceChildren(...parts);
}

/** Removes the secret from the DOM and from memory; runs before the dialog is gone. */
export function wipeSecret() {
  for (const id of ['secret-value', 'secret-curl', 'secret-client-id', 'secret-name', 'secret-token-url', 'secret-api-base'])
    byId(id).replaceChildren();
  byId('secret-copy-status').textContent = '';
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
  /** @type {HTMLDialogElement} */ (byId('secret-dialog')).close();
  restoreFocus(returnTo);
}

/**
 * What each copy button of the dialog copies, from which element, and what it says when done.
 * @type {Record<string, { node: string, value: (shown: { clientId: string, secret: string }) => string, done: string }>}
 */
const COPIES = {
  'secret-copy': { node: 'secret-value', value: (s) => s.secret, done: 'Segredo copiado para a área de transferência.' },
  'secret-copy-client-id': { node: 'secret-client-id', value: (s) => s.clientId, done: 'Client ID copiado para a área de transferência.' },
  'secret-copy-curl': {
    node: 'secret-curl',
    value: (s) => curlLine(s.clientId, s.secret),
    done: 'Comando copiado para a área de transferência.',
  },
};

/**
 * The dialog's copy buttons: the secret, the client id, the curl line.
 * @param {string} action the button's data-action
 */
export async function copyFromSecret(action) {
  const copy = COPIES[action];
  if (revealed === null || copy === undefined) return;
  const copied = await copyText(copy.value(revealed), byId(copy.node));
  byId('secret-copy-status').textContent = copied ? copy.done : COPY_BY_HAND;
}

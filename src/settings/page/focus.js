// Where keyboard focus goes back to when a form, dialog or panel goes away.
import { byId } from '../../page-base/dom.js';
/** @import { FocusTarget } from './state.js' */

/**
 * Focuses a credential row's button, or the credentials' title when that row has no such button.
 * @param {string} action
 * @param {string} clientId
 */
export function focusRowButton(action, clientId) {
  const target = /** @type {HTMLButtonElement | null} */ (
    document.querySelector('button[data-action="' + action + '"][data-client-id="' + CSS.escape(clientId) + '"]')
  );
  if (target) target.focus();
  else byId('credentials-title').focus();
}

/**
 * Returns focus to where the user was: `{ element }` or `{ action, clientId }`.
 * @param {FocusTarget | null} target
 */
export function restoreFocus(target) {
  if (!target) return;
  if (target.element && target.element.isConnected && !target.element.closest('[hidden]')) target.element.focus();
  else if (target.action && target.clientId) focusRowButton(target.action, target.clientId);
  else if (!byId('view-main').hidden) byId('credentials-title').focus();
}

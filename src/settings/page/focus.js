// Where keyboard focus goes back to when a form, dialog or panel goes away.
import { $ } from './dom.js';

export function focusRowButton(action, clientId) {
  const target = document.querySelector('button[data-action="' + action + '"][data-client-id="' + CSS.escape(clientId) + '"]');
  if (target) target.focus();
  else $('credentials-title').focus();
}

/** Returns focus to where the user was: `{ element }` or `{ action, clientId }`. */
export function restoreFocus(target) {
  if (!target) return;
  if (target.element && target.element.isConnected && !target.element.closest('[hidden]')) target.element.focus();
  else if (target.action && target.clientId) focusRowButton(target.action, target.clientId);
  else if (!$('view-main').hidden) $('credentials-title').focus();
}

// The session as the page holds it, and the failures every screen handles the same way: a
// session that ended, a permission taken away, a stale CSRF token.
import { byId } from '../../page-base/dom.js';
import { api, ApiFailure } from './api.js';
import { hideForm } from './credential-form.js';
import { closeAllDialogs } from './dialogs.js';
import { forgetPanels } from './forget.js';
import { state } from './state.js';
/** @import { SessionAnswer } from './state.js' */
import { showForbidden, showSignIn } from './views.js';

/** @param {SessionAnswer} data */
export function setSession(data) {
  state.usuario = data.usuario;
  state.csrf = data.csrf_token;
}

export function forgetEverything() {
  closeAllDialogs();
  state.usuario = null;
  state.csrf = null;
  state.credentials = [];
  state.scopes = [];
  state.form = null;
  state.auditClientId = null;
  byId('credentials-body').replaceChildren();
  byId('audit-list').replaceChildren();
  byId('audit-section').hidden = true;
  forgetPanels();
  byId('expiring-list').replaceChildren();
  hideForm();
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (document.querySelectorAll('input[type="password"]'))) input.value = '';
}

/**
 * Failures every screen handles the same way; true when handled here.
 * @param {unknown} err
 * @returns {Promise<boolean>}
 */
export async function handleCommonFailure(err) {
  if (!(err instanceof ApiFailure)) return false;
  if (err.status === 401) {
    forgetEverything();
    showSignIn('Sua sessão terminou. Entre novamente para continuar.');
    return true;
  }
  if (err.codigo === 'sem_permissao') {
    closeAllDialogs();
    showForbidden();
    return true;
  }
  if (err.codigo === 'csrf_invalido') {
    // Fetch the session's current token so the next attempt works.
    try {
      const session = /** @type {SessionAnswer} */ (await api('GET', '/session'));
      state.csrf = session.csrf_token;
    } catch {
      /* the next attempt will tell */
    }
    return false;
  }
  return false;
}

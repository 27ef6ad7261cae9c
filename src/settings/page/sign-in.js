// Signing in and out, and entering the credentials view once signed in.
import { byId } from '../../page-base/dom.js';
import { api, ApiFailure, messageOf } from './api.js';
import { reloadCredentials } from './credentials-list.js';
import { busy, clearErrors, firstOf, setFieldError } from './form-feedback.js';
import { forgetEverything, setSession } from './session.js';
import { state } from './state.js';
/** @import { SessionAnswer } from './state.js' */
import { showForbidden, showSignIn, showView } from './views.js';

/**
 * Shows the credentials to a user who may see them (setSession first), the no-permission view otherwise.
 * @param {boolean} focusTitle
 */
export async function enter(focusTitle) {
  const usuario = state.usuario;
  if (usuario === null) throw new Error('enter() needs a session: call setSession first.');
  if (!usuario.api_externa) {
    showForbidden();
    return;
  }
  byId('company-line').textContent = usuario.empresa ? 'Empresa: ' + usuario.empresa.nome : '';
  showView('view-main');
  await reloadCredentials();
  if (focusTitle) byId('main-title').focus();
}

/** @param {SubmitEvent} event */
export async function onSignIn(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const email = /** @type {HTMLInputElement} */ (byId('signin-email')).value.trim();
  const senha = /** @type {HTMLInputElement} */ (byId('signin-senha')).value;
  clearErrors(form);
  byId('signin-error').hidden = true;
  const invalid = firstOf([
    email === '' ? setFieldError('signin-email', 'Informe o seu e-mail.') : null,
    senha === '' ? setFieldError('signin-senha', 'Informe a sua senha.') : null,
  ]);
  if (invalid) {
    invalid.focus();
    return;
  }
  await busy(form, async () => {
    try {
      const data = /** @type {SessionAnswer} */ (await api('POST', '/session', { email, senha }));
      /** @type {HTMLInputElement} */ (byId('signin-senha')).value = '';
      byId('signin-notice').hidden = true;
      setSession(data);
      await enter(true);
    } catch (err) {
      /** @type {HTMLInputElement} */ (byId('signin-senha')).value = '';
      if (err instanceof ApiFailure && err.codigo === 'dados_invalidos' && err.detalhes.length > 0) {
        let first = null;
        for (const d of err.detalhes) {
          const id = d.campo === 'email' ? 'signin-email' : d.campo === 'senha' ? 'signin-senha' : null;
          if (id) first = first || setFieldError(id, d.mensagem);
        }
        if (first) {
          first.focus();
          return;
        }
      }
      const box = byId('signin-error');
      box.textContent = err instanceof ApiFailure && err.status === 401 && !err.message ? 'E-mail ou senha incorretos.' : messageOf(err);
      box.hidden = false;
      byId('signin-senha').focus();
    }
  });
}

export async function signOut() {
  try {
    await api('DELETE', '/session');
  } catch {
    /* signed out locally either way */
  }
  forgetEverything();
  showSignIn('Você saiu. Até logo!');
}

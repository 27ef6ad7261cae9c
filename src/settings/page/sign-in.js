// Signing in and out, and entering the credentials view once signed in.
import { api, ApiFailure, messageOf } from './api.js';
import { reloadCredentials } from './credentials-list.js';
import { $ } from './dom.js';
import { busy, clearErrors, setFieldError } from './form-feedback.js';
import { forgetEverything, setSession } from './session.js';
import { state } from './state.js';
import { showForbidden, showSignIn, showView } from './views.js';

export async function enter(focusTitle) {
  if (!state.usuario.api_externa) {
    showForbidden();
    return;
  }
  $('company-line').textContent = state.usuario.empresa ? 'Empresa: ' + state.usuario.empresa.nome : '';
  showView('view-main');
  await reloadCredentials();
  if (focusTitle) $('main-title').focus();
}

export async function onSignIn(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const email = $('signin-email').value.trim();
  const senha = $('signin-senha').value;
  clearErrors(form);
  $('signin-error').hidden = true;
  let invalid = null;
  if (email === '') invalid = invalid || setFieldError('signin-email', 'Informe o seu e-mail.');
  if (senha === '') invalid = invalid || setFieldError('signin-senha', 'Informe a sua senha.');
  if (invalid) {
    invalid.focus();
    return;
  }
  await busy(form, async () => {
    try {
      const data = await api('POST', '/session', { email, senha });
      $('signin-senha').value = '';
      $('signin-notice').hidden = true;
      setSession(data);
      await enter(true);
    } catch (err) {
      $('signin-senha').value = '';
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
      const box = $('signin-error');
      box.textContent = err instanceof ApiFailure && err.status === 401 && !err.message ? 'E-mail ou senha incorretos.' : messageOf(err);
      box.hidden = false;
      $('signin-senha').focus();
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

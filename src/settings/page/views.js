// The page's four views (loading, sign-in, no permission, the credentials) and the top bar
// that names who is signed in.
import { closeAllDialogs } from './dialogs.js';
import { $ } from './dom.js';
import { state } from './state.js';

const VIEWS = ['view-loading', 'view-signin', 'view-forbidden', 'view-main'];

export function showView(id) {
  for (const view of VIEWS) $(view).hidden = view !== id;
  const signedIn = state.usuario !== null && (id === 'view-main' || id === 'view-forbidden');
  $('topbar-user').hidden = !signedIn;
  $('topbar-user-name').textContent = signedIn ? userLine(state.usuario) : '';
  document.title = {
    'view-loading': 'Carregando… · API Externa',
    'view-signin': 'Entrar · API Externa',
    'view-forbidden': 'Sem permissão · API Externa',
    'view-main': 'API Externa · Integrações · Configurações',
  }[id];
}

function userLine(usuario) {
  return (usuario.nome || usuario.email || 'Usuário') + (usuario.empresa && usuario.empresa.nome ? ' · ' + usuario.empresa.nome : '');
}

export function showSignIn(notice) {
  closeAllDialogs();
  showView('view-signin');
  const box = $('signin-notice');
  box.textContent = notice || '';
  box.hidden = !notice;
  $('signin-senha').value = '';
  $('signin-email').focus();
}

export function showForbidden() {
  $('forbidden-user').textContent = state.usuario
    ? (state.usuario.nome || '') + (state.usuario.email ? ' (' + state.usuario.email + ')' : '')
    : '';
  showView('view-forbidden');
  $('forbidden-title').focus();
}

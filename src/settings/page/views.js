// The page's four views (loading, sign-in, no permission, the credentials) and the top bar
// that names who is signed in.
import { byId } from '../../page-base/dom.js';
import { closeAllDialogs } from './dialogs.js';
import { state } from './state.js';
/** @import { Usuario } from './state.js' */

/** @typedef {'view-loading' | 'view-signin' | 'view-forbidden' | 'view-main'} ViewId */

/** @type {ViewId[]} */
const VIEWS = ['view-loading', 'view-signin', 'view-forbidden', 'view-main'];

/** @param {ViewId} id */
export function showView(id) {
  for (const view of VIEWS) byId(view).hidden = view !== id;
  const usuario = state.usuario;
  const signedIn = usuario !== null && (id === 'view-main' || id === 'view-forbidden');
  byId('topbar-user').hidden = !signedIn;
  byId('topbar-user-name').textContent = signedIn ? userLine(usuario) : '';
  document.title = {
    'view-loading': 'Carregando… · API Externa',
    'view-signin': 'Entrar · API Externa',
    'view-forbidden': 'Sem permissão · API Externa',
    'view-main': 'API Externa · Integrações · Configurações',
  }[id];
}

/**
 * @param {Usuario} usuario
 * @returns {string}
 */
function userLine(usuario) {
  return (usuario.nome || usuario.email || 'Usuário') + (usuario.empresa && usuario.empresa.nome ? ' · ' + usuario.empresa.nome : '');
}

/** @param {string} [notice] a message above the form */
export function showSignIn(notice) {
  closeAllDialogs();
  showView('view-signin');
  const box = byId('signin-notice');
  box.textContent = notice || '';
  box.hidden = !notice;
  /** @type {HTMLInputElement} */ (byId('signin-senha')).value = '';
  byId('signin-email').focus();
}

export function showForbidden() {
  byId('forbidden-user').textContent = state.usuario
    ? (state.usuario.nome || '') + (state.usuario.email ? ' (' + state.usuario.email + ')' : '')
    : '';
  showView('view-forbidden');
  byId('forbidden-title').focus();
}

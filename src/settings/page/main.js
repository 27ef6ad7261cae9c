// API Externa settings page: plain browser JavaScript modules, no framework, no build step.
// Talks only to the JSON API under /settings/api/ (docs/settings-api.md).
// Secrets (client secrets, passwords, the CSRF token) live in memory only: never in a URL,
// an attribute, browser storage or a cookie readable from here.
//
// This module wires the page's events to the other modules and starts it.
import { byId } from '../../page-base/dom.js';
import { ApiFailure, api, messageOf } from './api.js';
import { closeAudit, openAudit } from './audit.js';
import { hideForm, openForm, watchCredentialFields } from './credential-form.js';
import { onSubmitCredential } from './credential-save.js';
import { copyClientId } from './credentials-list.js';
import { cancelDialog, onDialogClosed } from './dialogs.js';
import { restoreFocus } from './focus.js';
import { clearWhenValid } from './form-feedback.js';
import { onRevoke, openRevoke } from './revoke-dialog.js';
import { onFilterRequests, onRequestsClick, openRequests } from './requests-view.js';
import { onRotate, openRotate } from './rotate-dialog.js';
import { closeKeySteps, copyFromKeySteps } from './key-steps-dialog.js';
import { onReplaceKey, openReplaceKey, watchReplaceKeyFields } from './replace-key-dialog.js';
import { watchScrollBoxes } from './scroll-boxes.js';
import { closeSecret, copyFromSecret, wipeSecret } from './secret-dialog.js';
import { setSession } from './session.js';
import { enter, onSignIn, signOut } from './sign-in.js';
import { findCredential, state } from './state.js';
/** @import { SessionAnswer } from './state.js' */
import { showSignIn, showView } from './views.js';
import { onWebhookClick } from './webhook-clicks.js';
import { watchWebhookFields } from './webhook-fields.js';
import { updateEditPassword, onSubmitWebhookEdit } from './webhook-edit-dialog.js';
import { onSubmitWebhook } from './webhook-form.js';
import { onWebhookDelete } from './webhook-delete-dialog.js';
import { onWebhookRotate } from './webhook-rotate-dialog.js';
import { wipeWebhookSecret } from './webhook-secret-dialog.js';
import { openWebhooks } from './webhooks-list.js';

/** @param {MouseEvent} event */
function onClick(event) {
  // Every element with a data-action is a button.
  const target = event.target instanceof Element ? /** @type {HTMLElement | null} */ (event.target.closest('[data-action]')) : null;
  if (!target) return;
  const action = target.getAttribute('data-action');
  const clientId = target.getAttribute('data-client-id');
  const cred = clientId ? findCredential(clientId) : null;
  switch (action) {
    case 'sign-out':
      signOut();
      break;
    case 'form-cancel': {
      const trigger = hideForm();
      restoreFocus(trigger ? { element: trigger } : null);
      break;
    }
    case 'edit':
      if (cred) openForm('edit', cred, target);
      break;
    case 'rotate':
      if (cred) openRotate(cred, target);
      break;
    case 'replace-key':
      if (cred) openReplaceKey(cred, target);
      break;
    case 'key-steps-copy':
      copyFromKeySteps(target);
      break;
    case 'key-steps-close':
      closeKeySteps();
      break;
    case 'revoke':
      if (cred) openRevoke(cred, target);
      break;
    case 'audit':
      if (cred) openAudit(cred, target);
      break;
    case 'requests':
      // A row's "Chamadas" opens the view filtered to its credential; the page's own button, to all.
      openRequests(cred, target);
      break;
    case 'audit-close':
      closeAudit();
      break;
    case 'webhooks':
      if (cred) openWebhooks(cred, target);
      break;
    case 'dialog-cancel':
      cancelDialog(target);
      break;
    case 'secret-copy':
    case 'secret-copy-client-id':
    case 'secret-copy-curl':
      copyFromSecret(action);
      break;
    case 'copy-client-id':
      if (cred) copyClientId(cred, target);
      break;
    case 'secret-close':
      closeSecret();
      break;
    default:
      if (action && !onRequestsClick(action, target)) onWebhookClick(action, target);
  }
}

/** Each form's field messages go as soon as the field is right, not at the next send. */
function watchFields() {
  const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (byId(id)).value;
  clearWhenValid('signin-email', () => value('signin-email').trim() !== '');
  clearWhenValid('signin-senha', () => value('signin-senha') !== '');
  clearWhenValid('rotate-senha', () => value('rotate-senha') !== '');
  watchCredentialFields();
  watchReplaceKeyFields();
  watchWebhookFields({ url: 'wh-url', resources: 'wh-resources', options: 'wh-resources-options', senha: 'wh-senha' }, () => true);
  // After updateEditPassword (registered first), which shows or hides the password field.
  watchWebhookFields(
    { url: 'wh-edit-url', resources: 'wh-edit-resources', options: 'wh-edit-resources-options', senha: 'wh-edit-senha' },
    () => !byId('wh-edit-senha-field').hidden,
  );
}

async function boot() {
  document.addEventListener('click', onClick);
  byId('signin-form').addEventListener('submit', onSignIn);
  byId('credential-form').addEventListener('submit', onSubmitCredential);
  byId('rotate-form').addEventListener('submit', onRotate);
  byId('replace-key-form').addEventListener('submit', onReplaceKey);
  byId('revoke-form').addEventListener('submit', onRevoke);
  byId('webhook-form').addEventListener('submit', onSubmitWebhook);
  byId('webhook-edit-form').addEventListener('submit', onSubmitWebhookEdit);
  byId('wh-edit-url').addEventListener('input', updateEditPassword);
  byId('webhook-rotate-form').addEventListener('submit', onWebhookRotate);
  byId('webhook-delete-form').addEventListener('submit', onWebhookDelete);
  byId('requests-filters').addEventListener('submit', onFilterRequests);
  watchFields();
  watchScrollBoxes();
  byId('new-credential-button').addEventListener('click', (event) => {
    if (state.form === null || state.form.mode !== 'create') openForm('create', null, /** @type {HTMLElement} */ (event.currentTarget));
    else byId('cred-name').focus();
  });
  byId('new-credential-button').setAttribute('aria-expanded', 'false');
  for (const dialog of document.querySelectorAll('dialog')) dialog.addEventListener('close', onDialogClosed);
  // Escape: the secret goes before the dialog does (the close event comes a moment later).
  byId('secret-dialog').addEventListener('cancel', wipeSecret);
  byId('webhook-secret-dialog').addEventListener('cancel', wipeWebhookSecret);

  showView('view-loading');
  try {
    setSession(/** @type {SessionAnswer} */ (await api('GET', '/session')));
    await enter(false);
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 401) showSignIn();
    else showSignIn(messageOf(err));
  }
}

// A module script runs only once the document is parsed, so the elements are all there.
boot();

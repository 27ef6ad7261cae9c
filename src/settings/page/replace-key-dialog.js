// Replacing the public key of a key credential (private_key_jwt): the new public key and, when the
// credential carries a sensitive scope, the user's password; every earlier token stops working.
import { byId } from '../../page-base/dom.js';
import { api, ApiFailure, messageOf } from './api.js';
import { refreshAuditIf } from './audit.js';
import { reloadCredentials } from './credentials-list.js';
import { focusRowButton } from './focus.js';
import { busy, clearErrors, clearWhenValid, setFieldError, showFormError } from './form-feedback.js';
import { publicKeyProblem } from './public-key-check.js';
import { handleCommonFailure } from './session.js';
import { isSensitive, state } from './state.js';
/** @import { Credential } from './state.js' */
import { toast } from './toast.js';

const KEY_FIELD = 'replace-key-public-key';
const SENHA_FIELD = 'replace-key-senha';

/** @returns {string} */
function keyText() {
  return /** @type {HTMLTextAreaElement} */ (byId(KEY_FIELD)).value;
}

/**
 * @param {Credential} cred
 * @param {HTMLElement} trigger
 */
export function openReplaceKey(cred, trigger) {
  const dialog = /** @type {HTMLDialogElement} */ (byId('replace-key-dialog'));
  const form = /** @type {HTMLFormElement} */ (byId('replace-key-form'));
  const senhaInput = /** @type {HTMLInputElement} */ (byId(SENHA_FIELD));
  form.reset();
  clearErrors(form);
  state.dialogCredential = cred;
  state.dialogTrigger = { action: 'replace-key', clientId: cred.client_id, element: trigger };
  byId('replace-key-name').textContent = cred.name;
  byId('replace-key-current').textContent = cred.key_thumbprint || '';
  const needed = cred.scopes.some(isSensitive);
  byId('replace-key-senha-field').hidden = !needed;
  senhaInput.required = needed;
  if (needed) senhaInput.setAttribute('aria-required', 'true');
  else senhaInput.removeAttribute('aria-required');
  dialog.showModal();
  byId(KEY_FIELD).focus();
}

/** A field's message goes as soon as the field is right again (form-feedback.js). */
export function watchReplaceKeyFields() {
  clearWhenValid(KEY_FIELD, () => publicKeyProblem(keyText()) === null);
  clearWhenValid(SENHA_FIELD, () => /** @type {HTMLInputElement} */ (byId(SENHA_FIELD)).value !== '');
}

/** @param {SubmitEvent} event */
export async function onReplaceKey(event) {
  event.preventDefault();
  const form = /** @type {HTMLFormElement} */ (event.currentTarget);
  const senhaInput = /** @type {HTMLInputElement} */ (byId(SENHA_FIELD));
  const cred = state.dialogCredential;
  if (!cred) return;
  clearErrors(form);
  const needed = !byId('replace-key-senha-field').hidden;
  const senha = senhaInput.value;
  const publicKey = keyText();
  /** @type {HTMLElement[]} */
  const problems = [];
  const keyProblem = publicKeyProblem(publicKey);
  if (keyProblem !== null) problems.push(setFieldError(KEY_FIELD, keyProblem));
  if (needed && senha === '') problems.push(setFieldError(SENHA_FIELD, 'Informe a sua senha atual.'));
  if (problems.length > 0) {
    problems[0].focus();
    return;
  }
  /** @type {{ public_key: string, senha_atual?: string }} */
  const body = { public_key: publicKey };
  if (needed) body.senha_atual = senha;
  await busy(form, async () => {
    try {
      await api('POST', '/credentials/' + encodeURIComponent(cred.client_id) + '/replace-key', body);
      senhaInput.value = '';
      // Focus goes back to the row's button once the list is drawn again, not to the old one.
      state.dialogTrigger = null;
      /** @type {HTMLDialogElement} */ (byId('replace-key-dialog')).close();
      await reloadCredentials();
      await refreshAuditIf(cred.client_id);
      focusRowButton('replace-key', cred.client_id);
      toast('Chave de “' + cred.name + '” substituída. A chave anterior e os tokens emitidos com ela deixaram de funcionar.');
    } catch (err) {
      senhaInput.value = '';
      if (await handleCommonFailure(err)) return;
      if (err instanceof ApiFailure) {
        /** @type {HTMLElement | null} */
        let first = null;
        const keyDetails = err.detalhes.filter((d) => /^public_key\b/.test(String(d.campo)));
        if (keyDetails.length > 0)
          first = setFieldError(
            KEY_FIELD,
            keyDetails.map((d) => d.mensagem),
          );
        const senhaDetail = err.detalhes.find((d) => /^senha/.test(String(d.campo)));
        if (err.codigo === 'senha_incorreta' || senhaDetail) {
          byId('replace-key-senha-field').hidden = false;
          const target = setFieldError(SENHA_FIELD, senhaDetail ? senhaDetail.mensagem : err.message || 'Senha incorreta.');
          first = first || target;
        }
        const other = err.detalhes.filter((d) => !/^(public_key|senha)/.test(String(d.campo)));
        if (first !== null) {
          if (other.length > 0)
            showFormError(
              'replace-key-error',
              messageOf(err),
              other.map((d) => d.mensagem),
            );
          first.focus();
          return;
        }
      }
      showFormError('replace-key-error', messageOf(err));
    }
  });
}

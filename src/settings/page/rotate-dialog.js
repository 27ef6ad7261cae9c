// Rotating a credential's secret: asks for the user's password when the credential carries a
// sensitive scope, then shows the new secret once.
import { api, ApiFailure, messageOf } from './api.js';
import { refreshAuditIf } from './audit.js';
import { reloadCredentials } from './credentials-list.js';
import { $ } from './dom.js';
import { busy, clearErrors, setFieldError, showFormError } from './form-feedback.js';
import { openSecret } from './secret-dialog.js';
import { handleCommonFailure } from './session.js';
import { isSensitive, state } from './state.js';
import { toast } from './toast.js';

export function openRotate(cred, trigger) {
  const dialog = $('rotate-dialog');
  const form = $('rotate-form');
  form.reset();
  clearErrors(form);
  state.dialogCredential = cred;
  state.dialogTrigger = { action: 'rotate', clientId: cred.client_id, element: trigger };
  $('rotate-name').textContent = cred.name;
  const needed = cred.scopes.some(isSensitive);
  $('rotate-senha-field').hidden = !needed;
  $('rotate-senha').required = needed;
  if (needed) $('rotate-senha').setAttribute('aria-required', 'true');
  else $('rotate-senha').removeAttribute('aria-required');
  dialog.showModal();
  (needed ? $('rotate-senha') : dialog.querySelector('[data-action="dialog-cancel"]')).focus();
}

export async function onRotate(event) {
  event.preventDefault();
  const form = event.currentTarget;
  const cred = state.dialogCredential;
  if (!cred) return;
  clearErrors(form);
  const needed = !$('rotate-senha-field').hidden;
  const senha = $('rotate-senha').value;
  if (needed && senha === '') {
    setFieldError('rotate-senha', 'Informe a sua senha atual.').focus();
    return;
  }
  await busy(form, async () => {
    try {
      const data = await api(
        'POST',
        '/credentials/' + encodeURIComponent(cred.client_id) + '/rotate',
        needed ? { senha_atual: senha } : {},
      );
      $('rotate-senha').value = '';
      const returnTo = { action: 'rotate', clientId: cred.client_id };
      state.dialogTrigger = null;
      $('rotate-dialog').close();
      await reloadCredentials();
      await refreshAuditIf(cred.client_id);
      toast('Segredo de “' + cred.name + '” rotacionado. O segredo anterior deixou de funcionar.');
      openSecret(cred.name, data.client_id, data.client_secret, returnTo);
      data.client_secret = null;
    } catch (err) {
      $('rotate-senha').value = '';
      if (await handleCommonFailure(err)) return;
      if (err instanceof ApiFailure && (err.codigo === 'senha_incorreta' || err.detalhes.some((d) => /^senha/.test(String(d.campo))))) {
        $('rotate-senha-field').hidden = false;
        const detail = err.detalhes.find((d) => /^senha/.test(String(d.campo)));
        setFieldError('rotate-senha', detail ? detail.mensagem : err.message).focus();
        return;
      }
      showFormError('rotate-error', messageOf(err));
    }
  });
}

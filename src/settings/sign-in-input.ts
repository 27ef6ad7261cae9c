import type { Detalhe } from '../errors/api-error.ts';
import { SettingsError } from '../errors/api-error.ts';
import { unknownFields, type JsonObject } from './json-body.ts';

// Bounds only: the address is looked up as typed, and any password is checked by the KDF.
const MAX_EMAIL_LENGTH = 254;
const MAX_PASSWORD_LENGTH = 1024;

/** `{"email", "senha"}` of POST /settings/api/session; 400 `dados_invalidos` naming each bad field. */
export function readSignIn(body: JsonObject): { email: string; senha: string } {
  const detalhes: Detalhe[] = unknownFields(body, ['email', 'senha']);
  const email = typeof body.email === 'string' ? body.email.trim() : '';
  const senha = typeof body.senha === 'string' ? body.senha : '';
  if (email === '' || email.length > MAX_EMAIL_LENGTH) detalhes.push({ campo: 'email', mensagem: 'Informe seu e-mail.' });
  if (senha === '' || senha.length > MAX_PASSWORD_LENGTH) detalhes.push({ campo: 'senha', mensagem: 'Informe sua senha.' });
  if (detalhes.length > 0) throw new SettingsError('dados_invalidos', detalhes);
  return { email, senha };
}

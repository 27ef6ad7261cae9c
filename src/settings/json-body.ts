import type { FastifyRequest } from 'fastify';
import { SettingsError } from '../errors/api-error.ts';

export type JsonObject = Record<string, unknown>;

/** Settings bodies are small JSON objects; this bounds what is read at all. */
export const SETTINGS_BODY_LIMIT = 16 * 1024;

function invalid(mensagem: string): SettingsError {
  return new SettingsError('dados_invalidos', [{ campo: 'corpo', mensagem }]);
}

function isJsonMediaType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/**
 * The request's JSON object. The app reads every body as a string (app.ts), so it is parsed
 * here. `Content-Type: application/json` is required whenever there is a body: sign-in relies on
 * it, since a cross-site HTML form cannot send that type. With `allowEmpty` an absent body counts
 * as `{}` (rotate, revoke and sign-out have nothing that must be sent).
 */
export function readJsonObject(request: FastifyRequest, options: { allowEmpty: boolean }): JsonObject {
  const raw = typeof request.body === 'string' ? request.body : '';
  const type = request.headers['content-type'];
  if (raw === '' && options.allowEmpty && (type === undefined || isJsonMediaType(type))) return {};
  if (!isJsonMediaType(type)) throw invalid('Envie o corpo como JSON (Content-Type: application/json).');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('O corpo não é um JSON válido.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid('O corpo deve ser um objeto JSON.');
  return parsed as JsonObject;
}

/** Fields the body may not hold: every one is named, so a typo in a field name is not silently ignored. */
export function unknownFields(body: JsonObject, allowed: readonly string[]): { campo: string; mensagem: string }[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((campo) => ({ campo, mensagem: 'Campo desconhecido.' }));
}

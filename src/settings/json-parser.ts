import type { FastifyRequest } from 'fastify';
import { SettingsError, type Detalhe } from '../errors/api-error.ts';

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
  const unstorable = unstorableText(parsed);
  if (unstorable.length > 0) throw new SettingsError('dados_invalidos', unstorable);
  return parsed as JsonObject;
}

/** Fields the body may not hold: every one is named, so a typo in a field name is not silently ignored. */
export function unknownFields(body: JsonObject, allowed: readonly string[]): { campo: string; mensagem: string }[] {
  return Object.keys(body)
    .filter((key) => !allowed.includes(key))
    .map((campo) => ({ campo, mensagem: 'Campo desconhecido.' }));
}

// JSON may carry `\u0000` and lone UTF-16 surrogates (`\ud800`). Neither is text a database
// column can hold: PostgreSQL refuses a NUL in a text parameter and a lone surrogate inside
// jsonb (the audit trail), and in a text column it would silently become U+FFFD.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = 'Contém um caractere inválido (caractere nulo ou Unicode malformado).';

/**
 * Every string of the body (field names too) that holds such a character, one item per field
 * (`name`, `allowed_ips[1]`), checked here, where the body is read, so that no reader can pass
 * one on to SQL. A bad field name cannot name itself: it is reported as `corpo`. Walked with a
 * queue rather than recursion, as a 16 KiB body can nest thousands of levels deep.
 */
function unstorableText(body: object): Detalhe[] {
  const found = new Set<string>();
  const queue: [string, unknown][] = [['', body]];
  for (let i = 0; i < queue.length; i++) {
    const [campo, value] = queue[i] as [string, unknown];
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) found.add(campo);
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => queue.push([`${campo}[${index}]`, item]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (UNSTORABLE.test(key)) found.add(campo === '' ? 'corpo' : campo);
        else queue.push([campo === '' ? key : `${campo}.${key}`, item]);
      }
    }
  }
  return [...found].map((campo) => ({ campo, mensagem: UNSTORABLE_MESSAGE }));
}

import { SettingsError, type Detalhe } from '../errors/coded-error.ts';

/** Settings bodies are small JSON objects; this bounds what is read at all. */
export const SETTINGS_BODY_LIMIT = 16 * 1024;

export const SEND_JSON = 'Envie o corpo como JSON (Content-Type: application/json).';

export function invalidBody(mensagem: string): SettingsError {
  return new SettingsError('dados_invalidos', [{ campo: 'corpo', mensagem }]);
}

/**
 * The settings plugin's parser of `application/json` bodies: a JSON object, or `undefined` for
 * an empty body (routes with nothing that must be sent take it as `{}`). Text no database column
 * can hold is refused here, where the body is read, so that no reader can pass it on to SQL.
 */
export function parseJsonObject(raw: string): Record<string, unknown> | undefined {
  if (raw === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidBody('O corpo não é um JSON válido.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidBody('O corpo deve ser um objeto JSON.');
  const unstorable = unstorableText(parsed);
  if (unstorable.length > 0) throw new SettingsError('dados_invalidos', unstorable);
  return parsed as Record<string, unknown>;
}

// JSON may carry `\u0000` and lone UTF-16 surrogates (`\ud800`). Neither is text a database
// column can hold: PostgreSQL refuses a NUL in a text parameter and a lone surrogate inside
// jsonb (the audit trail), and in a text column it would silently become U+FFFD.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_MESSAGE = 'Contém um caractere inválido (caractere nulo ou Unicode malformado).';

/**
 * Every string of the body (field names too) that holds such a character, one item per field
 * (`name`, `allowed_ips[1]`). A bad field name cannot name itself: it is reported as `corpo`.
 * Walked with a queue rather than recursion, as a 16 KiB body can nest thousands of levels deep.
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

/**
 * Verifying a notification of api-externa: signed by the Standard Webhooks specification
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature` = `v1,<base64 HMAC-SHA256 of
 * "<id>.<timestamp>.<body>">`, keyed with the secret's decoded bytes; several, space-separated,
 * while a rotated secret still signs). Web Crypto only, so it runs wherever `fetch` does.
 */

/**
 * The event a notification carries: it says which resource's change feed has news, never the
 * records. Told apart by `tipo`: a `teste` event (sent from the settings page) has empty `dados`.
 */
export type NotificationEvent =
  | { id: string; tipo: 'alteracoes.disponiveis'; criado_em: string; dados: { recurso: string } }
  | { id: string; tipo: 'teste'; criado_em: string; dados: Record<string, never> };

/** Why a notification was refused; `motivo` is stable, for code. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly motivo: 'segredo_invalido' | 'cabecalho_ausente' | 'timestamp_fora_da_tolerancia' | 'assinatura_invalida' | 'corpo_invalido',
    message: string,
  ) {
    super(message);
  }
}

/** Headers as `fetch` (`Headers`), Node's `IncomingHttpHeaders` or a plain object give them. */
export type WebhookHeaders = Headers | Record<string, string | readonly string[] | undefined>;

export interface VerifyOptions {
  /** how far the timestamp may be from now, either way, in seconds; 300 by default */
  toleranceSeconds?: number;
  /** "now", for tests */
  now?: Date;
}

const PREFIX = 'whsec_';

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | readonly string[] | undefined>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

function base64Bytes(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Checks a notification and returns its event. `body` must be the request's body exactly as
 * received (the raw text or bytes, not a re-serialised object): the signature covers those bytes.
 * Throws `WebhookVerificationError` when a header is missing, the timestamp is more than 5 minutes
 * away (a replay), or no signature matches the secret.
 */
export async function verifyWebhook(
  secret: string,
  headers: WebhookHeaders,
  body: string | Uint8Array,
  options: VerifyOptions = {},
): Promise<NotificationEvent> {
  const key = base64Bytes(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret);
  if (key === null || key.length === 0) throw new WebhookVerificationError('segredo_invalido', 'The secret is not whsec_<base64>.');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (id === undefined || timestamp === undefined || signatures === undefined)
    throw new WebhookVerificationError('cabecalho_ausente', 'webhook-id, webhook-timestamp and webhook-signature are required.');
  const seconds = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : NaN;
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (!(Math.abs(now - seconds) <= (options.toleranceSeconds ?? 300)))
    throw new WebhookVerificationError('timestamp_fora_da_tolerancia', `webhook-timestamp ${timestamp} is too far from now.`);

  const text = typeof body === 'string' ? body : new TextDecoder().decode(body);
  const bodyBytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const signed = new Uint8Array([...new TextEncoder().encode(`${id}.${timestamp}.`), ...bodyBytes]);
  const hmac = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  for (const candidate of signatures.split(' ')) {
    const [version, encoded] = candidate.split(',', 2);
    const bytes = version === 'v1' && encoded !== undefined ? base64Bytes(encoded) : null;
    // Web Crypto compares in constant time.
    if (bytes !== null && (await crypto.subtle.verify('HMAC', hmac, bytes, signed))) {
      try {
        return JSON.parse(text) as NotificationEvent;
      } catch {
        throw new WebhookVerificationError('corpo_invalido', 'The signed body is not JSON.');
      }
    }
  }
  throw new WebhookVerificationError('assinatura_invalida', 'No signature matches the secret.');
}

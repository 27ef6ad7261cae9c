import { createHmac, randomBytes } from 'node:crypto';

/** D51: a notification endpoint's signing secret, shown once: `whsec_` and 32 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Whether a text is a secret of that form (32 bytes once decoded), e.g. before it is stored. */
export function isWebhookSecret(secret: string): boolean {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) return false;
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  return /^[A-Za-z0-9+/]{43}=$/.test(encoded);
}

/**
 * The `webhook-signature` header of one attempt (D53, the Standard Webhooks specification):
 * `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with each secret's decoded bytes,
 * space-separated when two secrets sign (for 24 h after a rotation, D51), newest first.
 */
export function webhookSignature(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(' ');
}

<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Verificação de um aviso da api-externa, assinado pela especificação Standard Webhooks:
 * `webhook-signature` = `v1,<base64 do HMAC-SHA256 de "<id>.<timestamp>.<corpo>">`, com os bytes do
 * segredo `whsec_<base64>` decodificado; várias, separadas por espaço, depois de uma troca de segredo.
 */
final class Webhook
{
    private const PREFIX = 'whsec_';

    /**
     * Confere um aviso e devolve o evento (array: id, tipo, criado_em, dados). `$body` é o corpo
     * exatamente como chegou (file_get_contents('php://input')). `$headers`: nome => valor (ou lista
     * de valores), nomes em qualquer caixa, como getallheaders() os dá.
     *
     * @param array<string, string|list<string>> $headers
     * @return array<string, mixed>
     * @throws WebhookVerificationException
     */
    public static function verify(string $secret, array $headers, string $body, int $toleranceSeconds = 300, ?int $now = null): array
    {
        $encoded = str_starts_with($secret, self::PREFIX) ? substr($secret, strlen(self::PREFIX)) : $secret;
        $key = base64_decode($encoded, true);
        if ($key === false || $key === '') {
            throw new WebhookVerificationException('segredo_invalido', 'The secret is not whsec_<base64>.');
        }
        $id = self::header($headers, 'webhook-id');
        $timestamp = self::header($headers, 'webhook-timestamp');
        $signatures = self::header($headers, 'webhook-signature');
        if ($id === null || $timestamp === null || $signatures === null) {
            throw new WebhookVerificationException('cabecalho_ausente', 'webhook-id, webhook-timestamp and webhook-signature are required.');
        }
        $now ??= time();
        if (preg_match('/^\d{1,15}$/', $timestamp) !== 1 || abs($now - (int) $timestamp) > $toleranceSeconds) {
            throw new WebhookVerificationException('timestamp_fora_da_tolerancia', "webhook-timestamp {$timestamp} is too far from now.");
        }
        $expected = hash_hmac('sha256', "{$id}.{$timestamp}.{$body}", $key, true);
        foreach (explode(' ', $signatures) as $candidate) {
            $parts = explode(',', $candidate, 2);
            if (count($parts) !== 2 || $parts[0] !== 'v1') {
                continue;
            }
            $bytes = base64_decode($parts[1], true);
            if ($bytes !== false && hash_equals($expected, $bytes)) {
                $event = json_decode($body, true);
                if (!is_array($event)) {
                    throw new WebhookVerificationException('corpo_invalido', 'The signed body is not JSON.');
                }
                return $event;
            }
        }
        throw new WebhookVerificationException('assinatura_invalida', 'No signature matches the secret.');
    }

    /** @param array<string, string|list<string>> $headers */
    private static function header(array $headers, string $name): ?string
    {
        foreach ($headers as $key => $value) {
            if (strtolower((string) $key) === $name) {
                $value = is_array($value) ? ($value[0] ?? null) : $value;
                return is_string($value) ? $value : null;
            }
        }
        return null;
    }
}

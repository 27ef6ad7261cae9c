<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Uma resposta de erro do endpoint de token ou de revogação, no formato OAuth {error, error_description}:
 * `invalid_client` (id ou segredo errado, credencial revogada ou vencida), `invalid_scope`,
 * `temporarily_unavailable` (429/503), ...
 */
class OAuthException extends \RuntimeException
{
    public function __construct(
        public readonly int $status,
        public readonly string $error,
        public readonly string $errorDescription,
        public readonly ?string $requestId = null,
        public readonly ?int $retryAfter = null,
    ) {
        parent::__construct("{$status} {$error}: {$errorDescription}", $status);
    }

    public static function fromResponse(int $status, array $headers, string $body): self
    {
        $parsed = json_decode($body, true);
        $ok = is_array($parsed);
        return new self(
            $status,
            $ok && is_string($parsed['error'] ?? null) ? $parsed['error'] : 'invalid_response',
            $ok ? (is_string($parsed['error_description'] ?? null) ? $parsed['error_description'] : '') : "HTTP {$status} without an OAuth error body",
            $headers['x-request-id'] ?? null,
            Http::retryAfterSeconds($headers['retry-after'] ?? null),
        );
    }
}

<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Uma resposta de erro de um endpoint de dados, no envelope {"erro": {codigo, mensagem, detalhes, request_id}}.
 * Uma resposta sem o envelope (a página HTML de um proxy) tem codigo `resposta_inesperada`. Uma exportação
 * cuja resposta começou (status 200) mas não serve tem codigo `exportacao_incompleta` ou `resposta_inesperada`.
 */
class ApiException extends \RuntimeException
{
    /**
     * @param list<array{campo: string, mensagem: string}> $detalhes
     */
    public function __construct(
        public readonly int $status,
        public readonly string $codigo,
        public readonly string $mensagem,
        public readonly array $detalhes = [],
        public readonly ?string $requestId = null,
        public readonly ?int $retryAfter = null,
        ?\Throwable $previous = null,
    ) {
        parent::__construct("{$status} {$codigo}: {$mensagem}", $status, $previous);
    }

    public function getStatus(): int { return $this->status; }
    public function getCodigo(): string { return $this->codigo; }
    public function getMensagem(): string { return $this->mensagem; }
    /** @return list<array{campo: string, mensagem: string}> */
    public function getDetalhes(): array { return $this->detalhes; }
    public function getRequestId(): ?string { return $this->requestId; }
    public function getRetryAfter(): ?int { return $this->retryAfter; }

    /** O erro que a resposta não-2xx de um endpoint de dados representa. */
    public static function fromResponse(int $status, array $headers, string $body): self
    {
        $requestId = $headers['x-request-id'] ?? null;
        $retryAfter = Http::retryAfterSeconds($headers['retry-after'] ?? null);
        $parsed = json_decode($body, true);
        $erro = is_array($parsed) && isset($parsed['erro']) && is_array($parsed['erro']) ? $parsed['erro'] : null;
        if ($erro === null) {
            return new self($status, 'resposta_inesperada', "HTTP {$status} sem o envelope de erro da API", [], $requestId, $retryAfter);
        }
        $detalhes = [];
        foreach (is_array($erro['detalhes'] ?? null) ? $erro['detalhes'] : [] as $d) {
            if (is_array($d)) {
                $detalhes[] = ['campo' => is_string($d['campo'] ?? null) ? $d['campo'] : '', 'mensagem' => is_string($d['mensagem'] ?? null) ? $d['mensagem'] : ''];
            }
        }
        return new self(
            $status,
            is_string($erro['codigo'] ?? null) ? $erro['codigo'] : 'resposta_inesperada',
            is_string($erro['mensagem'] ?? null) ? $erro['mensagem'] : '',
            $detalhes,
            is_string($erro['request_id'] ?? null) ? $erro['request_id'] : $requestId,
            $retryAfter,
        );
    }
}

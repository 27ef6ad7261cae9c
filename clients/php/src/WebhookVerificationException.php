<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Por que um aviso foi recusado. `motivo` é estável, para o código: `segredo_invalido`,
 * `cabecalho_ausente`, `timestamp_fora_da_tolerancia`, `assinatura_invalida`, `corpo_invalido`.
 */
class WebhookVerificationException extends \RuntimeException
{
    public function __construct(public readonly string $motivo, string $message)
    {
        parent::__construct($message);
    }

    public function getMotivo(): string { return $this->motivo; }
}

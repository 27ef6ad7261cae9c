<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Uma exportação: `foreach ($exp as $registro)` envia a requisição e traz cada registro da resposta
 * à medida que chega, uma linha NDJSON por vez (a resposta nunca fica inteira na memória). Depois do
 * foreach, `$exp->cursor()` é o cursor do feed logo depois do instante da exportação e
 * `$exp->total()` o número de registros.
 *
 * A última linha de uma resposta completa é a de fim, com o total enviado. Uma resposta que termina
 * sem ela, uma linha que não é JSON ou um total diferente dos registros entregues lançam
 * ApiException (`exportacao_incompleta`, `resposta_inesperada`, status 200) depois dos registros já
 * entregues: o que foi carregado não é a cópia inteira; exporte de novo. Nada é tentado de novo
 * depois que a resposta começou; um 429 ou 503 antes dela é tentado de novo como em toda chamada.
 *
 * @implements \IteratorAggregate<int, array<string, mixed>>
 */
final class Export implements \IteratorAggregate
{
    private ?string $cursor = null;
    private ?int $total = null;

    /** @param \Closure(): Http $open */
    public function __construct(private readonly \Closure $open)
    {
    }

    /** O cursor do feed, da linha de fim, depois de uma leitura completa; null até lá. */
    public function cursor(): ?string
    {
        return $this->cursor;
    }

    /** O número de registros, da linha de fim (conferido com os entregues); null até lá. */
    public function total(): ?int
    {
        return $this->total;
    }

    public function getIterator(): \Generator
    {
        $this->cursor = null;
        $this->total = null;
        $http = ($this->open)();
        $requestId = $http->headers['x-request-id'] ?? null;
        $fail = static fn (string $codigo, string $mensagem): ApiException => new ApiException(200, $codigo, $mensagem, [], $requestId);
        $line = 0;
        $yielded = 0;
        $end = null;
        try {
            while (($source = $http->readLine()) !== null) {
                $line++;
                if ($end !== null) {
                    throw $fail('resposta_inesperada', "A exportação tem uma linha ({$line}) depois da linha de fim.");
                }
                $value = json_decode($source, true);
                if (!is_array($value) || array_is_list($value) && $value !== []) {
                    throw $fail('resposta_inesperada', "A linha {$line} da exportação não é um objeto JSON: " . substr($source, 0, 80));
                }
                if (array_key_exists('fim', $value)) {
                    if ($value['fim'] !== true || !is_int($value['total'] ?? null) || !is_string($value['proximo_cursor'] ?? null)) {
                        throw $fail('resposta_inesperada', 'A linha de fim da exportação está malformada: ' . substr($source, 0, 200));
                    }
                    $end = $value;
                } else {
                    $yielded++;
                    yield $value;
                }
            }
            $error = $http->error();
            $rest = $http->rest();
        } finally {
            // Deixada no meio (break, exceção): fechar a resposta encerra a exportação no servidor.
            $http->close();
        }
        if ($error !== null) {
            throw $fail('exportacao_incompleta', "A conexão caiu depois de {$yielded} registros, antes da linha de fim: {$error}");
        }
        if ($rest !== '') {
            throw $fail('exportacao_incompleta', "A exportação terminou no meio de uma linha, depois de {$yielded} registros.");
        }
        if ($end === null) {
            throw $fail('exportacao_incompleta', "A exportação terminou sem a linha de fim, depois de {$yielded} registros.");
        }
        if ($end['total'] !== $yielded) {
            throw $fail('exportacao_incompleta', "A linha de fim informa {$end['total']} registros, mas vieram {$yielded}.");
        }
        $this->total = $end['total'];
        $this->cursor = $end['proximo_cursor'];
    }
}

<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Uma requisição HTTP com ext-curl (curl_multi), lida aos poucos: o status e os cabeçalhos primeiro,
 * depois o corpo inteiro (readAll) ou uma linha por vez (readLine). A leitura só avança quando quem
 * lê pede mais: a memória fica limitada ao que a rede entregou desde a última linha.
 *
 * @internal
 */
final class Http
{
    /** @var \CurlMultiHandle */
    private $multi;
    /** @var \CurlHandle */
    private $handle;
    private string $buffer = '';
    private int $offset = 0;
    private bool $running = true;
    private bool $headersDone = false;
    private ?string $error = null;
    private bool $closed = false;
    public int $status = 0;
    /** @var array<string, string> nomes em minúsculas */
    public array $headers = [];

    /**
     * @param list<string> $headers
     * @param bool $stream sem limite para a resposta inteira: o limite vale para cada leitura (baixa velocidade)
     */
    public static function open(string $url, array $headers, ?string $postBody, int $timeoutSeconds, bool $stream): self
    {
        $http = new self();
        $ch = curl_init($url);
        $options = [
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_ENCODING => '', // aceita gzip/deflate e descomprime
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_CONNECTTIMEOUT => $timeoutSeconds,
            CURLOPT_HEADERFUNCTION => static function ($ch, string $line) use ($http): int {
                $trimmed = rtrim($line, "\r\n");
                if (preg_match('#^HTTP/\S+\s+(\d{3})#', $trimmed, $m) === 1) {
                    $http->status = (int) $m[1];
                    $http->headers = [];
                } elseif ($trimmed === '') {
                    if ($http->status >= 200) {
                        $http->headersDone = true;
                    }
                } elseif (str_contains($trimmed, ':')) {
                    [$name, $value] = explode(':', $trimmed, 2);
                    $http->headers[strtolower(trim($name))] = trim($value);
                }
                return strlen($line);
            },
            CURLOPT_WRITEFUNCTION => static function ($ch, string $data) use ($http): int {
                $http->headersDone = true;
                $http->buffer .= $data;
                return strlen($data);
            },
        ];
        if ($stream) {
            $options[CURLOPT_LOW_SPEED_LIMIT] = 1;
            $options[CURLOPT_LOW_SPEED_TIME] = $timeoutSeconds;
        } else {
            $options[CURLOPT_TIMEOUT] = $timeoutSeconds;
        }
        if ($postBody !== null) {
            $options[CURLOPT_POST] = true;
            $options[CURLOPT_POSTFIELDS] = $postBody;
        }
        curl_setopt_array($ch, $options);
        $http->handle = $ch;
        $http->multi = curl_multi_init();
        curl_multi_add_handle($http->multi, $ch);
        while (!$http->headersDone && $http->running) {
            $http->pump();
        }
        if ($http->status === 0 || !$http->headersDone) {
            $error = $http->error ?? 'resposta sem status';
            $http->close();
            throw new \RuntimeException("Falha de conexão com {$url}: {$error}");
        }
        return $http;
    }

    /** Avança a transferência um passo (espera a rede até 1 s). */
    private function pump(): void
    {
        $running = 0;
        do {
            $code = curl_multi_exec($this->multi, $running);
        } while ($code === CURLM_CALL_MULTI_PERFORM);
        while (($info = curl_multi_info_read($this->multi)) !== false) {
            if ($info['result'] !== CURLE_OK) {
                $this->error = curl_error($this->handle) ?: curl_strerror($info['result']);
            }
        }
        if ($running === 0) {
            $this->running = false;
            return;
        }
        if (curl_multi_select($this->multi, 1.0) === -1) {
            usleep(1000);
        }
    }

    /** O corpo inteiro (o que ainda não foi lido). */
    public function readAll(): string
    {
        while ($this->running) {
            $this->pump();
        }
        if ($this->error !== null) {
            throw new \RuntimeException("Falha de conexão: {$this->error}");
        }
        $body = substr($this->buffer, $this->offset);
        $this->buffer = '';
        $this->offset = 0;
        return $body;
    }

    /** A próxima linha (sem o "\n"), ou null no fim do corpo; o que sobrar sem "\n" fica em rest(). */
    public function readLine(): ?string
    {
        for (;;) {
            $newline = strpos($this->buffer, "\n", $this->offset);
            if ($newline !== false) {
                $line = substr($this->buffer, $this->offset, $newline - $this->offset);
                $this->offset = $newline + 1;
                if ($this->offset > 65536) {
                    $this->buffer = substr($this->buffer, $this->offset);
                    $this->offset = 0;
                }
                return $line;
            }
            if (!$this->running) {
                return null;
            }
            $this->pump();
        }
    }

    public function rest(): string
    {
        return substr($this->buffer, $this->offset);
    }

    /** O erro de rede que terminou a transferência, se houve. */
    public function error(): ?string
    {
        return $this->error;
    }

    /** Encerra a transferência (uma exportação abandonada no meio fecha a conexão). */
    public function close(): void
    {
        if ($this->closed) {
            return;
        }
        $this->closed = true;
        curl_multi_remove_handle($this->multi, $this->handle);
        curl_close($this->handle);
        curl_multi_close($this->multi);
    }

    /** `Retry-After` em segundos: delta-seconds ou uma data HTTP; null quando ausente ou ilegível. */
    public static function retryAfterSeconds(?string $value): ?int
    {
        if ($value === null || trim($value) === '') {
            return null;
        }
        $value = trim($value);
        if (preg_match('/^\d+$/', $value) === 1) {
            return (int) $value;
        }
        $date = strtotime($value);
        return $date === false ? null : max(0, $date - time());
    }
}

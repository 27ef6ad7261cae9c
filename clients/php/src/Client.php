<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Um cliente da api-externa v1: pede e renova o próprio token, tenta de novo o que a API manda
 * tentar de novo (429, 503) e percorre as páginas das listas. Uma instância por credencial.
 */
final class Client
{
    public readonly ResourceWithDetail $clientes;
    public readonly ResourceWithDetail $ordensServico;
    public readonly Resource $contasReceber;
    public readonly Resource $contasPagar;
    public readonly Resource $boletos;
    public readonly ResourceWithDetail $produtos;
    public readonly ResourceWithDetail $servicos;

    private readonly string $origin;
    /** @var list<string>|null */
    private readonly ?array $scope;
    private readonly int $timeout;
    private readonly int $maxRetries;
    private readonly int $maxRetryDelay;
    private readonly int $margin;
    private readonly ?ClientAssertion $assertion;
    private ?string $token = null;
    /** quando (epoch, em segundos com fração) pedir um token novo */
    private float $renewAt = 0.0;

    /**
     * @param string $baseUrl o endereço da API, ex. `https://api.example.com/v1` (só a origem também serve)
     * @param string|null $clientSecret o segredo da credencial, enviado por HTTP Basic; null com `privateKey`
     * @param array{scope?: list<string>, timeout?: int, maxRetries?: int, maxRetryDelay?: int, tokenRenewalMargin?: int, privateKey?: \OpenSSLAsymmetricKey|string, algorithm?: string} $options
     *   privateKey: no lugar do segredo, a chave privada (PEM sem senha) de uma credencial criada com
     *   chave pública; algorithm: com ela, 'RS256' (RSA) ou 'ES256' (EC P-256), por padrão o da chave;
     *   timeout: limite de cada requisição, em segundos (30; numa exportação, de cada leitura);
     *   maxRetries: novas tentativas após 429 ou 503 (3; 0 desliga); maxRetryDelay: a maior espera, em
     *   segundos (60; um Retry-After maior lança o erro na hora); tokenRenewalMargin: o token é renovado
     *   esses segundos antes de vencer (60).
     */
    public function __construct(string $baseUrl, private readonly string $clientId, private readonly ?string $clientSecret = null, array $options = [])
    {
        if (($clientSecret === null) === (($options['privateKey'] ?? null) === null)) {
            throw new \InvalidArgumentException('informe o clientSecret ou a opção privateKey (um dos dois)');
        }
        $this->assertion = isset($options['privateKey'])
            ? ClientAssertion::create($clientId, $options['privateKey'], $options['algorithm'] ?? null)
            : null;
        $this->origin = (string) preg_replace('#/v1$#', '', rtrim($baseUrl, '/'));
        $this->scope = $options['scope'] ?? null;
        $this->timeout = $options['timeout'] ?? 30;
        $this->maxRetries = $options['maxRetries'] ?? 3;
        $this->maxRetryDelay = $options['maxRetryDelay'] ?? 60;
        $this->margin = $options['tokenRenewalMargin'] ?? 60;
        $this->clientes = new ResourceWithDetail($this, '/v1/clientes');
        $this->ordensServico = new ResourceWithDetail($this, '/v1/ordens-servico');
        $this->contasReceber = new Resource($this, '/v1/contas-receber');
        $this->contasPagar = new Resource($this, '/v1/contas-pagar');
        $this->boletos = new Resource($this, '/v1/boletos');
        $this->produtos = new ResourceWithDetail($this, '/v1/produtos');
        $this->servicos = new ResourceWithDetail($this, '/v1/servicos');
    }

    /**
     * `POST /v1/oauth/token`: um token novo, que as chamadas seguintes reutilizam até pouco antes de
     * vencer. As chamadas pedem o token sozinhas; isto é para quem quer vê-lo.
     *
     * @return array{access_token: string, token_type: string, expires_in: int, scope: string}
     * @throws OAuthException
     */
    public function token(): array
    {
        $form = ['grant_type' => 'client_credentials'];
        if ($this->scope !== null) {
            $form['scope'] = implode(' ', $this->scope);
        }
        $http = $this->respond(
            fn (): Http => $this->oauthRequest('/v1/oauth/token', $form, ['Accept: application/json']),
            [OAuthException::class, 'fromResponse'],
        );
        try {
            $token = json_decode($http->readAll(), true, 512, JSON_THROW_ON_ERROR);
        } finally {
            $http->close();
        }
        $this->token = $token['access_token'];
        $this->renewAt = microtime(true) + ($token['expires_in'] - $this->margin);
        return $token;
    }

    /**
     * `POST /v1/oauth/revoke` (RFC 7009): revoga na hora, em toda instância da API, um token desta
     * credencial — por padrão o que o cliente tem, que ele então esquece (a próxima chamada pede
     * outro); sem token nenhum, não faz nada. O servidor responde igual quer o token fosse desta
     * credencial ou não.
     *
     * @throws OAuthException
     */
    public function revoke(?string $token = null): void
    {
        $target = $token ?? $this->token;
        if ($target === null) {
            return;
        }
        $http = $this->respond(
            fn (): Http => $this->oauthRequest('/v1/oauth/revoke', ['token' => $target], []),
            [OAuthException::class, 'fromResponse'],
        );
        try {
            $http->readAll();
        } finally {
            $http->close();
        }
        if ($this->token === $target) {
            $this->token = null;
        }
    }

    /**
     * Um pedido ao endpoint de token ou de revogação, com a autenticação do cliente: o segredo por
     * HTTP Basic, ou uma asserção assinada no corpo — nova a cada tentativa, porque uma repetida
     * repetiria o `jti` e seria recusada.
     *
     * @param array<string, string> $form
     * @param list<string> $headers
     */
    private function oauthRequest(string $path, array $form, array $headers): Http
    {
        $headers[] = 'Content-Type: application/x-www-form-urlencoded';
        if ($this->assertion !== null) {
            // A URL do endpoint de token é uma audiência que os dois endpoints aceitam (RFC 7523 §3).
            $form += $this->assertion->fields("{$this->origin}/v1/oauth/token");
        } else {
            $headers[] = 'Authorization: Basic ' . base64_encode(urlencode($this->clientId) . ':' . urlencode((string) $this->clientSecret));
        }
        return Http::open($this->origin . $path, $headers, http_build_query($form, '', '&', PHP_QUERY_RFC1738), $this->timeout, false);
    }

    /**
     * Um GET qualquer da API de dados, com o token, as novas tentativas e os erros de sempre.
     *
     * @param array<string, scalar|null> $query
     * @return array<string, mixed> o JSON da resposta
     * @throws ApiException
     */
    public function get(string $path, array $query = []): array
    {
        $http = $this->authorized($path, $query, 'application/json', false);
        try {
            return json_decode($http->readAll(), true, 512, JSON_THROW_ON_ERROR);
        } finally {
            $http->close();
        }
    }

    /**
     * Um GET da API de dados até a resposta 2xx, corpo ainda por ler: o token, as novas tentativas
     * de 429/503 e um token novo depois de um 401 (uma vez).
     *
     * @param array<string, scalar|null> $query
     * @internal
     */
    public function authorized(string $path, array $query, string $accept, bool $stream): Http
    {
        $params = [];
        foreach ($query as $name => $value) {
            if ($value !== null) {
                $params[$name] = is_bool($value) ? ($value ? 'true' : 'false') : (string) $value;
            }
        }
        $url = $this->origin . $path . ($params === [] ? '' : '?' . http_build_query($params, '', '&', PHP_QUERY_RFC3986));
        $renewed = false;
        for (;;) {
            $token = $this->accessToken();
            try {
                return $this->respond(
                    fn (): Http => Http::open($url, ["Authorization: Bearer {$token}", "Accept: {$accept}"], null, $this->timeout, $stream),
                    [ApiException::class, 'fromResponse'],
                );
            } catch (ApiException $e) {
                // Um token pode ser revogado (segredo trocado) ou vencer antes do previsto: um novo, uma vez.
                if ($renewed || $e->status !== 401) {
                    throw $e;
                }
                $renewed = true;
                if ($this->token === $token) {
                    $this->token = null;
                }
            }
        }
    }

    private function accessToken(): string
    {
        if ($this->token === null || microtime(true) >= $this->renewAt) {
            $this->token();
        }
        return (string) $this->token;
    }

    /**
     * Envia uma requisição e devolve a resposta 2xx, corpo por ler. 429 e 503 são tentados de novo
     * até maxRetries vezes, depois de Retry-After (ou 1 s, 2 s, 4 s, ...), salvo se a espera passar
     * de maxRetryDelay; qualquer outra falha é lançada como o erro que $errorOf monta.
     *
     * @param callable(): Http $open
     * @param callable(int, array<string, string>, string): (ApiException|OAuthException) $errorOf
     */
    private function respond(callable $open, callable $errorOf): Http
    {
        for ($retry = 0; ; $retry++) {
            $http = $open();
            if ($http->status >= 200 && $http->status < 300) {
                return $http;
            }
            try {
                $body = $http->readAll();
            } finally {
                $http->close();
            }
            $error = $errorOf($http->status, $http->headers, $body);
            if (($http->status !== 429 && $http->status !== 503) || $retry >= $this->maxRetries) {
                throw $error;
            }
            $delay = $error->retryAfter ?? (2 ** $retry);
            if ($delay > $this->maxRetryDelay) {
                throw $error;
            }
            usleep($delay * 1_000_000);
        }
    }
}

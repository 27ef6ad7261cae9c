<?php

declare(strict_types=1);

// Os testes do cliente PHP, com asserções simples: cada verificação é impressa; o código de saída é
// diferente de zero na primeira falha. Quem roda (test/clients/php.test.ts) dá pelo ambiente o
// endereço do servidor, as credenciais e os dados esperados. PHASE=1: servidor real, servidor falso
// e webhooks, e grava o cursor em CURSOR_FILE; PHASE=2: lê o cursor e acha a alteração feita no meio.

require __DIR__ . '/../autoload.php';

use ApiExterna\ApiException;
use ApiExterna\Client;
use ApiExterna\Webhook;
use ApiExterna\WebhookVerificationException;

function env(string $name): string
{
    $value = getenv($name);
    if ($value === false) {
        fwrite(STDERR, "falta a variável {$name}\n");
        exit(2);
    }
    return $value;
}

function check(bool $ok, string $what): void
{
    if (!$ok) {
        echo "FALHOU: {$what}\n";
        exit(1);
    }
    echo "ok: {$what}\n";
}

/** O status de `GET /v1/clientes` com $token, sem o cliente (que trocaria um token recusado). */
function statusOf(string $token): int
{
    $ch = curl_init(env('API_BASE_URL') . '/v1/clientes?por_pagina=1');
    curl_setopt_array($ch, [CURLOPT_HTTPHEADER => ["Authorization: Bearer {$token}"], CURLOPT_RETURNTRANSFER => true, CURLOPT_TIMEOUT => 10]);
    curl_exec($ch);
    $status = (int) curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
    curl_close($ch);
    return $status;
}

/** @return \Throwable|null a exceção que $fn lançou */
function thrown(callable $fn): ?\Throwable
{
    try {
        $fn();
    } catch (\Throwable $e) {
        return $e;
    }
    return null;
}

$api = new Client(env('API_BASE_URL') . '/v1', env('API_CLIENT_ID'), env('API_CLIENT_SECRET'));
$cursorFile = env('CURSOR_FILE');

if (env('PHASE') === '2') {
    $cursor = trim((string) file_get_contents($cursorFile));
    $target = (int) env('CHANGED_ID');
    $seen = null;
    for ($deadline = microtime(true) + 30; $seen === null && microtime(true) < $deadline;) {
        $feed = $api->clientes->changes($cursor);
        foreach ($feed as $entry) {
            if ($entry['id'] === $target && $entry['operacao'] === 'alterado') {
                $seen = $entry;
            }
        }
        check($feed->cursor() !== null, 'o feed devolve um cursor para continuar');
        $cursor = $feed->cursor();
        if ($seen === null) {
            usleep(200_000);
        }
    }
    check($seen !== null, 'o feed a partir do cursor guardado traz a alteração feita depois');
    check(str_contains(json_encode($seen['registro'], JSON_UNESCAPED_UNICODE), env('CHANGED_NAME')), 'a entrada traz o nome novo: ' . json_encode($seen['registro'], JSON_UNESCAPED_UNICODE));
check($seen['registro'] == $api->clientes->get($target), 'a entrada traz o registro como o detalhe o serve agora');
    $again = iterator_to_array($api->clientes->changes($cursor), false);
    check(array_filter($again, fn ($e) => $e['id'] === $target) === [], 'a partir do cursor novo, a alteração não vem de novo');
    echo "fase 2 concluída\n";
    exit(0);
}

// --- servidor real: listas, detalhes, páginas ---
$page = $api->clientes->list(['por_pagina' => 5, 'nome' => 'joao', 'incluir' => 'contato']);
check(count($page['data']) >= 1 && $page['meta']['por_pagina'] === 5, 'clientes->list traz data e meta');
$joao = $api->clientes->get(1, ['incluir' => 'contato']);
check($joao['id'] === 1 && $joao['documento'] === '529.982.247-25', 'clientes->get(1) traz o registro');
$query = ['cedente_tipo' => 'cliente', 'ordenar_por' => 'id', 'ordem' => 'asc', 'por_pagina' => 40];
$first = $api->contasReceber->list($query);
check($first['meta']['total'] === (int) env('EXPECT_RECEBER_CLIENTE'), 'contasReceber->list: meta.total como o esperado');
check($first['meta']['total_paginas'] >= 3, "várias páginas ({$first['meta']['total_paginas']})");
$pages = [];
foreach ($api->contasReceber->pages($query) as $p) {
    $pages[] = $p['meta']['pagina'];
}
check($pages === range(1, $first['meta']['total_paginas']), 'pages() traz cada página, em ordem');
$ids = [];
foreach ($api->contasReceber->all($query) as $conta) {
    $ids[] = $conta['id'];
}
$sorted = $ids;
sort($sorted);
check(count($ids) === $first['meta']['total'] && $ids === $sorted && count(array_unique($ids)) === count($ids), 'all() traz cada registro uma vez, em ordem');
$from2 = $api->clientes->pages(['por_pagina' => 100, 'pagina' => 2])->current();
check($from2['meta']['pagina'] === 2, 'pages() começa na página pedida');
check(iterator_to_array($api->clientes->all(['nome' => 'ninguém com este nome']), false) === [], 'uma lista vazia');
$produto = $api->produtos->list(['por_pagina' => 1])['data'][0];
check($api->produtos->get($produto['id']) === $produto, 'produtos->get igual ao item da lista');
check(!method_exists($api->contasReceber, 'get'), 'contasReceber não tem detalhe');

// --- erros tipados ---
$e = thrown(fn () => $api->clientes->get(999999));
check($e instanceof ApiException && $e->status === 404 && $e->codigo === 'recurso_nao_encontrado', '404 vira ApiException recurso_nao_encontrado');
check(is_string($e->requestId) && $e->requestId !== '' && $e->getRequestId() === $e->requestId, 'o erro traz o requestId');
check($e->mensagem !== '' && $e->detalhes === [], 'o erro traz mensagem e detalhes');
$e = thrown(fn () => $api->clientes->list(['cor' => 'azul']));
check($e instanceof ApiException && $e->status === 400 && $e->codigo === 'requisicao_invalida' && $e->detalhes[0]['campo'] === 'cor', '400 com detalhes por campo');
$limited = new Client(env('API_BASE_URL'), env('SCOPED_CLIENT_ID'), env('SCOPED_CLIENT_SECRET'));
check(count($limited->produtos->list(['por_pagina' => 1])['data']) === 1, 'a credencial de um só escopo lê produtos');
$e = thrown(fn () => $limited->clientes->list());
check($e instanceof ApiException && $e->status === 403 && $e->codigo === 'escopo_insuficiente', '403 escopo_insuficiente fora do escopo');
$e = thrown(fn () => (new Client(env('API_BASE_URL'), env('API_CLIENT_ID'), 'segredo-errado'))->clientes->list());
check($e instanceof \ApiExterna\OAuthException && $e->status === 401 && $e->error === 'invalid_client', 'segredo errado: OAuthException invalid_client');

// --- feed desde o começo ---
$feed = $api->clientes->changes(null, ['por_pagina' => 7]);
check($feed->cursor() === null, 'sem cursor antes de ler');
$entries = iterator_to_array($feed, false);
$alterados = array_filter($entries, fn ($e) => $e['operacao'] === 'alterado');
check(count($alterados) === (int) env('EXPECT_CLIENTES_TOTAL'), 'o feed desde o começo traz cada cliente atual (' . count($alterados) . ' de ' . count($entries) . ' entradas)');
check(count(array_unique(array_column($entries, 'id'))) === count($entries), 'cada registro uma vez no feed');
check(is_string($feed->cursor()) && $feed->cursor() !== '', 'depois do foreach, o cursor a guardar');
check(is_string($api->clientes->cursorNow()), 'cursorNow() traz um cursor');

// --- exportação ---
$exp = $api->clientes->export();
$n = 0;
foreach ($exp as $cliente) {
    $n++;
    if ($n === 1) {
        check($exp->cursor() === null && $exp->total() === null, 'sem cursor nem total antes da linha de fim');
    }
}
check($n === (int) env('EXPECT_CLIENTES_TOTAL') && $exp->total() === $n, "a exportação traz cada cliente ({$n}) e total()");
check(is_string($exp->cursor()) && preg_match('/^[\w-]+\.[\w-]+$/', $exp->cursor()) === 1, 'a exportação traz o cursor do feed');
$receber = $api->contasReceber->export();
$m = iterator_count($receber->getIterator());
check($m === (int) env('EXPECT_RECEBER_TOTAL') && $receber->total() === $m, "exportação de contas a receber: {$m}");
foreach ($api->produtos->export() as $p) {
    break; // sair no meio fecha a resposta e libera a credencial
}
check(iterator_count($api->servicos->export()->getIterator()) > 0, 'depois de sair no meio, outra exportação da mesma credencial funciona');
file_put_contents($cursorFile, $exp->cursor());

// --- revogação ---
$own = new Client(env('API_BASE_URL'), env('REVOKE_CLIENT_ID'), env('REVOKE_CLIENT_SECRET'));
$own->revoke();
check(true, 'revoke() sem token não faz nada');
$first = $own->token()['access_token'];
$own->revoke();
check(statusOf($first) === 401, 'revoke() revoga o token que o cliente tem');
check(count($own->clientes->list(['por_pagina' => 1])['data']) === 1, 'a chamada seguinte pede um token novo');
$theirs = (new Client(env('API_BASE_URL'), env('API_CLIENT_ID'), env('API_CLIENT_SECRET')))->token()['access_token'];
$own->revoke($theirs);
check(statusOf($theirs) === 200, 'revoke($token) de outra credencial: 200, e o token continua valendo');

// --- chave privada (private_key_jwt) ---
foreach (json_decode(env('KEY_CREDENTIALS'), true, 512, JSON_THROW_ON_ERROR) as $cred) {
    $alg = $cred['alg'];
    $keyApi = new Client(env('API_BASE_URL') . '/v1', $cred['client_id'], null, ['privateKey' => $cred['private_key']]);
    $token = $keyApi->token();
    check($token['scope'] === 'clientes:ler', "{$alg}: um token pela asserção assinada");
    check(count($keyApi->clientes->list(['por_pagina' => 1])['data']) === 1, "{$alg}: o token lê clientes");
    $keyApi->revoke();
    check(statusOf($token['access_token']) === 401, "{$alg}: revoke() autenticado pela chave revoga o token");
    check(count($keyApi->clientes->list(['por_pagina' => 1])['data']) === 1, "{$alg}: depois, um token novo (asserção com outro jti)");
}
$ecKey = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_EC, 'curve_name' => 'prime256v1']);
$e = thrown(fn () => (new Client(env('API_BASE_URL'), $cred['client_id'], null, ['privateKey' => $ecKey]))->token());
check($e instanceof \ApiExterna\OAuthException && $e->status === 401 && $e->error === 'invalid_client', 'uma chave que a credencial não tem: invalid_client');
$rsaKey = openssl_pkey_new(['private_key_type' => OPENSSL_KEYTYPE_RSA, 'private_key_bits' => 2048]);
$e = thrown(fn () => new Client(env('API_BASE_URL'), 'id', null, ['privateKey' => $rsaKey, 'algorithm' => 'PS256']));
check($e instanceof \InvalidArgumentException && str_contains($e->getMessage(), 'RSA-PSS'), 'PS256: recusado, com o motivo (o openssl_sign não faz PSS)');
check(thrown(fn () => new Client(env('API_BASE_URL'), 'id')) instanceof \InvalidArgumentException, 'nem segredo nem chave: recusado');
check(thrown(fn () => new Client(env('API_BASE_URL'), 'id', 's', ['privateKey' => $ecKey])) instanceof \InvalidArgumentException, 'segredo e chave: recusado');
// r ou s com o bit alto ligado (33 bytes em DER) ou com zeros à esquerda (menos de 32): sempre 64 bytes que conferem.
$signer = \ApiExterna\ClientAssertion::create('id', $ecKey, null);
$public = openssl_pkey_get_public(openssl_pkey_get_details($ecKey)['key']);
$good = 0;
for ($i = 0; $i < 500; $i++) {
    [$header, $payload, $sig] = explode('.', $signer->fields('https://api.example.com/v1/oauth/token')['client_assertion']);
    $raw = base64_decode(strtr($sig, '-_', '+/'));
    $der = '';
    foreach (str_split($raw, 32) as $half) {
        $half = ltrim($half, "\x00");
        $half = ord($half[0] ?? "\x00") >= 0x80 ? "\x00" . $half : $half;
        $der .= "\x02" . chr(strlen($half)) . $half;
    }
    $der = "\x30" . chr(strlen($der)) . $der;
    $good += strlen($raw) === 64 && openssl_verify("{$header}.{$payload}", $der, $public, OPENSSL_ALGO_SHA256) === 1 ? 1 : 0;
}
check($good === 500, "ES256: 500 assinaturas de 64 bytes (r‖s), todas conferem ({$good})");

// --- servidor falso: sem fim, 429, 503, tokens ---
$fake = new Client(env('FAKE_BASE_URL'), 'fake-id', 'fake-secret');
$records = [];
$e = thrown(function () use ($fake, &$records) {
    foreach ($fake->clientes->export() as $r) {
        $records[] = $r;
    }
});
check($e instanceof ApiException && $e->codigo === 'exportacao_incompleta' && $e->status === 200, 'exportação sem a linha de fim: exportacao_incompleta');
check(count($records) === 2, 'os registros antes da falha foram entregues');
$e = thrown(fn () => iterator_to_array($fake->boletos->export(), false));
check($e instanceof ApiException && $e->codigo === 'exportacao_incompleta', 'total da linha de fim diferente: exportacao_incompleta');
$started = microtime(true);
$r = $fake->contasReceber->list();
$elapsed = microtime(true) - $started;
check($r['meta']['tentativa'] === 2 && $elapsed >= 0.9, sprintf('429 com Retry-After: 1, depois 200 (%.1f s)', $elapsed));
$started = microtime(true);
$r = $fake->contasPagar->list();
$elapsed = microtime(true) - $started;
check($r['meta']['tentativa'] === 2 && $elapsed >= 0.9, sprintf('503, depois 200 com espera (%.1f s)', $elapsed));
$e = thrown(fn () => (new Client(env('FAKE_BASE_URL'), 'fake-id', 'fake-secret', ['maxRetries' => 0]))->boletos->list());
check($e instanceof ApiException && $e->status === 503 && $e->codigo === 'servico_indisponivel', 'maxRetries 0: o 503 é lançado');
$e = thrown(fn () => $fake->servicos->list(['longo' => '1']));
check($e instanceof ApiException && $e->status === 429 && $e->retryAfter === 3600, 'Retry-After além de maxRetryDelay: lançado sem esperar');
$tok = new Client(env('FAKE_BASE_URL'), 'tok-id', 'fake-secret');
check($tok->token()['expires_in'] === 61, 'token() mostra o token');
check($tok->produtos->list()['meta']['tokens'] === 1, 'o token pedido é reutilizado');
check($tok->produtos->list()['meta']['tokens'] === 1, 'um só token para várias chamadas');
usleep(1_200_000); // expires_in 61, renovado 60 s antes: vence em 1 s
check($tok->produtos->list()['meta']['tokens'] === 2, 'o token é renovado antes de vencer');
check($tok->produtos->list()['meta']['tokens'] === 2, 'e o novo é reutilizado');
check($tok->ordensServico->list()['meta']['tokens'] === 3, 'um 401 pede um token novo e tenta de novo, uma vez');
$e = thrown(fn () => $tok->ordensServico->list(['sempre' => '1']));
check($e instanceof ApiException && $e->status === 401 && $e->codigo === 'token_invalido', 'um 401 que persiste é lançado depois da nova tentativa');

// --- webhooks ---
$secret = env('WH_SECRET');
$headers = ['webhook-id' => env('WH_ID'), 'webhook-timestamp' => env('WH_TS'), 'webhook-signature' => env('WH_SIG')];
$body = env('WH_BODY');
$event = Webhook::verify($secret, $headers, $body);
check($event === json_decode($body, true), 'verify aceita a assinatura do servidor (duas assinaturas, a segunda confere)');
$upper = array_combine(array_map('strtoupper', array_keys($headers)), array_values($headers));
check(Webhook::verify($secret, $upper, $body) === $event, 'nomes de cabeçalho em qualquer caixa');
$motivo = function (callable $fn): ?string {
    $e = thrown($fn);
    return $e instanceof WebhookVerificationException ? $e->motivo : null;
};
check($motivo(fn () => Webhook::verify($secret, $headers, str_replace('boletos', 'boletoz', $body))) === 'assinatura_invalida', 'corpo alterado: assinatura_invalida');
check($motivo(fn () => Webhook::verify(env('WH_OTHER_SECRET'), $headers, $body)) === 'assinatura_invalida', 'outro segredo: assinatura_invalida');
$old = ['webhook-timestamp' => env('WH_OLD_TS'), 'webhook-signature' => env('WH_OLD_SIG')] + $headers;
check($motivo(fn () => Webhook::verify($secret, $old, $body)) === 'timestamp_fora_da_tolerancia', 'assinatura certa, horário de 10 min atrás: timestamp_fora_da_tolerancia');
check($motivo(fn () => Webhook::verify($secret, $headers, $body, 300, (int) env('WH_TS') - 301)) === 'timestamp_fora_da_tolerancia', 'horário no futuro além de 5 min: recusado');
check(Webhook::verify($secret, $headers, $body, 300, (int) env('WH_TS') - 299) === $event, 'dentro de 5 min: aceito');
check($motivo(fn () => Webhook::verify($secret, ['webhook-id' => env('WH_ID')], $body)) === 'cabecalho_ausente', 'sem cabeçalho: cabecalho_ausente');
check($motivo(fn () => Webhook::verify('whsec_!!!', $headers, $body)) === 'segredo_invalido', 'segredo malformado: segredo_invalido');
echo "fase 1 concluída\n";

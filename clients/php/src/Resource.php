<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Um recurso da API: a lista (`list`, `pages`, `all`), o feed de alterações (`changes`,
 * `cursorNow`) e a exportação (`export`).
 */
class Resource
{
    public function __construct(protected readonly Client $client, protected readonly string $path)
    {
    }

    /**
     * Uma página: `data` e `meta` (pagina, por_pagina, total, total_paginas).
     *
     * @param array<string, scalar|null> $query filtros, pagina, por_pagina, ordenar_por, ordem
     * @return array{data: list<array<string, mixed>>, meta: array<string, int>}
     */
    public function list(array $query = []): array
    {
        return $this->client->get($this->path, $query);
    }

    /**
     * Cada página, de `pagina` (1 por padrão) até a última, com os mesmos filtros; uma por vez.
     *
     * @param array<string, scalar|null> $query
     * @return \Generator<int, array{data: list<array<string, mixed>>, meta: array<string, int>}>
     */
    public function pages(array $query = []): \Generator
    {
        $pagina = (int) ($query['pagina'] ?? 1);
        for (;;) {
            $page = $this->list(['pagina' => $pagina] + $query);
            yield $page;
            // Páginas por deslocamento: um registro criado ou excluído no meio desloca as seguintes.
            if ($pagina >= $page['meta']['total_paginas']) {
                return;
            }
            $pagina++;
        }
    }

    /**
     * Cada registro da lista, página após página (uma página na memória por vez).
     *
     * @param array<string, scalar|null> $query
     * @return \Generator<int, array<string, mixed>>
     */
    public function all(array $query = []): \Generator
    {
        foreach ($this->pages($query) as $page) {
            foreach ($page['data'] as $record) {
                yield $record;
            }
        }
    }

    /**
     * O feed de alterações (`GET /v1/<recurso>/alteracoes`) a partir do cursor guardado da última
     * vez (null: desde o começo). Depois do foreach, `->cursor()` é o cursor a guardar.
     *
     * @param array<string, scalar|null> $query por_pagina; incluir em clientes
     */
    public function changes(?string $cursor = null, array $query = []): ChangeFeed
    {
        return new ChangeFeed(
            fn (?string $at): array => $this->client->get("{$this->path}/alteracoes", ['cursor' => $at] + $query),
            $cursor,
        );
    }

    /** O cursor do fim do feed agora (`a_partir=agora`), para uma cópia carregada de outro jeito. */
    public function cursorNow(): string
    {
        return $this->client->get("{$this->path}/alteracoes", ['a_partir' => 'agora'])['meta']['proximo_cursor'];
    }

    /**
     * A exportação (`GET /v1/<recurso>/exportacao`): cada registro atual, lido linha a linha; depois
     * do foreach, `->cursor()` e `->total()`.
     *
     * @param array<string, scalar|null> $query incluir em clientes
     */
    public function export(array $query = []): Export
    {
        return new Export(fn (): Http => $this->client->authorized("{$this->path}/exportacao", $query, 'application/x-ndjson, application/json', true));
    }
}

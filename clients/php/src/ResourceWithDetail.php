<?php

declare(strict_types=1);

namespace ApiExterna;

/** Um recurso que também tem o detalhe `GET /v1/<recurso>/{id}`. */
final class ResourceWithDetail extends Resource
{
    /**
     * Um registro pelo id (404 `recurso_nao_encontrado` quando não existe para esta empresa).
     *
     * @param array<string, scalar|null> $query incluir em clientes
     * @return array<string, mixed>
     * @throws ApiException
     */
    public function get(int $id, array $query = []): array
    {
        return $this->client->get($this->path . '/' . rawurlencode((string) $id), $query)['data'];
    }
}

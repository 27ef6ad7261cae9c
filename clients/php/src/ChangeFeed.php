<?php

declare(strict_types=1);

namespace ApiExterna;

/**
 * Uma leitura do feed de alterações: `foreach ($feed as $entrada)` traz cada alteração desde o
 * cursor de partida, página após página (uma por vez), na ordem em que o servidor as tornou
 * visíveis; depois, `$feed->cursor()` é de onde continuar — guarde-o junto com os dados.
 *
 * O cursor só passa de uma página depois que todas as suas entradas foram entregues: um foreach
 * interrompido (break, exceção) deixa o cursor no começo daquela página, e continuar dele repete
 * entradas em vez de pular alguma. Aplicar uma entrada duas vezes não faz mal.
 *
 * @implements \IteratorAggregate<int, array{operacao: string, id: int, atualizado_em: string, registro: array<string, mixed>|null}>
 */
final class ChangeFeed implements \IteratorAggregate
{
    /** @param \Closure(?string): array $read */
    public function __construct(private readonly \Closure $read, private ?string $cursor)
    {
    }

    /** De onde continuar: o cursor dado, até a leitura passar de uma página; null para uma leitura desde o começo ainda não iniciada. */
    public function cursor(): ?string
    {
        return $this->cursor;
    }

    public function getIterator(): \Generator
    {
        for (;;) {
            $page = ($this->read)($this->cursor);
            foreach ($page['data'] as $entry) {
                yield $entry;
            }
            $this->cursor = $page['meta']['proximo_cursor'];
            if (!$page['meta']['tem_mais']) {
                return;
            }
        }
    }
}

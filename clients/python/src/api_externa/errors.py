"""Erros da API: o envelope ``{"erro": {...}}`` dos endpoints de dados e o formato OAuth do token."""

from __future__ import annotations

import email.utils
import json
import time
from dataclasses import dataclass
from typing import Any, List, Mapping, Optional, Tuple


@dataclass(frozen=True)
class Detalhe:
    """Um item de ``erro.detalhes``: qual parâmetro foi recusado, e por quê."""

    campo: str
    mensagem: str


class ApiExternaError(Exception):
    """Uma resposta de erro da API.

    ``codigo`` é a parte estável, para código (``requisicao_invalida``, ``token_invalido``,
    ``limite_excedido``, ...); ``mensagem`` é para pessoas. Uma resposta que não é o envelope (a
    página HTML de um proxy, por exemplo) tem codigo ``resposta_inesperada``. Dois codigos vêm do
    próprio cliente, numa exportação cuja resposta 200 não serve inteira: ``exportacao_incompleta``
    e ``resposta_inesperada`` (status 200).
    """

    def __init__(
        self,
        status: int,
        codigo: str,
        mensagem: str,
        detalhes: Tuple[Detalhe, ...] = (),
        request_id: Optional[str] = None,
        retry_after: Optional[int] = None,
    ) -> None:
        super().__init__(f"{status} {codigo}: {mensagem}")
        self.status = status
        self.codigo = codigo
        self.mensagem = mensagem
        self.detalhes = detalhes
        #: ``erro.request_id`` (ou o cabeçalho X-Request-ID): informe-o ao pedir suporte
        self.request_id = request_id
        #: segundos de ``Retry-After``, quando a resposta o trouxe (429, às vezes 503)
        self.retry_after = retry_after


class OAuthError(ApiExternaError):
    """Uma resposta de erro do endpoint de token, no formato OAuth ``{error, error_description}``.

    ``codigo`` é ``error`` (``invalid_client`` para id ou segredo errado, ``invalid_scope``,
    ``temporarily_unavailable``, ...) e ``mensagem`` é ``error_description``.
    """

    @property
    def error(self) -> str:
        return self.codigo

    @property
    def error_description(self) -> str:
        return self.mensagem


def retry_after_seconds(value: Optional[str], now: Optional[float] = None) -> Optional[int]:
    """``Retry-After`` em segundos: delta-seconds ou uma data HTTP; None quando ausente ou ilegível."""
    if value is None or value.strip() == "":
        return None
    text = value.strip()
    if text.isdigit():
        return int(text)
    try:
        date = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if date is None:
        return None
    current = time.time() if now is None else now
    return max(0, int(-(-(date.timestamp() - current) // 1)))


def _parse(body: bytes) -> Any:
    try:
        return json.loads(body.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None


def _text(value: Any, fallback: str) -> str:
    return value if isinstance(value, str) else fallback


def _detalhes(value: Any) -> Tuple[Detalhe, ...]:
    if not isinstance(value, list):
        return ()
    items: List[Detalhe] = []
    for item in value:
        if isinstance(item, dict):
            items.append(Detalhe(_text(item.get("campo"), ""), _text(item.get("mensagem"), "")))
    return tuple(items)


def api_error_of(status: int, headers: Mapping[str, str], body: bytes) -> ApiExternaError:
    """O erro que a resposta não 2xx de um endpoint de dados representa."""
    request_id = headers.get("x-request-id")
    retry_after = retry_after_seconds(headers.get("retry-after"))
    parsed = _parse(body)
    erro = parsed.get("erro") if isinstance(parsed, dict) else None
    if not isinstance(erro, dict):
        return ApiExternaError(
            status, "resposta_inesperada", f"HTTP {status} sem o envelope de erro da API", (), request_id, retry_after
        )
    return ApiExternaError(
        status,
        _text(erro.get("codigo"), "resposta_inesperada"),
        _text(erro.get("mensagem"), ""),
        _detalhes(erro.get("detalhes")),
        erro["request_id"] if isinstance(erro.get("request_id"), str) else request_id,
        retry_after,
    )


def oauth_error_of(status: int, headers: Mapping[str, str], body: bytes) -> OAuthError:
    """O erro que a resposta não 200 do endpoint de token representa."""
    parsed = _parse(body)
    if isinstance(parsed, dict):
        error = _text(parsed.get("error"), "invalid_response")
        description = _text(parsed.get("error_description"), "")
    else:
        error, description = "invalid_response", f"HTTP {status} sem um corpo de erro OAuth"
    return OAuthError(
        status, error, description, (), headers.get("x-request-id"), retry_after_seconds(headers.get("retry-after"))
    )


def export_error_of(codigo: str, mensagem: str, request_id: Optional[str]) -> ApiExternaError:
    """O erro de uma exportação cuja resposta começou (200) mas não serve inteira: exporte de novo."""
    return ApiExternaError(200, codigo, mensagem, (), request_id)

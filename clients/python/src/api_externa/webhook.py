"""Verificação de uma notificação da API, pela especificação Standard Webhooks.

Cabeçalhos ``webhook-id``, ``webhook-timestamp`` e ``webhook-signature`` (``v1,<base64 do
HMAC-SHA256 de "<id>.<timestamp>.<corpo>">``, com os bytes decodificados do segredo; várias,
separadas por espaço, enquanto um segredo trocado ainda assina).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import re
import time
from datetime import datetime
from typing import Any, Iterable, Mapping, Optional, Tuple, Union

PREFIX = "whsec_"

#: Cabeçalhos como vierem: um dict (qualquer caixa; valor texto ou lista), o ``self.headers`` do
#: ``http.server`` (``email.message.Message``) ou uma sequência de pares.
WebhookHeaders = Union[Mapping[str, Any], Iterable[Tuple[str, str]], Any]


class WebhookVerificationError(Exception):
    """Por que uma notificação foi recusada; ``motivo`` é estável, para código.

    ``segredo_invalido``, ``cabecalho_ausente``, ``timestamp_fora_da_tolerancia``,
    ``assinatura_invalida`` ou ``corpo_invalido``.
    """

    def __init__(self, motivo: str, mensagem: str) -> None:
        super().__init__(f"{motivo}: {mensagem}")
        self.motivo = motivo
        self.mensagem = mensagem


def _header(headers: WebhookHeaders, name: str) -> Optional[str]:
    pairs = headers.items() if hasattr(headers, "items") else headers
    for key, value in pairs:
        if str(key).lower() != name:
            continue
        if isinstance(value, (list, tuple)):
            return str(value[0]) if value else None
        return None if value is None else str(value)
    return None


def _base64(text: str) -> Optional[bytes]:
    try:
        return base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None


def verify_webhook(
    secret: str,
    headers: WebhookHeaders,
    body: Union[str, bytes],
    *,
    tolerance_seconds: int = 300,
    now: Union[None, float, datetime] = None,
) -> Any:
    """Confere uma notificação e devolve o seu evento (``{id, tipo, criado_em, dados}``).

    ``body`` é o corpo exatamente como chegou (os bytes, ou o texto), nunca um objeto lido e
    serializado de novo: a assinatura cobre aqueles bytes. Lança ``WebhookVerificationError``
    quando falta um cabeçalho, o horário está a mais de ``tolerance_seconds`` (5 minutos) do
    relógio, para qualquer lado, ou nenhuma assinatura confere com o segredo.
    """
    key = _base64(secret[len(PREFIX) :] if secret.startswith(PREFIX) else secret)
    if not key:
        raise WebhookVerificationError("segredo_invalido", "O segredo não é whsec_<base64>.")
    webhook_id = _header(headers, "webhook-id")
    timestamp = _header(headers, "webhook-timestamp")
    signatures = _header(headers, "webhook-signature")
    if webhook_id is None or timestamp is None or signatures is None:
        raise WebhookVerificationError(
            "cabecalho_ausente", "webhook-id, webhook-timestamp e webhook-signature são obrigatórios."
        )
    if isinstance(now, datetime):
        current = int(now.timestamp())
    else:
        current = int(time.time() if now is None else now)
    if not re.fullmatch(r"[0-9]{1,15}", timestamp) or abs(current - int(timestamp)) > tolerance_seconds:
        raise WebhookVerificationError(
            "timestamp_fora_da_tolerancia", f"webhook-timestamp {timestamp} está longe demais do relógio."
        )

    raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
    expected = hmac.new(key, f"{webhook_id}.{timestamp}.".encode("utf-8") + raw, hashlib.sha256).digest()
    for candidate in signatures.split(" "):
        version, _, encoded = candidate.partition(",")
        given = _base64(encoded) if version == "v1" and encoded else None
        if given is not None and hmac.compare_digest(expected, given):
            try:
                return json.loads(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as err:
                raise WebhookVerificationError("corpo_invalido", "O corpo assinado não é JSON.") from err
    raise WebhookVerificationError("assinatura_invalida", "Nenhuma assinatura confere com o segredo.")

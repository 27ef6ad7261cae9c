"""verify_webhook: o que o assinador do servidor (TypeScript) assina é aceito; o resto, recusado com um motivo estável."""

from __future__ import annotations

import base64
import email.message
import hashlib
import hmac
import json
import os
import unittest
from typing import Any, Dict

from api_externa import WebhookVerificationError, verify_webhook

SECRET = "whsec_" + base64.b64encode(bytes(range(32))).decode()
EVENT = {"id": "evt_7", "tipo": "alteracoes.disponiveis", "criado_em": "2026-11-27T12:00:00Z", "dados": {"recurso": "boletos"}}
BODY = json.dumps(EVENT)
NOW = 1_795_000_000


def sign(secret: str, webhook_id: str, timestamp: int, body: str) -> str:
    key = base64.b64decode(secret[len("whsec_") :])
    digest = hmac.new(key, f"{webhook_id}.{timestamp}.{body}".encode(), hashlib.sha256).digest()
    return "v1," + base64.b64encode(digest).decode()


def signed(secret: str = SECRET, at: int = NOW) -> Dict[str, str]:
    return {"webhook-id": EVENT["id"], "webhook-timestamp": str(at), "webhook-signature": sign(secret, EVENT["id"], at, BODY)}


class VerifyWebhookTest(unittest.TestCase):
    def refusal(self, *args: Any, **kwargs: Any) -> str:
        with self.assertRaises(WebhookVerificationError) as caught:
            verify_webhook(*args, **kwargs)
        return caught.exception.motivo

    @unittest.skipUnless(os.environ.get("AE_WEBHOOK_SAMPLE"), "sem AE_WEBHOOK_SAMPLE (dado pelo teste do Node)")
    def test_accepts_what_the_server_signs(self) -> None:
        sample = json.loads(os.environ["AE_WEBHOOK_SAMPLE"])
        headers, body = sample["headers"], sample["body"]
        for secret in sample["secrets"]:  # dois segredos assinam depois de uma troca: qualquer um confere
            self.assertEqual(verify_webhook(secret, headers, body), json.loads(body))
            self.assertEqual(verify_webhook(secret, headers, body.encode()), json.loads(body))
        self.assertEqual(self.refusal(SECRET, headers, body), "assinatura_invalida")
        self.assertEqual(self.refusal(sample["secrets"][0], headers, body.replace("servicos", "servicoz")), "assinatura_invalida")
        old = {**headers, "webhook-timestamp": str(int(headers["webhook-timestamp"]) - 301)}
        self.assertEqual(self.refusal(sample["secrets"][0], old, body), "timestamp_fora_da_tolerancia")

    def test_accepts_text_bytes_and_any_header_shape(self) -> None:
        headers = signed()
        self.assertEqual(verify_webhook(SECRET, headers, BODY, now=NOW), EVENT)
        self.assertEqual(verify_webhook(SECRET, headers, BODY.encode(), now=NOW), EVENT)
        upper = {k.upper(): [v] for k, v in headers.items()}
        self.assertEqual(verify_webhook(SECRET, upper, BODY, now=NOW), EVENT)
        message = email.message.Message()
        for name, value in headers.items():
            message[name.title()] = value
        self.assertEqual(verify_webhook(SECRET, message, BODY, now=NOW), EVENT, "os cabeçalhos do http.server")
        self.assertEqual(verify_webhook(SECRET, list(headers.items()), BODY, now=NOW), EVENT)
        rotated = {**headers, "webhook-signature": sign("whsec_" + base64.b64encode(b"x" * 32).decode(), "evt_7", NOW, BODY) + " " + headers["webhook-signature"]}
        self.assertEqual(verify_webhook(SECRET, rotated, BODY, now=NOW), EVENT, "a segunda assinatura confere")

    def test_refuses_changed_body_id_timestamp_or_secret(self) -> None:
        headers = signed()
        self.assertEqual(self.refusal(SECRET, headers, BODY.replace("boletos", "boletoz"), now=NOW), "assinatura_invalida")
        self.assertEqual(self.refusal(SECRET, {**headers, "webhook-id": "evt_8"}, BODY, now=NOW), "assinatura_invalida")
        self.assertEqual(self.refusal(SECRET, {**headers, "webhook-timestamp": str(NOW + 1)}, BODY, now=NOW + 1), "assinatura_invalida")
        other = "whsec_" + base64.b64encode(b"y" * 32).decode()
        self.assertEqual(self.refusal(other, headers, BODY, now=NOW), "assinatura_invalida")
        self.assertEqual(self.refusal(SECRET, {**headers, "webhook-signature": "v2,abc"}, BODY, now=NOW), "assinatura_invalida")
        self.assertEqual(self.refusal(SECRET, {**headers, "webhook-signature": "v1,%%%"}, BODY, now=NOW), "assinatura_invalida")

    def test_five_minutes_either_way(self) -> None:
        for offset in (-300, 300):
            self.assertEqual(verify_webhook(SECRET, signed(at=NOW + offset), BODY, now=NOW), EVENT)
        for offset in (-301, 301):
            self.assertEqual(self.refusal(SECRET, signed(at=NOW + offset), BODY, now=NOW), "timestamp_fora_da_tolerancia")
        self.assertEqual(self.refusal(SECRET, {**signed(), "webhook-timestamp": "12a"}, BODY, now=NOW), "timestamp_fora_da_tolerancia")
        self.assertEqual(self.refusal(SECRET, signed(), BODY), "timestamp_fora_da_tolerancia", "o relógio de verdade")

    def test_missing_header_bad_secret_and_body_not_json(self) -> None:
        headers = signed()
        del headers["webhook-signature"]
        self.assertEqual(self.refusal(SECRET, headers, BODY, now=NOW), "cabecalho_ausente")
        self.assertEqual(self.refusal("whsec_não é base64", signed(), BODY, now=NOW), "segredo_invalido")
        self.assertEqual(self.refusal("whsec_", signed(), BODY, now=NOW), "segredo_invalido")
        text = "isto não é json"
        headers = {**signed(), "webhook-signature": sign(SECRET, "evt_7", NOW, text)}
        self.assertEqual(self.refusal(SECRET, headers, text, now=NOW), "corpo_invalido")


if __name__ == "__main__":
    unittest.main()

"""Autenticação com chave privada (``private_key_jwt``): precisa do pacote ``cryptography``.

Fora do padrão ``test_*.py`` de propósito: a suíte principal roda sem dependências, e
test/clients/python.test.ts roda este arquivo à parte, com um intérprete que tenha cryptography.
Os testes com o servidor real usam AE_KEY_CREDENTIALS (uma lista de {alg, client_id,
private_key}) e AE_BASE_URL; os outros, um servidor local roteirizado.
"""

from __future__ import annotations

import base64
import json
import os
import time
import unittest
import urllib.error
import urllib.request
from typing import Any, Dict, List

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

from api_externa import ApiExterna, OAuthError
from support import FakeApi

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"


def part(jwt: str, index: int) -> Any:
    piece = jwt.split(".")[index]
    return base64.urlsafe_b64decode(piece + "=" * (-len(piece) % 4))


def new_key(alg: str) -> Any:
    if alg == "ES256":
        return ec.generate_private_key(ec.SECP256R1())
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


def verify(jwt: str, public_key: Any, alg: str) -> None:
    """Confere a assinatura como um servidor JWS faria (lança InvalidSignature se não confere)."""
    signing_input = jwt.rsplit(".", 1)[0].encode("ascii")
    signature = part(jwt, 2)
    if alg == "RS256":
        public_key.verify(signature, signing_input, padding.PKCS1v15(), hashes.SHA256())
    elif alg == "PS256":
        public_key.verify(signature, signing_input, padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32), hashes.SHA256())
    else:
        assert len(signature) == 64, "ES256: r‖s, 32 bytes cada"
        der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
        public_key.verify(der, signing_input, ec.ECDSA(hashes.SHA256()))


class OfflineKeyTest(unittest.TestCase):
    def setUp(self) -> None:
        self.fake = FakeApi()
        self.addCleanup(self.fake.close)

    def test_each_algorithm_signs_a_fresh_assertion_with_no_basic(self) -> None:
        for alg, algorithm in (("RS256", None), ("PS256", "PS256"), ("ES256", None)):
            with self.subTest(alg=alg):
                key = new_key(alg)
                pem = key.private_bytes(
                    serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
                ).decode("ascii")
                before = len(self.fake.requests)
                api = ApiExterna(self.fake.base_url, "ae_id", private_key=pem, algorithm=algorithm)
                api.clientes.list()
                api.revoke()
                oauth = [(p, h) for p, h in self.fake.requests[before:] if p.startswith("/v1/oauth/")]
                self.assertEqual([p for p, _ in oauth], ["/v1/oauth/token", "/v1/oauth/revoke"])
                self.assertTrue(all("authorization" not in h for _, h in oauth), "sem Basic")
                forms = self.fake.forms("/v1/oauth/token")[-1:] + self.fake.forms("/v1/oauth/revoke")[-1:]
                self.assertEqual(forms[0]["grant_type"], "client_credentials")
                self.assertEqual(forms[1]["token"], f"tok-{self.fake.tokens_issued}")
                jtis = set()
                for form in forms:
                    self.assertEqual(form["client_assertion_type"], ASSERTION_TYPE)
                    jwt = form["client_assertion"]
                    self.assertEqual(json.loads(part(jwt, 0)), {"alg": alg, "typ": "JWT"})
                    claims: Dict[str, Any] = json.loads(part(jwt, 1))
                    self.assertEqual((claims["iss"], claims["sub"]), ("ae_id", "ae_id"))
                    self.assertEqual(claims["aud"], self.fake.base_url + "/oauth/token")
                    self.assertEqual(claims["exp"] - claims["iat"], 60)
                    self.assertLess(abs(claims["iat"] - time.time()), 5)
                    jtis.add(claims["jti"])
                    verify(jwt, key.public_key(), alg)
                self.assertEqual(len(jtis), 2, "um jti novo a cada pedido")

    def test_es256_signatures_are_always_64_bytes(self) -> None:
        # r ou s com o bit alto ligado (33 bytes em DER) ou com zeros à esquerda (menos de 32).
        from api_externa._assertion import AssertionSigner

        key = new_key("ES256")
        signer = AssertionSigner("ae_id", key, None)
        for _ in range(400):
            verify(signer.fields("https://api.example.com/v1/oauth/token")["client_assertion"], key.public_key(), "ES256")

    def test_a_retry_after_429_carries_a_new_assertion(self) -> None:
        self.fake.scripts["/v1/oauth/token"] = [
            (429, {"Content-Type": "application/json", "Retry-After": "0"}, b'{"error":"temporarily_unavailable"}')
        ]
        ApiExterna(self.fake.base_url, "ae_id", private_key=new_key("ES256")).clientes.list()
        assertions = [f["client_assertion"] for f in self.fake.forms("/v1/oauth/token")]
        self.assertEqual(len(assertions), 2)
        self.assertNotEqual(assertions[0], assertions[1])

    def test_keys_the_api_does_not_take_and_algorithms_a_key_cannot_sign_with(self) -> None:
        with self.assertRaisesRegex(ValueError, "RS256 ou PS256"):
            ApiExterna(self.fake.base_url, "ae_id", private_key=new_key("RS256"), algorithm="ES256")
        with self.assertRaisesRegex(ValueError, "ES256"):
            ApiExterna(self.fake.base_url, "ae_id", private_key=new_key("ES256"), algorithm="PS256")
        with self.assertRaisesRegex(ValueError, "EC P-256"):
            ApiExterna(self.fake.base_url, "ae_id", private_key=ec.generate_private_key(ec.SECP384R1()))
        self.assertEqual(self.fake.requests, [])


LIVE: List[Dict[str, str]] = json.loads(os.environ.get("AE_KEY_CREDENTIALS", "[]"))


def status_of(base_url: str, token: str) -> int:
    request = urllib.request.Request(f"{base_url}/clientes?por_pagina=1", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as err:
        with err:
            return err.code


@unittest.skipUnless(LIVE, "AE_KEY_CREDENTIALS: credenciais de chave criadas pelo teste do Node, com o servidor")
class LiveKeyTest(unittest.TestCase):
    def test_token_data_and_revocation_with_each_key(self) -> None:
        base = os.environ["AE_BASE_URL"]
        for cred in LIVE:
            with self.subTest(alg=cred["alg"]):
                api = ApiExterna(base, cred["client_id"], private_key=cred["private_key"], algorithm=cred["alg"])
                first = api.token()
                self.assertEqual((first["token_type"], first["scope"]), ("Bearer", "clientes:ler"))
                self.assertGreater(api.clientes.list(por_pagina=1)["meta"]["total"], 0)
                api.revoke()
                self.assertEqual(status_of(base, first["access_token"]), 401, "o token revogado não lê mais")
                self.assertGreater(api.clientes.list(por_pagina=1)["meta"]["total"], 0, "um token novo")

    def test_a_key_the_credential_does_not_hold_is_invalid_client(self) -> None:
        api = ApiExterna(os.environ["AE_BASE_URL"], LIVE[0]["client_id"], private_key=new_key("ES256"))
        with self.assertRaises(OAuthError) as caught:
            api.token()
        self.assertEqual((caught.exception.status, caught.exception.error), (401, "invalid_client"))


if __name__ == "__main__":
    unittest.main()

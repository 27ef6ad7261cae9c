"""Autenticação do cliente com chave privada (``private_key_jwt``, RFC 7523 §2.2).

Em vez de um segredo, cada pedido de token ou de revogação leva um JWT curto assinado pela chave
privada da credencial. Este módulo usa o pacote ``cryptography`` e só é importado quando uma chave
é dada: com segredo, o cliente continua só com a biblioteca padrão.
"""

from __future__ import annotations

import base64
import json
import time
import uuid
from typing import Any, Dict, Optional, Union

try:
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec, padding, rsa
    from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature
except ImportError as err:  # pragma: no cover - depende do ambiente
    raise ImportError(
        "autenticar com chave privada requer o pacote cryptography "
        "(pip install cryptography; no Debian/Ubuntu: apt install python3-cryptography)"
    ) from err

ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer"
ALGORITHMS = ("RS256", "PS256", "ES256")

# A API recusa um exp a mais de 5 minutos; um minuto deixa folga para uma requisição lenta.
_LIFETIME_SECONDS = 60

PrivateKeyInput = Union[str, bytes, Any]


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def _json_part(value: Dict[str, Any]) -> str:
    return _b64url(json.dumps(value, separators=(",", ":")).encode("utf-8"))


class AssertionSigner:
    """Assina as asserções de uma credencial; a chave é lida e conferida na criação."""

    def __init__(self, client_id: str, private_key: PrivateKeyInput, algorithm: Optional[str]) -> None:
        if isinstance(private_key, str):
            private_key = private_key.encode("utf-8")
        # PEM em PKCS#8, PKCS#1 ("RSA PRIVATE KEY") ou SEC1 ("EC PRIVATE KEY"), ou um objeto já carregado.
        if isinstance(private_key, bytes):
            key = serialization.load_pem_private_key(private_key, password=None)
        else:
            key = private_key
        if isinstance(key, rsa.RSAPrivateKey):
            allowed = ("RS256", "PS256")
        elif isinstance(key, ec.EllipticCurvePrivateKey) and isinstance(key.curve, ec.SECP256R1):
            allowed = ("ES256",)
        else:
            raise ValueError("private_key: a API aceita chaves RSA (2048 bits ou mais) ou EC P-256")
        if algorithm is not None and algorithm not in allowed:
            raise ValueError(f"algorithm: esta chave assina com {' ou '.join(allowed)}, não com {algorithm}")
        self._client_id = client_id
        self._key = key
        self.algorithm = algorithm or allowed[0]

    def fields(self, audience: str) -> Dict[str, str]:
        """Os campos que autenticam um pedido: uma asserção nova, com um ``jti`` novo (um repetido é recusado)."""
        now = int(time.time())
        claims = {
            "iss": self._client_id,
            "sub": self._client_id,
            "aud": audience,
            "iat": now,
            "exp": now + _LIFETIME_SECONDS,
            "jti": str(uuid.uuid4()),
        }
        signing_input = f"{_json_part({'alg': self.algorithm, 'typ': 'JWT'})}.{_json_part(claims)}"
        signature = _b64url(self._sign(signing_input.encode("ascii")))
        return {"client_assertion_type": ASSERTION_TYPE, "client_assertion": f"{signing_input}.{signature}"}

    def _sign(self, data: bytes) -> bytes:
        key = self._key
        if self.algorithm == "RS256":
            signature: bytes = key.sign(data, padding.PKCS1v15(), hashes.SHA256())
            return signature
        if self.algorithm == "PS256":
            # RFC 7518 §3.5: o sal tem o tamanho do hash.
            pss = padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32)
            signature = key.sign(data, pss, hashes.SHA256())
            return signature
        # ECDSA dá a assinatura em DER; o JWS quer r‖s, 32 bytes cada (RFC 7518 §3.4).
        r, s = decode_dss_signature(key.sign(data, ec.ECDSA(hashes.SHA256())))
        return r.to_bytes(32, "big") + s.to_bytes(32, "big")

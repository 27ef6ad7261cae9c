"""Um servidor HTTP local e roteirizado, para o que o servidor real só responde quando algo falha."""

from __future__ import annotations

import json
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional, Tuple

# (status, cabeçalhos, corpo); um corpo None é um JSON padrão de sucesso do caminho.
Answer = Tuple[int, Dict[str, str], bytes]


def json_answer(status: int, body: Any, headers: Optional[Dict[str, str]] = None) -> Answer:
    return status, {"Content-Type": "application/json", **(headers or {})}, json.dumps(body).encode("utf-8")


def envelope(status: int, codigo: str, headers: Optional[Dict[str, str]] = None) -> Answer:
    erro = {"codigo": codigo, "mensagem": f"erro {codigo}", "detalhes": [], "request_id": f"req-{codigo}"}
    return json_answer(status, {"erro": erro}, headers)


PAGE: Answer = json_answer(200, {"data": [{"id": 1}], "meta": {"pagina": 1, "por_pagina": 100, "total": 1, "total_paginas": 1}})


class FakeApi:
    """Responde ao token com ``expires_in`` e, nos outros caminhos, o próximo item do roteiro do caminho (ou PAGE)."""

    def __init__(self, expires_in: int = 3600) -> None:
        self.expires_in = expires_in
        self.requests: List[Tuple[str, Dict[str, str]]] = []
        self.bodies: List[bytes] = []  # o corpo de cada requisição, na ordem de requests
        self.scripts: Dict[str, List[Answer]] = {}
        self.tokens_issued = 0
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - silencioso
                pass

            def _answer(self) -> None:
                path = self.path.split("?", 1)[0]
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                with fake.lock:
                    fake.requests.append((self.path, {k.lower(): v for k, v in self.headers.items()}))
                    fake.bodies.append(body)
                    script = fake.scripts.get(path)
                    answer = script.pop(0) if script else None
                    if answer is None and path == "/v1/oauth/token":
                        fake.tokens_issued += 1
                        answer = json_answer(
                            200,
                            {
                                "access_token": f"tok-{fake.tokens_issued}",
                                "token_type": "Bearer",
                                "expires_in": fake.expires_in,
                                "scope": "clientes:ler",
                            },
                        )
                if answer is None and path == "/v1/oauth/revoke":
                    answer = (200, {}, b"")  # RFC 7009: 200 sem corpo, exista o token ou não
                status, headers, body = answer if answer is not None else PAGE
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                if "Content-Length" not in headers:
                    self.send_header("Content-Length", str(len(body)))
                self.send_header("Connection", "close")
                self.end_headers()
                self.wfile.write(body)
                self.close_connection = True

            do_GET = _answer
            do_POST = _answer

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def paths(self) -> List[str]:
        return [path.split("?", 1)[0] for path, _ in self.requests]

    def forms(self, path: str) -> List[Dict[str, str]]:
        """O formulário de cada requisição a ``path``, na ordem."""
        return [
            dict(urllib.parse.parse_qsl(body.decode("ascii")))
            for (p, _), body in zip(self.requests, self.bodies)
            if p.split("?", 1)[0] == path
        ]

    def token_requests(self) -> int:
        return self.paths().count("/v1/oauth/token")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

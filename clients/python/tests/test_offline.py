"""O cliente contra um servidor local roteirizado: tokens, novas tentativas, erros e exportações quebradas."""

from __future__ import annotations

import base64
import json
import threading
import time
import unittest
from typing import Any, Dict, List

from api_externa import ApiExterna, ApiExternaError, OAuthError
from support import FakeApi, envelope, json_answer


def ndjson(*lines: Dict[str, Any], tail: str = "") -> bytes:
    return ("".join(json.dumps(line) + "\n" for line in lines) + tail).encode("utf-8")


NDJSON = {"Content-Type": "application/x-ndjson; charset=utf-8", "X-Request-ID": "req-export"}


class FakeServerTest(unittest.TestCase):
    def setUp(self) -> None:
        self.fake = FakeApi()
        self.addCleanup(self.fake.close)

    def client(self, **options: Any) -> ApiExterna:
        return ApiExterna(self.fake.base_url, "id", "segredo", **options)


class TokenTest(FakeServerTest):
    def test_one_token_for_many_calls(self) -> None:
        api = self.client()
        for _ in range(5):
            api.clientes.list()
        api.produtos.get(1)
        self.assertEqual(self.fake.token_requests(), 1)
        data_auth = {h["authorization"] for p, h in self.fake.requests if not p.startswith("/v1/oauth")}
        self.assertEqual(data_auth, {"Bearer tok-1"})

    def test_concurrent_first_calls_share_one_token_request(self) -> None:
        api = self.client()
        errors: List[BaseException] = []

        def call() -> None:
            try:
                api.servicos.list()
            except BaseException as err:  # pragma: no cover - reported below
                errors.append(err)

        threads = [threading.Thread(target=call) for _ in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(errors, [])
        self.assertEqual(self.fake.token_requests(), 1)

    def test_renewed_before_expiry(self) -> None:
        self.fake.expires_in = 61  # renovado 60 s antes de expirar: 1 s depois
        api = self.client()
        api.clientes.list()
        api.clientes.list()
        self.assertEqual(self.fake.token_requests(), 1)
        time.sleep(1.2)
        api.clientes.list()
        self.assertEqual(self.fake.token_requests(), 2)
        self.assertEqual(self.fake.requests[-1][1]["authorization"], "Bearer tok-2")

    def test_401_gets_one_new_token_and_retries_once(self) -> None:
        api = self.client()
        api.clientes.list()
        self.fake.scripts["/v1/clientes"] = [envelope(401, "token_invalido")]
        self.assertEqual(api.clientes.list()["data"], [{"id": 1}])
        self.assertEqual(self.fake.token_requests(), 2)
        self.fake.scripts["/v1/clientes"] = [envelope(401, "token_invalido"), envelope(401, "token_invalido")]
        self.fake.requests.clear()
        with self.assertRaises(ApiExternaError) as caught:
            api.clientes.list()
        self.assertEqual((caught.exception.status, caught.exception.codigo), (401, "token_invalido"))
        self.assertEqual(self.fake.paths(), ["/v1/clientes", "/v1/oauth/token", "/v1/clientes"])

    def test_basic_credentials_each_form_encoded_and_oauth_error(self) -> None:
        self.fake.scripts["/v1/oauth/token"] = [
            json_answer(401, {"error": "invalid_client", "error_description": "nope"}, {"X-Request-ID": "req-1"})
        ]
        api = ApiExterna(self.fake.base_url + "/", "id com espaço:e/dois", "a+b=c&d*~", scope=["clientes:ler", "os:ler"])
        with self.assertRaises(OAuthError) as caught:
            api.clientes.list()
        err = caught.exception
        self.assertIsInstance(err, ApiExternaError)
        self.assertEqual((err.status, err.error, err.codigo, err.error_description), (401, "invalid_client", "invalid_client", "nope"))
        self.assertEqual(err.request_id, "req-1")
        path, headers = self.fake.requests[0]
        self.assertEqual(path, "/v1/oauth/token")
        basic = base64.b64decode(headers["authorization"][len("Basic ") :]).decode()
        self.assertEqual(basic, "id+com+espa%C3%A7o%3Ae%2Fdois:a%2Bb%3Dc%26d*%7E")


class RevokeTest(FakeServerTest):
    def test_revoke_the_held_token_then_a_new_one(self) -> None:
        api = self.client()
        api.revoke()
        self.assertEqual(self.fake.requests, [], "sem token, nada a revogar")
        api.clientes.list()
        api.revoke()
        self.assertEqual(self.fake.forms("/v1/oauth/revoke"), [{"token": "tok-1"}])
        path, headers = [r for r in self.fake.requests if r[0] == "/v1/oauth/revoke"][0]
        self.assertEqual(headers["authorization"], "Basic " + base64.b64encode(b"id:segredo").decode())
        self.assertEqual(headers["content-type"], "application/x-www-form-urlencoded")
        api.clientes.list()
        self.assertEqual(self.fake.token_requests(), 2, "o token revogado foi esquecido")
        self.assertEqual(self.fake.requests[-1][1]["authorization"], "Bearer tok-2")

    def test_revoke_another_token_keeps_the_held_one(self) -> None:
        api = self.client()
        api.clientes.list()
        api.revoke("outro-token")
        self.assertEqual(self.fake.forms("/v1/oauth/revoke"), [{"token": "outro-token"}])
        api.clientes.list()
        self.assertEqual(self.fake.token_requests(), 1)

    def test_an_oauth_error_is_raised_and_the_token_kept(self) -> None:
        api = self.client()
        api.clientes.list()
        self.fake.scripts["/v1/oauth/revoke"] = [json_answer(401, {"error": "invalid_client", "error_description": "nope"})]
        with self.assertRaises(OAuthError) as caught:
            api.revoke()
        self.assertEqual((caught.exception.status, caught.exception.error), (401, "invalid_client"))
        api.clientes.list()
        self.assertEqual(self.fake.token_requests(), 1)

    def test_a_secret_or_a_private_key_not_both_nor_neither(self) -> None:
        with self.assertRaises(ValueError):
            ApiExterna(self.fake.base_url, "id")
        with self.assertRaises(ValueError):
            ApiExterna(self.fake.base_url, "id", "segredo", private_key="-----BEGIN PRIVATE KEY-----")


class RetryTest(FakeServerTest):
    def test_429_waits_retry_after(self) -> None:
        api = self.client()
        api.token()
        self.fake.requests.clear()
        self.fake.scripts["/v1/boletos"] = [envelope(429, "limite_excedido", {"Retry-After": "1"})]
        started = time.monotonic()
        self.assertEqual(api.boletos.list()["data"], [{"id": 1}])
        self.assertGreaterEqual(time.monotonic() - started, 0.95)
        self.assertEqual(self.fake.paths(), ["/v1/boletos", "/v1/boletos"])

    def test_503_backoff_then_success(self) -> None:
        api = self.client()
        api.token()
        self.fake.requests.clear()
        self.fake.scripts["/v1/contas-pagar"] = [envelope(503, "servico_indisponivel")]
        started = time.monotonic()
        self.assertEqual(api.contas_pagar.list()["data"], [{"id": 1}])
        self.assertGreaterEqual(time.monotonic() - started, 0.95, "1 s de espera sem Retry-After")
        self.assertEqual(self.fake.paths(), ["/v1/contas-pagar", "/v1/contas-pagar"])

    def test_bounded_attempts_then_the_error_with_retry_after(self) -> None:
        api = self.client(max_retries=1)
        api.token()
        self.fake.requests.clear()
        self.fake.scripts["/v1/boletos"] = [envelope(429, "limite_excedido", {"Retry-After": "0"})] * 3
        with self.assertRaises(ApiExternaError) as caught:
            api.boletos.list()
        self.assertEqual((caught.exception.status, caught.exception.codigo, caught.exception.retry_after), (429, "limite_excedido", 0))
        self.assertEqual(len(self.fake.requests), 2)

    def test_retry_after_beyond_the_limit_is_not_slept(self) -> None:
        api = self.client(max_retry_delay=5)
        api.token()
        self.fake.requests.clear()
        self.fake.scripts["/v1/boletos"] = [envelope(429, "limite_excedido", {"Retry-After": "45"})]
        started = time.monotonic()
        with self.assertRaises(ApiExternaError) as caught:
            api.boletos.list()
        self.assertEqual(caught.exception.retry_after, 45)
        self.assertLess(time.monotonic() - started, 1)
        self.assertEqual(len(self.fake.requests), 1)

    def test_an_answer_without_the_envelope(self) -> None:
        api = self.client()
        self.fake.scripts["/v1/clientes"] = [(502, {"Content-Type": "text/html", "X-Request-ID": "req-html"}, b"<html>bad gateway</html>")]
        with self.assertRaises(ApiExternaError) as caught:
            api.clientes.list()
        self.assertEqual((caught.exception.status, caught.exception.codigo, caught.exception.request_id), (502, "resposta_inesperada", "req-html"))


class ExportTest(FakeServerTest):
    def drain(self, api: ApiExterna) -> Any:
        exp = api.servicos.export()
        records: List[Dict[str, Any]] = []
        with self.assertRaises(ApiExternaError) as caught:
            for record in exp:
                records.append(record)
        self.assertIsNone(exp.cursor)
        self.assertIsNone(exp.total)
        self.assertEqual(caught.exception.status, 200)
        self.assertEqual(caught.exception.request_id, "req-export")
        return records, caught.exception

    def test_complete(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [
            (200, NDJSON, ndjson({"id": 1}, {"id": 2}, {"fim": True, "total": 2, "proximo_cursor": "c2"}))
        ]
        exp = self.client().servicos.export()
        self.assertEqual(list(exp), [{"id": 1}, {"id": 2}])
        self.assertEqual((exp.cursor, exp.total), ("c2", 2))
        accept = self.fake.requests[-1][1]["accept"]
        self.assertIn("application/x-ndjson", accept)

    def test_missing_fim_line(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [(200, NDJSON, ndjson({"id": 1}, {"id": 2}))]
        records, err = self.drain(self.client())
        self.assertEqual(records, [{"id": 1}, {"id": 2}])
        self.assertEqual(err.codigo, "exportacao_incompleta")

    def test_cut_mid_line(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [(200, NDJSON, ndjson({"id": 1}, tail='{"id": 2, "no'))]
        records, err = self.drain(self.client())
        self.assertEqual(records, [{"id": 1}])
        self.assertEqual(err.codigo, "exportacao_incompleta")

    def test_connection_dropped(self) -> None:
        body = ndjson({"id": 1})
        headers = {**NDJSON, "Content-Length": str(len(body) + 500)}
        self.fake.scripts["/v1/servicos/exportacao"] = [(200, headers, body)]
        records, err = self.drain(self.client())
        self.assertEqual(records, [{"id": 1}])
        self.assertEqual(err.codigo, "exportacao_incompleta")

    def test_total_disagrees(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [
            (200, NDJSON, ndjson({"id": 1}, {"fim": True, "total": 2, "proximo_cursor": "c"}))
        ]
        _, err = self.drain(self.client())
        self.assertEqual(err.codigo, "exportacao_incompleta")

    def test_a_line_that_is_not_json_or_after_the_end(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [
            (200, NDJSON, ndjson({"id": 1}, tail="<html>\n")),
            (200, NDJSON, ndjson({"fim": True, "total": 0, "proximo_cursor": "c"}, {"id": 1})),
        ]
        api = self.client()
        self.assertEqual(self.drain(api)[1].codigo, "resposta_inesperada")
        self.assertEqual(self.drain(api)[1].codigo, "resposta_inesperada")

    def test_429_before_the_answer_is_retried(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [
            envelope(429, "limite_excedido", {"Retry-After": "0"}),
            (200, NDJSON, ndjson({"id": 1}, {"fim": True, "total": 1, "proximo_cursor": "c1"})),
        ]
        exp = self.client().servicos.export()
        self.assertEqual(list(exp), [{"id": 1}])
        self.assertEqual(exp.cursor, "c1")

    def test_leaving_early_closes_the_answer(self) -> None:
        self.fake.scripts["/v1/servicos/exportacao"] = [
            (200, NDJSON, ndjson({"id": 1}, {"id": 2}, {"fim": True, "total": 2, "proximo_cursor": "c"}))
        ]
        exp = self.client().servicos.export()
        for record in exp:
            self.assertEqual(record, {"id": 1})
            break
        self.assertIsNone(exp.cursor)


if __name__ == "__main__":
    unittest.main()

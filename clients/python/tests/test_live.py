"""O cliente contra o servidor real (fase 1 do teste test/clients/python.test.ts, que dá AE_* no ambiente).

Um só cliente para o arquivo inteiro: o teste do Node confere depois que ele pediu um só token.
"""

from __future__ import annotations

import json
import os
import re
import unittest
import urllib.error
import urllib.request
from typing import Any, Dict, List, Optional

from api_externa import ApiExterna, ApiExternaError

LIVE = os.environ.get("AE_PHASE") == "1"
UUID = re.compile(r"^[0-9a-f-]{36}$")
_api: Optional[ApiExterna] = None


def api() -> ApiExterna:
    global _api
    if _api is None:
        _api = ApiExterna(os.environ["AE_BASE_URL"], os.environ["AE_CLIENT_ID"], os.environ["AE_CLIENT_SECRET"])
    return _api


def status_of(base_url: str, token: str) -> int:
    """O status de ``GET /v1/clientes`` com ``token``, sem o cliente (que trocaria um token recusado)."""
    request = urllib.request.Request(f"{base_url}/clientes?por_pagina=1", headers={"Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()
            return int(response.status)
    except urllib.error.HTTPError as err:
        with err:
            return err.code


def expected() -> Dict[str, Any]:
    value: Dict[str, Any] = json.loads(os.environ["AE_EXPECTED"])
    return value


@unittest.skipUnless(LIVE, "fase 1 do teste do Node (AE_PHASE=1, com o servidor)")
class LiveTest(unittest.TestCase):
    def test_list_get_pages_and_all_over_several_pages(self) -> None:
        servicos = api().servicos
        first = servicos.list(por_pagina=5, ordenar_por="id", ordem="asc")
        self.assertGreaterEqual(first["meta"]["total_paginas"], 3)
        pages = list(servicos.pages(por_pagina=5, ordenar_por="id", ordem="asc"))
        self.assertEqual([p["meta"]["pagina"] for p in pages], list(range(1, first["meta"]["total_paginas"] + 1)))
        listed = [r["id"] for r in servicos.all(por_pagina=5, ordenar_por="id", ordem="asc")]
        self.assertEqual(listed, [r["id"] for p in pages for r in p["data"]])
        self.assertEqual(len(listed), first["meta"]["total"])
        self.assertEqual(listed, sorted(set(listed)))
        self.assertLessEqual(set(listed), set(expected()["servicos_ids"]))
        self.assertEqual(servicos.get(first["data"][0]["id"]), first["data"][0])
        self.assertEqual([p["meta"]["pagina"] for p in servicos.pages(por_pagina=3, pagina=2)][0], 2)
        self.assertEqual(list(api().clientes.all(nome="ninguém com este nome")), [])

        query: Dict[str, Any] = {"cedente_tipo": "cliente", "ordenar_por": "id", "ordem": "asc", "por_pagina": 40}
        receber = api().contas_receber.list(**query)
        seen: List[int] = []
        for conta in api().contas_receber.all(**query):
            self.assertEqual(conta["cedente"]["tipo"], "cliente")
            seen.append(conta["id"])
        self.assertEqual(len(seen), receber["meta"]["total"])
        self.assertEqual(seen, sorted(set(seen)))
        joao = api().clientes.get(1, incluir="contato")
        self.assertEqual(joao["documento"], "529.982.247-25")

    def test_typed_errors(self) -> None:
        with self.assertRaises(ApiExternaError) as caught:
            api().clientes.get(999_999)
        err = caught.exception
        self.assertEqual((err.status, err.codigo, err.detalhes), (404, "recurso_nao_encontrado", ()))
        self.assertRegex(err.request_id or "", UUID)
        self.assertTrue(err.mensagem)

        with self.assertRaises(ApiExternaError) as caught:
            api().clientes.list(nome="a")
        self.assertEqual((caught.exception.status, caught.exception.codigo), (400, "requisicao_invalida"))
        self.assertEqual([d.campo for d in caught.exception.detalhes], ["nome"])
        self.assertRegex(str(caught.exception), r"^400 requisicao_invalida: ")

        narrow = ApiExterna(os.environ["AE_BASE_URL"], os.environ["AE_NARROW_CLIENT_ID"], os.environ["AE_NARROW_CLIENT_SECRET"])
        self.assertGreater(narrow.clientes.list(por_pagina=1)["meta"]["total"], 0)
        with self.assertRaises(ApiExternaError) as caught:
            narrow.boletos.list()
        self.assertEqual((caught.exception.status, caught.exception.codigo), (403, "escopo_insuficiente"))
        self.assertRegex(caught.exception.request_id or "", UUID)

    def test_revoke_the_held_token_then_a_new_one(self) -> None:
        base = os.environ["AE_BASE_URL"]
        own = ApiExterna(base, os.environ["AE_REVOKE_CLIENT_ID"], os.environ["AE_REVOKE_CLIENT_SECRET"])
        first = own.token()["access_token"]
        own.revoke()
        self.assertEqual(status_of(base, first), 401, "o token revogado não lê mais")
        self.assertGreater(own.clientes.list(por_pagina=1)["meta"]["total"], 0, "um token novo na chamada seguinte")
        # Um token de outra credencial: o servidor responde 200 e não o revoga.
        theirs = ApiExterna(base, os.environ["AE_NARROW_CLIENT_ID"], os.environ["AE_NARROW_CLIENT_SECRET"]).token()
        own.revoke(theirs["access_token"])
        self.assertEqual(status_of(base, theirs["access_token"]), 200)

    def test_export_then_feed_from_the_start_then_store_the_cursors(self) -> None:
        ids = expected()["servicos_ids"]
        exp = api().servicos.export()
        self.assertIsNone(exp.cursor)
        exported = [record["id"] for record in exp]
        self.assertEqual(exported, ids)
        self.assertEqual(exp.total, len(ids))
        self.assertIsInstance(exp.cursor, str)

        feed = api().servicos.changes(por_pagina=7)
        self.assertIsNone(feed.cursor, "uma leitura do começo")
        copy: Dict[int, Any] = {}
        for entry in feed:
            if entry["operacao"] == "excluido":
                copy.pop(entry["id"], None)
            else:
                copy[entry["id"]] = entry["registro"]
        self.assertEqual(sorted(copy), ids)
        self.assertIsInstance(feed.cursor, str)
        self.assertEqual(list(api().servicos.changes(cursor=feed.cursor)), [], "nada mudou ainda")
        self.assertEqual(list(api().servicos.changes(cursor=api().servicos.cursor_now())), [])

        stopped = api().produtos.changes(por_pagina=3)
        for _ in stopped:
            break
        self.assertIsNone(stopped.cursor, "nenhuma página terminada: o cursor não anda")

        with open(os.environ["AE_STATE_FILE"], "w", encoding="utf-8") as state:
            json.dump({"feed_cursor": feed.cursor, "export_cursor": exp.cursor}, state)


if __name__ == "__main__":
    unittest.main()

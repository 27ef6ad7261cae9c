"""Fase 2 do teste do Node: depois de uma alteração feita no banco, o feed a partir dos cursores guardados na fase 1."""

from __future__ import annotations

import json
import os
import time
import unittest
from typing import Any, Dict, List, Optional, Tuple

from api_externa import ApiExterna


@unittest.skipUnless(os.environ.get("AE_PHASE") == "2", "fase 2 do teste do Node (AE_PHASE=2, depois de uma alteração)")
class ResumeTest(unittest.TestCase):
    def test_resume_from_the_stored_cursors_reads_exactly_the_change(self) -> None:
        api = ApiExterna(os.environ["AE_BASE_URL"], os.environ["AE_CLIENT_ID"], os.environ["AE_CLIENT_SECRET"])
        with open(os.environ["AE_STATE_FILE"], encoding="utf-8") as state:
            stored = json.load(state)
        change = json.loads(os.environ["AE_CHANGES"])
        wanted = sorted(
            [("alterado", change["changed"], 999.99), ("excluido", change["deleted"], None), ("alterado", change["created"], 10)]
        )
        for name in ("feed_cursor", "export_cursor"):
            # No PostgreSQL o feed serve uma escrita quando as transações mais antigas terminam:
            # continue do último cursor até as três chegarem, como um integrador faria.
            cursor: Optional[str] = stored[name]
            seen: List[Tuple[str, int, Any]] = []
            deadline = time.monotonic() + 30
            while len(seen) < 3 and time.monotonic() < deadline:
                feed = api.servicos.changes(cursor=cursor)
                for entry in feed:
                    registro: Dict[str, Any] = entry["registro"] or {}
                    seen.append((entry["operacao"], entry["id"], registro.get("valor")))
                cursor = feed.cursor
                if len(seen) < 3:
                    time.sleep(0.2)
            self.assertEqual(sorted(seen), wanted, name)
            again = api.servicos.changes(cursor=cursor)
            self.assertEqual(list(again), [], "nada em dobro")
            self.assertIsInstance(again.cursor, str)


if __name__ == "__main__":
    unittest.main()

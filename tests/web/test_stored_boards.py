"""An evening stored by a version before the typed board (its boards' deal and analysis among
their tags, as PBN writes them) keeps loading: its hand records are answered as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from bridgescore.boards.tags import dd_hex, par_texts
from bridgescore.deals import deal_set, to_bytes
from bridgescore.duplicate.session import session_from_dict
from bridgescore.storage.live_deals import DealStore
from bridgescore.web import Settings
from bridgescore.web.analysis import Analyser
from bridgescore.web.deps import live_of
from tests.conftest import auth, create_app

DEALT = deal_set("1-6", seed="5e" * 32).boards
TABLE = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))


def client(url: str) -> TestClient:
    app = create_app(Settings(database_url=url, open_evenings=True))
    app.state.analyser = Analyser(DealStore(live_of(app).store), available=False)
    return TestClient(app)


def as_before(board: dict[str, Any]) -> dict[str, Any]:
    """A board as the definition held it before the typed board: its deal and analysis as the
    tags ``Deal``, ``DoubleDummyTricks``, ``OptimumScore`` and ``ParContract``."""
    found = session_from_dict({"sections": [{"name": "A", "boards": [board]}]})
    typed = found.sections[0].boards[0]
    tags: list[list[str]] = []
    if typed.deal is not None:
        tags.append(["Deal", str(typed.deal)])
    if typed.dd is not None and typed.par is not None:
        score, contracts = par_texts(typed.par)
        tags += [["DoubleDummyTricks", dd_hex(typed.dd)], ["OptimumScore", score],
                 ["ParContract", contracts]]  # fmt: skip
    keep = ("number", "dealer", "vulnerability")
    return {k: board[k] for k in keep} | {"tags": tags + [list(t) for t in board["tags"]]}


def test_an_evening_stored_before_the_typed_board_answers_its_hands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'evening.db'}"
    with client(url) as c:
        s = c.post("/api/sessions", json={"movement": {"movement": "mitchell", "tables": 3,
                                                       "boards_per_round": 2}}).json()  # fmt: skip
        base, director = f"/api/sessions/{s['id']}", auth(s["edit_token"])
        pbn = to_bytes(DEALT, "set.pbn").decode()
        assert c.put(f"{base}/deals", json={"pbn": pbn}, headers=director).status_code == 200
        store = c.app.state.live.store  # type: ignore[attr-defined]
        assert DealStore(store).solved(s["id"], [(1, DEALT[0].deal, TABLE)]) is not None
        before = [c.get(f"{base}/boards/{n}", headers=director).json()["hand"] for n in (1, 2)]
    engine = sa.create_engine(url, poolclass=sa.NullPool)
    try:
        with engine.begin() as conn:
            (settings,) = conn.execute(sa.text("SELECT settings FROM games WHERE id = :id"),
                                       {"id": s["id"]}).one()  # fmt: skip
            data = json.loads(settings)
            boards = data["sections"][0]["boards"]
            assert boards[0]["dd"] == [list(row) for row in TABLE]  # stored in the typed shape
            data["sections"][0]["boards"] = [as_before(b) for b in boards]
            assert data["sections"][0]["boards"][0]["tags"][0] == ["Deal", str(DEALT[0].deal)]
            conn.execute(sa.text("UPDATE games SET settings = :s WHERE id = :id"),
                         {"s": json.dumps(data), "id": s["id"]})  # fmt: skip
    finally:
        engine.dispose()
    with client(url) as c:  # a new server reads the definition stored the old way
        after = [c.get(f"{base}/boards/{n}", headers=director).json()["hand"] for n in (1, 2)]
        assert after == before
        assert after[0]["par"] == {
            "score": 400,
            "contracts": ["3NTN"],
            "text": "NS 400: 3NTN",
            "said": "NS 400: 3NTN",
        }
        assert (after[1]["deal"], after[1]["dd"]) == (str(DEALT[1].deal), None)
        shown = c.get(f"{base}/deals", headers=director).json()
        assert (shown["dealt"], shown["boards"]) == (6, 6)

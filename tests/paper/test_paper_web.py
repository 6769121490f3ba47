"""``GET /api/sessions/{id}/paper/{what}.pdf``: the results sheet and the hand records of a
session from a file and of a club evening (its director before closing, anyone after), the
refusals, the pages' links, and a withdrawn pair's note on the results page and the sheet."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bridgescore.web import Settings
from tests.conftest import auth, create_app
from tests.helpers import text_of
from tests.helpers import upload_pbn as upload


def test_a_session_from_a_file(client: TestClient) -> None:
    game = upload(client, "mitchell3.pbn")
    answer = client.get(f"/api/sessions/{game}/paper/results.pdf")
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    assert answer.headers["content-disposition"].startswith('attachment; filename="Spring-Pairs')
    text = text_of(answer.content)
    assert text.startswith("Spring Pairs\nRiverside Bridge Club · 12 March 2024")
    assert "8.67" in text
    hands = client.get(f"/api/sessions/{game}/paper/hand-records.pdf", params={"per_page": 4})
    assert hands.status_code == 200, hands.text
    assert "Board 1" in text_of(hands.content)
    assert "Par: NS 460" in text_of(hands.content)
    bad = client.get(f"/api/sessions/{game}/paper/hand-records.pdf", params={"per_page": 3})
    assert bad.status_code == 422
    assert client.get(f"/api/sessions/{game}/paper/menus.pdf").status_code == 422
    assert client.get("/api/sessions/nope/paper/results.pdf").status_code == 404
    no_movement = client.get(f"/api/sessions/{game}/paper/slips.pdf")
    assert no_movement.status_code == 409
    assert "no movement" in no_movement.json()["detail"]
    page = client.get(f"/session/{game}").text
    assert f'href="/api/sessions/{game}/paper/results.pdf" id="paper-results"' in page
    assert f'href="/api/sessions/{game}/paper/hand-records.pdf?per_page=2"' in page


def test_an_evening_with_a_withdrawal(tmp_path: Path) -> None:
    """A pair that withdrew was ranked with no note: the results page and the sheet say
    when it left."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'e.db'}", open_evenings=True)
    with TestClient(create_app(settings)) as client:
        body: dict[str, Any] = {"event": "Monday pairs", "date": "2026.03.09",
                                "movement": {"movement": "mitchell", "tables": 3,
                                             "boards_per_round": 1}}  # fmt: skip
        created = client.post("/api/sessions", json=body).json()
        game, director = created["id"], auth(created["edit_token"])
        table = auth(created["tables"][0]["token"])
        result = {"round": 1, "table": 1, "board": 1, "contract": "4S", "declarer": "N",
                  "tricks": 10}  # fmt: skip
        assert client.post(f"/api/sessions/{game}/results", json=result,
                           headers=table).status_code == 201  # fmt: skip
        gone = {"pair": "EW 2", "from_round": 2}
        assert client.post(f"/api/sessions/{game}/withdrawals", json=gone,
                           headers=director).status_code == 201  # fmt: skip
        url = f"/api/sessions/{game}/paper/results.pdf"
        assert client.get(url).status_code == 403  # open: its director's only
        assert client.get(url, headers=table).status_code == 403
        early = client.get(url, headers=director)
        assert early.status_code == 200, early.text
        assert "EW 2: withdrew after round 1" in text_of(early.content)
        hands = client.get(f"/api/sessions/{game}/paper/hand-records.pdf", headers=director)
        assert hands.status_code == 409
        assert "no board of this session has a deal" in hands.json()["detail"]
        assert (
            f'href="/api/sessions/{game}/paper/results.pdf"'
            in client.get(f"/live/{game}/director").text
        )
        slips = client.get(f"/api/sessions/{game}/paper/slips.pdf", headers=director)
        assert slips.status_code == 200, slips.text
        assert slips.headers["content-type"] == "application/pdf"
        assert text_of(slips.content).count("Board ") == 3
        table_cards = client.get(f"/api/sessions/{game}/paper/cards.pdf", headers=director)
        assert "Table 3" in text_of(table_cards.content)
        assert client.get(f"/api/sessions/{game}/paper/cards.pdf").status_code == 403
        assert client.post(f"/api/sessions/{game}/close", json={"closed": True},
                           headers=director).status_code == 200  # fmt: skip
        page = client.get(f"/session/{game}").text
        assert re.search(r"<td>[^<]*<span class=\"pair-note\">\(withdrew after round 1\)", page)
        assert page.count('class="pair-note"') == 1
        sheet = text_of(client.get(url).content)
        assert "EW 2: withdrew after round 1" in sheet
        assert "Monday pairs" in sheet
        assert "9 March 2026" in sheet

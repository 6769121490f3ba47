"""A Bridgemate ``.bws`` uploaded on the new session page, as a PBN is: stored with the file's
pairs and results, ranked as ``bridgescore.bws.read`` ranks it; a damaged one refused on the
page with the file's name."""

from __future__ import annotations

import httpx2 as httpx
from fastapi.testclient import TestClient

from bridgescore import bws
from bridgescore.duplicate.session import Session
from bridgescore.storage import Store
from tests.conftest import DATA, csrf

TWELVE = DATA / "real" / "bws" / "12tables1section.bws"


def _upload(client: TestClient, name: str, data: bytes) -> httpx.Response:
    form = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": (name, data, "application/octet-stream")}
    return client.post("/session/new", data=form, files=files, follow_redirects=False)


def test_an_uploaded_bws_is_the_session_it_holds(client: TestClient) -> None:
    response = _upload(client, "tuesday.bws", TWELVE.read_bytes())
    assert response.status_code == 303, response.text
    game_id = str(response.headers["location"]).rsplit("/", 1)[1]
    store: Store = client.app.state.store  # type: ignore[attr-defined]
    stored = store.get(game_id).game
    assert isinstance(stored, Session)
    assert stored.sections == bws.read(TWELVE).session.sections
    page = client.get(f"/session/{game_id}").text
    assert "<h1>tuesday</h1>" in page  # the event: the uploaded file's name
    assert "62.52" in page  # pair 12's percentage, first of the one field
    assert "36.47" in page  # pair 14's, last


def test_a_damaged_bws_is_refused_on_the_page(client: TestClient) -> None:
    response = _upload(client, "cut.bws", TWELVE.read_bytes()[:8192])
    assert response.status_code == 422
    assert "cut.bws: mdbtools could not read its list of tables" in response.text

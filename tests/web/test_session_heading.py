"""The heading of an evening's results (issue 31): the club, the date, the director and the
event on the results page, the club's site page and in each file, from one core function
(:func:`bridgescore.duplicate.session.heading`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from tests.conftest import auth, make_club


def test_the_heading_of_every_results_page_and_file(client: TestClient) -> None:
    login = auth(make_club(client, "Acol Bridge Club", "1234", "td@acol.example"))
    movement = {"movement": "mitchell", "tables": 3, "boards_per_round": 1}
    body = {"event": "Tuesday pairs", "movement": movement, "director": "Jo Bloggs",
            "date": "2026.12.01"}  # fmt: skip
    created = client.post("/api/sessions", json=body, headers=login)
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    base = f"/api/sessions/{game}"
    for _ in range(3):
        for slot in client.get(base, headers=login).json()["missing"]:
            where = {k: slot[k] for k in ("round", "table", "board")}
            entry = {**where, "contract": "3NT", "declarer": "N", "tricks": 9}
            assert client.post(f"{base}/results", json=entry, headers=login).status_code == 201
    assert client.post(f"{base}/close", json={"closed": True}, headers=login).status_code == 200
    line = "Acol Bridge Club (EBU 1234) · 1 December 2026 · Director: Jo Bloggs"
    page = client.get(f"/session/{game}").text
    assert "<h1>Tuesday pairs</h1>" in page
    assert f'<p class="heading-line" id="session-heading">{line}</p>' in page  # failed before
    site = client.get("/api/club/public", headers=login).json()["site"]
    evening = client.get(f"{site}evenings/{game}/")
    assert evening.status_code == 200, evening.text
    assert f'<p class="lead" id="evening-heading">{line} · scored by' in evening.text
    csv = client.get(f"{base}/export", params={"format": "csv"}).text.splitlines()
    tags = csv[csv.index("tag,value") + 1 :]
    assert tags[:4] == ["Event,Tuesday pairs", "Date,2026.12.01",
                        "Club,Acol Bridge Club (EBU 1234)", "Director,Jo Bloggs"]  # fmt: skip
    pbn = client.get(f"{base}/export", params={"format": "pbn"}).text
    for tag in ('[Event "Tuesday pairs"]', '[Date "2026.12.01"]', '[Site "Acol Bridge Club"]',
                '[Club "Acol Bridge Club (EBU 1234)"]', '[Director "Jo Bloggs"]'):  # fmt: skip
        assert tag in pbn, tag
    root = ET.fromstring(client.get(f"{base}/export", params={"format": "usebio"}).content)
    event = root.find("EVENT")
    assert event is not None
    assert event.findtext("EVENT_DESCRIPTION") == "Tuesday pairs"
    assert event.findtext("DATE") == "01/12/2026"
    assert root.findtext("CLUB/CLUB_NAME") == "Acol Bridge Club"

"""The rubber and Chicago pads' lines in the page's language (issue 35 part 3): the core writes
English phrases with their values, the page says them in its language."""

from __future__ import annotations

import html
import re

import pytest
from fastapi.testclient import TestClient

from tests.conftest import csrf
from tests.helpers import HANDOUT, add, new_rubber

ENGLISH_LINES = (
    "Trick points", "won the rubber", " below (", " above (", "Rules:", "tricks", "default",
)  # fmt: skip


def _said(page: str, element: str) -> str:
    """The text of the element with this id, tags dropped, spaces squeezed."""
    m = re.search(rf'id="{element}"[^>]*>(.*?)</(?:p|ol)>', page, re.S)
    assert m, element
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", m[1])).split())


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "fr",
            [
                "4H par NOUS, 10 levées, NOUS 100 d'honneurs : NOUS 120 sous la ligne "
                "(Points de levée : 4 × 30); NOUS 100 au-dessus de la ligne "
                "(Honneurs : 4 honneurs d'atout dans une main)",
                "Règles : standard. EUX ont gagné le robre 2-1. NOUS gagnent de 40 points "
                "(760 à 720).",
                "EUX 500 au-dessus de la ligne (Prime de robre : 2 manches à 1)",
            ],
        ),
        (
            "de",
            [
                "4H von WIR, 10 Stiche, WIR 100 Honneurs: WIR 120 unter dem Strich "
                "(Stichpunkte: 4 × 30); WIR 100 über dem Strich "
                "(Honneurs: 4 Trumpfhonneurs in einer Hand)",
                "Regeln: Standard. SIE haben den Robber 2-1 gewonnen. WIR gewinnen mit 40 Punkten "
                "(760 zu 720).",
            ],
        ),
    ],
)
def test_a_rubbers_lines_in_french_and_german(
    client: TestClient, language: str, lines: list[str]
) -> None:
    game = new_rubber(client)
    for deal in HANDOUT:
        assert add(client, game, **deal) == 303
    client.get(f"/language/{language}")
    page = client.get(game).text
    said = _said(page, "deals") + " " + _said(page, "status")
    for line in lines:
        assert line in said, said
    for english in ENGLISH_LINES:
        assert english not in said, english


@pytest.mark.parametrize(
    ("language", "result", "vul"),
    [
        ("fr", "EO ont gagné la série (donnes 1-4) de {margin} : {ew} à {ns}.", "Tous"),
        ("de", "OW haben die Runde (Spiele 1-4) mit {margin} gewonnen: {ew} zu {ns}.", "Alle"),
    ],
)
def test_a_chicagos_set_result_in_french_and_german(
    client: TestClient, language: str, result: str, vul: str
) -> None:
    token = csrf(client, "/chicago/new")
    response = client.post(
        "/chicago/new",
        data={"csrf": token, "rules": "acbl", "first_dealer": "N"},
        follow_redirects=False,
    )
    game = response.headers["location"]
    for level, strain, declarer, tricks in [
        ("2", "S", "N", "9"),
        ("3", "NT", "E", "9"),
        ("2", "H", "S", "8"),
        ("4", "S", "W", "10"),
    ]:
        data = {"level": level, "strain": strain, "declarer": declarer, "tricks": tricks}
        assert add(client, game, **data) == 303
    client.get(f"/language/{language}")
    page = client.get(game).text
    ns, ew = (int(re.findall(rf'id="total-{side}">(\d+)<', page)[0]) for side in ("ns", "ew"))
    assert ew > ns  # the games are EW's; the page's totals are the set's
    assert _said(page, "set-result") == result.format(margin=ew - ns, ew=ew, ns=ns)
    assert f'<span class="vul vul-All">{vul}<' in page
    assert "won the set" not in page


def test_the_rules_names_in_the_page_language(client: TestClient) -> None:
    client.get("/language/de")
    page = client.get("/rubber/new").text
    assert 'value="laws-1993"' in page  # the form's value as the core reads it
    assert "<strong>Regeln von 1993</strong>" in page
    assert "<strong>Standard</strong>" in page
    assert "Das ACBL-Merkblatt" in page  # the preset's description
    assert "The ACBL handout" not in page
    client.get("/language/en")
    english = client.get("/chicago/new").text
    assert "<strong>acbl</strong> — ACBL four-deal bridge" in english

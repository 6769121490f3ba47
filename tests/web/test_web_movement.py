"""The movement page: the form, the summary, the cards, bad options next to their field."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient


def test_the_default_page_shows_a_seven_table_mitchell(client: TestClient) -> None:
    page = client.get("/movement")
    assert page.status_code == 200
    assert "Mitchell: 7 tables, 14 pairs, 7 rounds of 3 boards, 21 boards" in page.text
    assert page.text.count('<section class="card"') == 7
    assert '<h2 class="card-heading">Table 7</h2>' in page.text
    assert "/static/print-a4.css" in page.text


def test_guide_cards_on_letter_paper(client: TestClient) -> None:
    page = client.get("/movement?movement=howell&pairs=10&boards_per_round=3&cards=guide"
                      "&paper=letter")  # fmt: skip
    assert page.status_code == 200
    assert page.text.count('<section class="card"') == 10
    assert '<h2 class="card-heading">Pair 10</h2>' in page.text
    assert "/static/print-letter.css" in page.text
    assert client.get("/static/print-letter.css").text.count("size: letter") == 1


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        ("tables=1", "tables", "2 to 30"),
        ("tables=²", "tables", "tables: expected a whole number"),
        ("tables=" + "9" * 5000, "tables", "tables: expected a whole number"),
        ("movement=howell&pairs=30", "pairs", "4 to 20"),
        ("boards_per_round=0", "boards_per_round", "boards_per_round: expected a whole number"),
    ],
)
def test_bad_options_are_shown_next_to_their_field(
    client: TestClient, query: str, field: str, message: str
) -> None:
    page = client.get(f"/movement?{query}")
    assert page.status_code == 422
    m = re.search(rf'id="error-{field}" role="alert">([^<]*)<', page.text)
    assert m, page.text
    assert message in m[1]

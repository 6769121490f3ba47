"""The team and Swiss nights' scripts speak the page's language (issue 35, part 3): every
sentence they build is a whole message of the catalogues, and the page carries its
translation (``#bs-messages``, read by ``app.js``'s ``gettext``)."""

from __future__ import annotations

import json
import re
from typing import Any

from bridgescore.locale import js_catalogue
from tests.conftest import PASSWORD, csrf
from tests.helpers import swiss_night

PHONE_TITLE = "%(home)s %(home_imps)s \u2013 %(away_imps)s %(away)s (IMPs)"
"""The table phone's line of its match so far (team_table.js)."""


def fill(text: str, **values: object) -> str:
    """``text`` with its ``%(name)s`` filled in, as app.js's gettext fills them."""
    return re.sub(r"%\((\w+)\)[sd]", lambda m: str(values[m[1]]), text)


def page_messages(html: str) -> dict[str, Any]:
    """The messages the page carries for its scripts."""
    found = re.search(r'<script [^>]*id="bs-messages">(.*?)</script>', html, re.S)
    assert found, "the page carries no messages for its scripts"
    messages: dict[str, Any] = json.loads(found[1])["messages"]
    return messages


def test_the_table_phone_and_director_page_carry_their_sentences_in_german() -> None:
    with swiss_night() as (client, login, event_id, _tables):
        drawn = client.get(f"/api/events/{event_id}/rounds/1", headers=login).json()
        link = drawn["matches"][0]["tables"][0]["url"]
        german = {"Accept-Language": "de"}
        phone_page = client.get(link, headers=german)
        form = {"csrf": csrf(client, "/login"), "email": "td@example.org", "password": PASSWORD}
        client.post("/login", data=form)  # the director's cookie, as a browser keeps it
        director_page = client.get(f"/event/{event_id}/director", headers=german)
    assert 'id="team-table"' in phone_page.text
    assert 'id="team-night"' in director_page.text
    assert 'data-mode="director"' in director_page.text
    phone, director = page_messages(phone_page.text), page_messages(director_page.text)
    line = fill(phone[PHONE_TITLE], home="Lions", home_imps=10, away_imps=0, away="Bears")
    assert line == "Lions 10 \u2013 0 Bears (IMPs)"
    assert phone["Match %(match)s · %(room)s"] == "Kampf %(match)s · %(room)s"
    assert director["Tied at %(imps)s IMPs: set a carry-over or play extra boards."] == (
        "Unentschieden bei %(imps)s IMPs: setzen Sie einen Übertrag oder lassen Sie zusätzliche"
        " Boards spielen."
    )
    assert director["%(done)s of %(num)d board scored"] == [
        "%(done)s von %(num)d Board abgerechnet",
        "%(done)s von %(num)d Boards abgerechnet",
    ]
    assert fill(director["Round %(round)s of %(rounds)s"], round=1, rounds=3) == "Runde 1 von 3"


def test_the_start_page_sentences_in_french() -> None:
    messages = js_catalogue("fr")["messages"]
    assert isinstance(messages, dict)
    parts = {
        "entrants": fill(messages["%(num)d team"][1], num=6),
        "rounds": fill(messages["%(num)d round of %(boards)s boards a match"][1], num=5, boards=8),
        "matches": fill(messages["%(num)d match"][1], num=3),
        "tables": fill(
            messages["%(num)d table a round (two a match: open and closed room)"][1], num=6
        ),
    }
    line = fill(messages["%(entrants)s, %(rounds)s: %(matches)s and %(tables)s."], **parts)
    assert line == (
        "6 équipes, 5 tours de 8 donnes par match : 3 matchs et 6 tables par tour"
        " (deux par match : salle ouverte et salle fermée)."
    )


def place_text(messages: dict[str, Any], place: dict[str, Any]) -> str:
    """Where an entrant sits, as team_night.js says it from the API's ``places``."""
    if place["match"] is None:
        key = "%(entrant)s: bye"
    elif place["ns_room"] is None:
        key = "%(entrant)s: table %(match)s v %(opponents)s"
    else:
        closed = "closed" if place["ns_room"] == "open" else "open"
        key = (
            "%(entrant)s: match %(match)s v %(opponents)s, "
            f"NS in the {place['ns_room']} room, EW in the {closed} room"
        )
    return fill(messages.get(key, key), **place)


def test_where_each_team_sits_is_said_from_the_places_in_english_and_german() -> None:
    with swiss_night() as (client, _login, event_id, _tables):
        rnd = client.get(f"/api/events/{event_id}/rounds/1").json()
    assert [place_text({}, p) for p in rnd["places"]] == rnd["seats"]  # the core's English
    german = js_catalogue("de")["messages"]
    assert isinstance(german, dict)
    lions = next(p for p in rnd["places"] if p["entrant"] == "Lions")
    assert place_text(german, lions) == (
        "Lions: Kampf 1 gegen Bears, NS im offenen Raum, OW im geschlossenen Raum"
    )

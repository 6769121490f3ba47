"""Case 5 of issue 33: email addresses are read by a maintained library (``email-validator``,
no DNS look-up) where they enter, and a letter that cannot be sent fails alone.

``evil>,<x@b.test`` is not two recipients, ``a;b@c.test`` not ``a``, NUL and U+2028 are
refused (``POST /api/roster`` and ``PUT /api/roster/{id}``: 422 naming ``email``; the roster
form; a backup's roster, through the same core check); ``josé@a.test`` is kept and sent with
SMTPUTF8 where the club's server offers it, else its letter fails alone in plain words while
the others go (never left ``handing``)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from bridgescore.club import ClubError, RosterEntry
from bridgescore.club.mail import SmtpSettings
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.outbox import OutboxStore
from bridgescore.storage.sender import Sender
from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club
from tests.hostile.mail_helpers import Inbox, club_evening, letters, report, smtp_server

HOSTILE = ["evil>,<x@b.test", "a;b@c.test", "a\x00b@c.test", "a\u2028b@c.test",
           "Ann <ann@b.test>", "ann@b.test, bob@c.test", "ann@b.test\r\nBcc: x@c.test",
           '"a b"@c.test', "ann@[127.0.0.1]", "ann@localhost", "ann@b..test"]  # fmt: skip


def test_the_core_refuses_an_address_that_is_not_one() -> None:
    fields = {}
    for address in HOSTILE:
        try:
            RosterEntry(0, Player("Ann Smith", "1001"), address)
            fields[address] = "taken"
        except ClubError as refused:
            fields[address] = str(refused.field)
    assert fields == dict.fromkeys(HOSTILE, "email")


def test_the_api_and_the_form_refuse_them_naming_email(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}")
    with TestClient(create_app(settings)) as client:
        token = make_club(client, "Acol BC", "1234", "td@acol.example")
        ann = {"name": "Ann Smith", "number": "1001", "email": "ann@example.org"}
        added = client.post("/api/roster", json=ann, headers=auth(token))
        assert added.status_code == 201, added.text
        where = f"/api/roster/{added.json()['id']}"
        for address in HOSTILE:
            for method, url in (("POST", "/api/roster"), ("PUT", where)):
                got = client.request(method, url, headers=auth(token),
                                     json={**ann, "number": "1002", "email": address})  # fmt: skip
                assert got.status_code == 422, (address, got.text)
                assert got.json()["detail"][0]["loc"][-1] == "email"
        roster = client.get("/api/roster", headers=auth(token)).json()
    assert [p.get("email") for p in roster_players(roster)] == ["ann@example.org"]


def roster_players(answer: object) -> list[dict[str, object]]:
    assert isinstance(answer, dict)
    players = answer["players"]
    assert isinstance(players, list)
    return players


def test_an_internationalised_address_is_kept_and_sent_with_smtputf8(tmp_path: Path) -> None:
    assert RosterEntry(0, Player("José", "1001"), "José@A.test").email == "josé@a.test"
    inbox = Inbox()
    with (smtp_server(inbox, enable_SMTPUTF8=True) as port,
          Store(f"sqlite:///{tmp_path / 'o.db'}") as store):  # fmt: skip
        smtp = SmtpSettings("127.0.0.1", port, "none", "results@acol.example")
        to = ("ann@example.org", "josé@a.test", "bob@example.org")
        _, game = club_evening(store, "Acol BC", "1234", smtp, letters(*to))
        Sender(OutboxStore(store), local=True).run_once()
        assert {x: s for x, (s, _) in report(store, game).items()} == dict.fromkeys(to, "sent")
    assert inbox.recipients() == sorted(to)
    message = next(m for _, tos, m in inbox.messages if tos == ["josé@a.test"])
    assert "josé@a.test" in str(message["To"])


def test_without_smtputf8_that_letter_fails_alone(tmp_path: Path) -> None:
    inbox = Inbox()
    with (smtp_server(inbox, enable_SMTPUTF8=False) as port,
          Store(f"sqlite:///{tmp_path / 'o.db'}") as store):  # fmt: skip
        smtp = SmtpSettings("127.0.0.1", port, "none", "results@acol.example")
        to = ("ann@example.org", "josé@a.test", "bob@example.org")
        _, game = club_evening(store, "Acol BC", "1234", smtp, letters(*to))
        Sender(OutboxStore(store), local=True).run_once()
        got = report(store, game)
    assert got["josé@a.test"] == ("failed", "the mail server cannot take an address with "
                                  "letters beyond ASCII (it offers no SMTPUTF8)")  # fmt: skip
    assert got["ann@example.org"][0] == got["bob@example.org"][0] == "sent"
    assert inbox.recipients() == ["ann@example.org", "bob@example.org"]


def test_an_address_stored_before_the_check_goes_to_no_one_else(tmp_path: Path) -> None:
    """A letter is sent to its one address as given (never the To header read again): an old
    row's ``evil>,<x@b.test`` reaches neither ``evil`` nor ``x@b.test``, and fails alone."""
    inbox = Inbox()
    with smtp_server(inbox) as port, Store(f"sqlite:///{tmp_path / 'o.db'}") as store:
        smtp = SmtpSettings("127.0.0.1", port, "none", "results@acol.example")
        to = ("ann@example.org", "evil>,<x@b.test", "a;b@c.test", "bob@example.org")
        _, game = club_evening(store, "Acol BC", "1234", smtp, letters(*to))
        Sender(OutboxStore(store), local=True).run_once()
        got = report(store, game)
    assert inbox.recipients() == ["ann@example.org", "bob@example.org"]
    assert got["evil>,<x@b.test"][0] == got["a;b@c.test"][0] == "failed"

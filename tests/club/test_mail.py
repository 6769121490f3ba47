"""The core of results by email: a pair's scorecard (a hand-worked section), who gets a letter
and who is listed, the SMTP settings' checks, when the director may send, and the retries'
waits; the CLI's ``club smtp``."""

from __future__ import annotations

import html
import re
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Result, Side
from bridgescore.club import PublicView, RosterEntry
from bridgescore.club.mail import (
    AlreadySentError,
    MailError,
    Retry,
    SmtpSettings,
    check_mailing,
    plan_letters,
    scorecard_html,
    scorecard_text,
)
from bridgescore.duplicate.session import (
    BoardResult,
    Section,
    SectionScores,
    Session,
    score_section,
)
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.outbox import OutboxStore
from tests.conftest import run

ANN, BOB = Player("Ann Smith", "1001"), Player("Bob Jones", "1002")
CY, DI = Player("Cy Brown", "1003"), Player("Di Green", "1004")


def section(ns1: tuple[Player, ...] = (ANN, BOB), ew1: tuple[Player, ...] = (CY, DI)) -> Section:
    """Two boards, three tables (worked by hand below).

    Board 1 (Love All): NS 1 v EW 1 4SS= +420, NS 2 v EW 2 4SS+1 +450, NS 3 v EW 3 4SS-1 -50.
    Board 2 (NS vulnerable): NS 1 v EW 2 3NTN= +600, NS 2 v EW 3 3NTN-1 -100, NS 3 v EW 1
    4HE= -420. Matchpoints (MP1, SCORING.md: 2 a result beaten, top 2(3 - 1) = 4 a board):
    NS 1 2 + 4 = 6 of 8 (75 %), NS 2 4 + 2 = 6 (75 %), NS 3 0; EW 1 2 + 4 = 6 (75 %), EW 2 0,
    EW 3 4 + 2 = 6.
    """
    results = [BoardResult(1, 1, 1, Result.parse("4SS=")),
               BoardResult(1, 2, 2, Result.parse("4SS+1")),
               BoardResult(1, 3, 3, Result.parse("4SS-1")),
               BoardResult(2, 1, 2, Result.parse("3NTN=")),
               BoardResult(2, 2, 3, Result.parse("3NTN-1")),
               BoardResult(2, 3, 1, Result.parse("4HE="))]  # fmt: skip
    sec = Section("A", "mitchell", results=results)
    named = {(Side.NS, 1): ns1, (Side.EW, 1): ew1}
    pairs = tuple(replace(p, players=named[p.key], names=" & ".join(x.name for x in named[p.key]))
                  if p.key in named else p for p in sec.pairs)  # fmt: skip
    return replace(sec, pairs=pairs)


def scored(sec: Section | None = None) -> SectionScores:
    return score_section(sec or section())


CARDS = [
    (Side.NS, 1, frozenset(), [
        "NS 1 Ann Smith & Bob Jones: place 1= of 3 (NS), 6.00 matchpoints of 8 (75.00%)",
        "Board  Sat  Against                  Result  Score  MP    Top",
        "1      NS   EW 1 Cy Brown & Di Green  4SS=    420    2.00  4",
        "2      NS   EW 2                     3NTN=   600    4.00  4"]),
    (Side.NS, 1, frozenset({"1003"}), [
        "NS 1 Ann Smith & Bob Jones: place 1= of 3 (NS), 6.00 matchpoints of 8 (75.00%)",
        "Board  Sat  Against                     Result  Score  MP    Top",
        "1      NS   EW 1 Player 1003 & Di Green  4SS=    420    2.00  4",
        "2      NS   EW 2                        3NTN=   600    4.00  4"]),
    (Side.EW, 1, frozenset(), [
        "EW 1 Cy Brown & Di Green: place 1= of 3 (EW), 6.00 matchpoints of 8 (75.00%)",
        "Board  Sat  Against                   Result  Score  MP    Top",
        "1      EW   NS 1 Ann Smith & Bob Jones  4SS=    -420   2.00  4",
        "2      EW   NS 3                      4HE=    420    4.00  4"]),
    (Side.NS, 3, frozenset(), [
        "NS 3: place 3 of 3 (NS), 0.00 matchpoints of 8 (0.00%)",
        "Board  Sat  Against                  Result  Score  MP    Top",
        "1      NS   EW 3                     4SS-1   -50    0.00  4",
        "2      NS   EW 1 Cy Brown & Di Green  4HE=    -420   0.00  4"]),
]  # fmt: skip


@pytest.mark.parametrize(("side", "number", "private", "expected"), CARDS,
                         ids=["NS 1", "NS 1 private opponent", "EW 1", "NS 3"])  # fmt: skip
def test_a_pairs_scorecard_as_text(
    side: Side, number: int, private: frozenset[str], expected: list[str]
) -> None:
    s = scored()
    lines = scorecard_text(
        s, s.section.pair(number, side), PublicView(private=private)
    ).splitlines()
    assert [cells(line) for line in lines] == [cells(line) for line in expected]
    starts = [starts_of(line) for line in lines[1:]]
    assert all(row == starts[0] for row in starts)  # the columns line up


def cells(line: str) -> list[str]:
    return re.split(r" {2,}", line)


def starts_of(line: str) -> list[int]:
    """Where each cell of a scorecard's line starts."""
    return [m.start() for m in re.finditer(r"(?:^|(?<=  ))\S", line)]


def test_the_html_scorecard_carries_the_same_figures_escaped() -> None:
    s = scored(section(ns1=(Player("<b>Ann</b>", "1001"), BOB)))
    page = scorecard_html(s, s.section.pair(1, Side.NS))
    assert "<b>Ann" not in page
    assert "&lt;b&gt;Ann&lt;/b&gt;" in page
    for cell in ("<td>4SS=</td><td>420</td><td>2.00</td><td>4</td>",
                 "<td>3NTN=</td><td>600</td><td>4.00</td>", "(75.00%)"):  # fmt: skip
        assert cell in page


@given(st.text(max_size=40))
def test_no_name_reaches_the_html_unescaped(name: str) -> None:
    try:
        player = Player(name, "1001")
    except Exception:
        return  # a name the core refuses never gets this far
    s = scored(section(ns1=(player, BOB)))
    page = scorecard_html(s, s.section.pair(1, Side.NS))
    text = re.sub(r"</?(?:p|strong|table|tr|td|th)(?: [^<>]*)?>", "", page)
    assert "<" not in text  # only the card's own tags: every name escaped
    assert html.escape(player.name) in page


def roster() -> list[RosterEntry]:
    return [RosterEntry(1, ANN, "ann@example.org"),
            RosterEntry(2, BOB, "ann@example.org"),  # partners sharing an address
            RosterEntry(3, CY, "cy@example.org", public=False),
            RosterEntry(4, DI)]  # fmt: skip


def test_who_gets_a_letter_and_who_is_listed() -> None:
    s = scored()
    evening = Session((s.section,), event="Monday pairs", date="2026.12.01")
    link = "https://x.example/session/1"
    plan = plan_letters(evening, [s], roster(), link=link, provisional=False)
    assert sorted((x.to, [p.name for p in x.players], x.pair) for x in plan.letters) == [
        ("ann@example.org", ["Ann Smith", "Bob Jones"], "NS 1"),
        ("cy@example.org", ["Cy Brown"], "EW 1")]  # fmt: skip
    assert [(u.player.name, u.pair, u.reason) for u in plan.unreached] == [
        ("Di Green", "EW 1", "no email")]  # fmt: skip
    ann, cy = sorted(plan.letters, key=lambda x: x.to)
    assert ann.subject == "Monday pairs 2026.12.01: your scorecard, NS 1"
    assert ann.text.startswith("Dear Ann Smith and Bob Jones,\n")
    assert "https://x.example/session/1" in ann.text
    assert "provisional" not in ann.text
    assert "Cy Brown" not in ann.text + ann.html  # he asked not to be named
    assert "Player 1003" in ann.text
    assert cy.text.startswith("Dear Cy Brown,\n")  # his own letter still comes to him


def test_a_provisional_evenings_letters_say_so_and_unknown_players_are_listed() -> None:
    s = scored(section(ew1=(Player("Cy Brown"), Player("Vi Sitor", "9999"))))
    plan = plan_letters(Session((s.section,)), [s], roster(), link="/l", provisional=True)
    assert all(x.subject.endswith("(provisional)") for x in plan.letters)
    assert all("These results are provisional" in x.text for x in plan.letters)
    assert [(u.player.name, u.reason) for u in plan.unreached] == [
        ("Cy Brown", "no number"), ("Vi Sitor", "not on the roster")]  # fmt: skip


BAD_SETTINGS = [
    ({"host": "smtp example.org"}, "host"),
    ({"host": "a" * 254}, "host"),
    ({"port": 0}, "port"),
    ({"port": 70000}, "port"),
    ({"security": "ssl"}, "security"),
    ({"security": "none"}, "security"),  # a remote server without TLS
    ({"sender": "results"}, "email"),
    ({"username": "td"}, "password"),  # a user without a password
    ({"username": "td", "password": "two\nlines"}, "password"),
]


@pytest.mark.parametrize(("change", "field"), BAD_SETTINGS,
                         ids=[str(c) for c, _ in BAD_SETTINGS])  # fmt: skip
def test_smtp_settings_that_will_not_do_are_refused(change: dict[str, object], field: str) -> None:
    given = {"host": "smtp.example.org", "port": 587, "security": "starttls",
             "sender": "results@acol.example", **change}  # fmt: skip
    with pytest.raises(ValueError, match=r".") as caught:
        SmtpSettings(**given)  # type: ignore[arg-type]
    assert getattr(caught.value, "field", None) == field


def test_a_server_on_this_machine_may_go_without_tls() -> None:
    for host in ("localhost", "127.0.0.1", "[::1]"):
        assert SmtpSettings(host, 25, "none", "td@acol.example").security == "none"


@given(st.text(max_size=300), st.integers())
def test_hostile_settings_raise_only_mail_errors(host: str, port: int) -> None:
    fields = set()
    try:
        SmtpSettings(host, port, "starttls", "td@acol.example")
    except MailError as exc:
        fields.add(exc.field)
    assert fields <= {"host", "port"}


MAILINGS = [
    (True, 0, False, None),
    (True, 1, True, None),
    (False, 0, False, MailError),
    (True, 1, False, AlreadySentError),
]


@pytest.mark.parametrize(("closed", "earlier", "again", "refused"), MAILINGS,
                         ids=["first", "again", "open", "twice"])  # fmt: skip
def test_when_the_director_may_send(
    closed: bool, earlier: int, again: bool, refused: type[Exception] | None
) -> None:
    if refused is None:
        check_mailing(closed=closed, earlier=earlier, again=again)
    else:
        with pytest.raises(refused):
            check_mailing(closed=closed, earlier=earlier, again=again)


def test_the_retries_wait_longer_each_time_and_stop() -> None:
    retry = Retry(first=30, most=4, longest=100)
    assert [retry.wait(n) for n in range(1, 5)] == [30, 60, 100, 100]
    assert [retry.gives_up(n) for n in range(1, 5)] == [False, False, False, True]


def test_the_cli_sets_a_clubs_smtp_and_never_prints_the_password(
    runner: CliRunner, tmp_path: Path
) -> None:
    db = f"sqlite:///{tmp_path / 'c.db'}"
    with Store(db) as store:
        club = ClubStore(store).create_club("Acol BC", "1234", "EBU")
    code, out = run(runner, "club", "smtp", "Acol BC", "--host", "smtp.example.org", "--user",
                    "results", "--from", "results@acol.example", "--db", db,
                    input="a long secret\n")  # fmt: skip
    assert code == 0, out
    assert "a long secret" not in out
    assert "smtp.example.org:587 (starttls, logging in as results)" in " ".join(out.split())
    with Store(db) as store:
        kept = OutboxStore(store).smtp(club.id)
    assert kept is not None
    assert (kept.username, kept.password) == ("results", "a long secret")
    code, out = run(runner, "club", "smtp", "Acol BC", "--host", "smtp.example.org",
                    "--security", "none", "--from", "results@acol.example", "--db", db)  # fmt: skip
    assert code == 2
    assert "only for a server on this machine" in " ".join(out.split())


ADDRESSES = st.sampled_from([None, "a@example.org", "b@example.org"])


@given(st.lists(st.tuples(st.booleans(), ADDRESSES, st.booleans()), min_size=4, max_size=4))
def test_every_player_gets_one_letter_or_is_listed_once(
    entries: list[tuple[bool, str | None, bool]],
) -> None:
    """Whatever the roster holds (on it or not, an email or none, shared, named or not)."""
    s = scored()
    players = zip((ANN, BOB, CY, DI), entries, strict=True)
    on_roster = [RosterEntry(i, p, email, public)
                 for i, (p, (there, email, public)) in enumerate(players) if there]  # fmt: skip
    plan = plan_letters(Session((s.section,)), [s], on_roster, link="/l", provisional=False)
    reached = [p for x in plan.letters for p in x.players]
    listed = [u.player for u in plan.unreached]
    assert sorted(p.name for p in reached + listed) == sorted(p.name for p in (ANN, BOB, CY, DI))
    emails = {e.player: e.email for e in on_roster}
    assert all(emails.get(p) == x.to for x in plan.letters for p in x.players)
    assert len({(x.to, x.pair) for x in plan.letters}) == len(plan.letters)  # one an address

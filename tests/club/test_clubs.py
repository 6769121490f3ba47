"""Clubs, directors and the roster: the core's rules, the storage, the commands."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore.club import (
    ANONYMOUS,
    Attempts,
    Club,
    ClubError,
    ClubNotFoundError,
    LoginError,
    RosterEntry,
    check_directs,
    check_email,
    check_password,
    hide_private,
)
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.errors import BridgeError
from bridgescore.live import NotAllowedError
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from tests.conftest import PASSWORD, run


@pytest.mark.parametrize(
    ("name", "number", "body", "field"),
    [
        ("", "1", "EBU", "name"),
        ("Acol", "12 3", "EBU", "number"),
        ("Acol", "", "EBU", "number"),
        ("Acol", "1" * 21, "EBU", "number"),
        ("Acol", "1", "XYZ", "body"),
        ("A\nB", "1", "EBU", "name"),
    ],
)
def test_a_club_that_will_not_do_names_the_field(
    name: str, number: str, body: str, field: str
) -> None:
    with pytest.raises(BridgeError) as caught:
        Club("c", name, number, body)
    assert caught.value.field == field


def test_a_clubs_body_is_read_in_any_case() -> None:
    assert Club("c", " Acol ", "7", "acbl") == Club("c", "Acol", "7", "ACBL")


@pytest.mark.parametrize("text", ["ann", "ann@", "@x.org", "a b@x.org", "ann@x", "a@b@c.org"])
def test_an_email_that_is_not_one_is_refused(text: str) -> None:
    with pytest.raises(ClubError) as caught:
        check_email(text)
    assert caught.value.field == "email"


def test_a_password_needs_ten_characters_and_at_most_two_hundred() -> None:
    assert check_password("x" * 10) == "x" * 10
    for bad in ("x" * 9, "x" * 201):
        with pytest.raises(ClubError):
            check_password(bad)


def test_only_the_owning_clubs_director_directs() -> None:
    check_directs("a", "a")
    for director, owner in [("b", "a"), ("a", None), (None, None), (None, "a")]:
        with pytest.raises(NotAllowedError):
            check_directs(director, owner)


@given(st.lists(st.floats(0, 1000, allow_nan=False), max_size=60), st.integers(1, 5))
def test_attempts_never_let_more_than_the_limit_into_any_window(
    times: list[float], most: int
) -> None:
    attempts = Attempts(most=most, window=10.0)
    let, waits = [], []
    for now in sorted(times):
        try:
            attempts.check("k", now)
            let.append(now)
        except LoginError as refused:
            waits.append(refused.retry_after)
    assert all(w > 0 for w in waits)
    for t in let:  # every window of 10 s holds at most `most` of those let in
        assert sum(t <= u < t + 10.0 for u in let) <= most


def test_attempts_are_counted_per_key() -> None:
    attempts = Attempts(most=1, window=60)
    attempts.check("email:ann", 0)
    attempts.check("email:bob", 0)
    with pytest.raises(LoginError):
        attempts.check("email:ann", 1)


def _session(players: dict[str, tuple[Player, Player]]) -> Session:
    from dataclasses import replace

    sec = Section.from_movement(mitchell(3, 2))
    pairs = [replace(p, players=players[p.label]) if p.label in players else p for p in sec.pairs]
    return Session((replace(sec, pairs=tuple(pairs)),))


def test_public_pages_show_a_private_player_by_number() -> None:
    session = _session({"NS 1": (Player("Ann", "11"), Player("Bob", "12"))})
    hidden = hide_private(session, frozenset({"12"}))
    (pair,) = [p for p in hidden.sections[0].pairs if p.label == "NS 1"]
    assert pair.players == (Player("Ann", "11"), Player("Player 12", "12"))
    assert pair.names == "Ann & Player 12"
    assert hide_private(session, frozenset()) is session


@pytest.fixture
def clubs(tmp_path: Path) -> ClubStore:
    return ClubStore(Store(f"sqlite:///{tmp_path / 'c.db'}"))


def test_a_wrong_password_and_an_unknown_email_get_the_same_refusal_in_the_same_time(
    clubs: ClubStore,
) -> None:
    club = clubs.create_club("Acol", "1", "EBU")
    clubs.add_director(club.id, "td@acol.example", PASSWORD)
    took: dict[str, float] = {}
    messages = {}
    for _ in range(3):  # the fastest of three each (the machine is shared)
        for email in ("td@acol.example", "nobody@acol.example"):
            start = time.perf_counter()
            with pytest.raises(LoginError) as refused:
                clubs.login(email, "wrong password")
            spent = time.perf_counter() - start
            took[email] = min(took.get(email, spent), spent)
            messages[email] = str(refused.value)
    assert messages["td@acol.example"] == messages["nobody@acol.example"]
    ratio = took["td@acol.example"] / took["nobody@acol.example"]
    assert 0.5 < ratio < 2.0, took  # both verify an Argon2id hash


def test_a_new_password_ends_the_directors_logins(clubs: ClubStore) -> None:
    club = clubs.create_club("Acol", "1", "EBU")
    clubs.add_director(club.id, "td@acol.example", PASSWORD)
    token = clubs.login("td@acol.example", PASSWORD)
    clubs.set_password(club.id, "TD@acol.example", "a new long password")
    assert clubs.director_of(token) is None
    with pytest.raises(LoginError):
        clubs.login("td@acol.example", PASSWORD)
    assert clubs.director_of(clubs.login("td@acol.example", "a new long password")) is not None
    other = clubs.create_club("Other", "2", "EBU")
    with pytest.raises(ClubNotFoundError):  # another club's director is not this club's
        clubs.set_password(other.id, "td@acol.example", "a third long password")


def test_a_director_added_twice_is_refused_by_name(clubs: ClubStore) -> None:
    """The database's unique email refuses the second: the caller says so in its words (it
    said "the database failed: UNIQUE constraint failed" before)."""
    club = clubs.create_club("Acol", "1", "EBU")
    clubs.add_director(club.id, "td@acol.example", PASSWORD)
    with pytest.raises(ClubError, match=r"td@acol\.example is a director here already") as caught:
        clubs.add_director(club.id, "TD@acol.example", PASSWORD)
    assert (caught.value.field, caught.value.value) == ("email", "td@acol.example")


def test_the_password_is_stored_as_an_argon2id_hash(clubs: ClubStore) -> None:
    from sqlalchemy import select

    from bridgescore.storage.schema import DirectorRow

    club = clubs.create_club("Acol", "1", "EBU")
    clubs.add_director(club.id, "td@acol.example", PASSWORD)
    with clubs.store.transaction() as conn:
        stored = conn.execute(select(DirectorRow.password_hash)).scalar_one()
    assert stored.startswith("$argon2id$")
    assert PASSWORD not in stored


def test_a_club_is_found_by_id_name_or_number_and_its_number_is_its_own(
    clubs: ClubStore,
) -> None:
    club = clubs.create_club("Acol", "1234", "EBU")
    assert clubs.club(club.id) == clubs.club("Acol") == clubs.club("1234") == club
    with pytest.raises(ClubError):
        clubs.create_club("Copy", "1234", "EBU")
    clubs.create_club("Same number, other body", "1234", "ACBL")
    with pytest.raises(ClubNotFoundError):  # two clubs have the number 1234
        clubs.club("1234")


def test_the_roster_keeps_players_and_erasing_one_anonymises_their_results(
    clubs: ClubStore,
) -> None:
    club = clubs.create_club("Acol", "1", "EBU")
    ann = clubs.add_player(club.id, RosterEntry(0, Player("Ann Smith", "77"), "ann@x.org"))
    clubs.add_player(club.id, RosterEntry(0, Player("Bob Jones", "78"), public=False))
    clubs.add_player(club.id, RosterEntry(0, Player("Vera Visitor"), visitor=True))
    with pytest.raises(ClubError):  # one number, one player
        clubs.add_player(club.id, RosterEntry(0, Player("Another", "77")))
    assert [e.player.name for e in clubs.roster(club.id)] == [
        "Ann Smith", "Bob Jones", "Vera Visitor"]  # fmt: skip
    assert clubs.private_numbers(club.id) == frozenset({"78"})
    live = LiveStore(clubs.store)
    session = _session({"NS 1": (Player("Ann Smith", "77"), Player("Bob Jones", "78"))})
    stored, _ = live.start(session, 3, (club.id, clubs.key(club.id)))
    entry = live.state(stored.id).entry(1, 1, 1, result="4HS=")
    live.add(stored.id, entry, 1)
    version = live.version(stored.id)
    assert clubs.erase_player(club.id, ann.id) == 1
    state = live.state(stored.id)
    (pair,) = [p for p in state.definition.pairs if p.label == "NS 1"]
    assert pair.players == (Player(ANONYMOUS), Player("Bob Jones", "78"))
    assert state.version == version + 1
    assert len(state.results) == 1
    assert [e.player.name for e in clubs.roster(club.id)] == ["Bob Jones", "Vera Visitor"]
    other = clubs.create_club("Other", "2", "EBU")
    with pytest.raises(ClubNotFoundError):  # another club's roster has no such player
        clubs.erase_player(other.id, 2)


def test_the_commands_make_a_club_and_its_directors(runner: CliRunner, tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.db'}"
    code, out = run(runner, "club", "create", "Acol BC", "--number", "1234", "--body", "EBU",
                    "--db", db)  # fmt: skip
    assert code == 0, out
    club_id = out.strip()
    code, out = run(runner, "director", "add", "1234", "td@acol.example", "--db", db,
                    input=PASSWORD + "\n")  # fmt: skip
    assert code == 0, out
    assert PASSWORD not in out
    assert "td@acol.example directs Acol BC" in out
    code, out = run(runner, "director", "password", club_id, "td@acol.example", "--db", db,
                    input="a new long password\n")  # fmt: skip
    assert code == 0
    assert "a new long password" not in out
    clubs = ClubStore(Store(db))
    assert clubs.director_of(clubs.login("td@acol.example", "a new long password"))
    code, out = run(runner, "director", "add", "Acol BC", "b@acol.example", "--db", db,
                    input="short\n")  # fmt: skip
    assert code == 2
    assert "at least 10 characters" in out
    assert "short" not in out.split(":")[-1]
    code, out = run(runner, "director", "add", "9999", "c@acol.example", "--db", db,
                    input=PASSWORD + "\n")  # fmt: skip
    assert code == 2
    assert "no club" in out

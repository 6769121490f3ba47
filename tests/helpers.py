"""What several test modules share that is not a fixture (not a test module: they import it;
a test module never imports another). Fixtures are in conftest.py, the browser's in browsing.py.
"""

from __future__ import annotations

import csv
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import strategies as st

from bridgescore.boards.auction import Auction
from bridgescore.boards.board import Board
from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import Deal
from bridgescore.boards.par import par
from bridgescore.boards.play import Play
from bridgescore.club import RosterEntry
from bridgescore.duplicate.movement import mitchell
from bridgescore.duplicate.session import Section, Session
from bridgescore.live import Add, Change, Edit, TableEntry, Who
from bridgescore.model import Seat, Vulnerability
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.live import LiveStore
from bridgescore.web import Settings
from tests.conftest import (
    DATA,
    auth,
    bridgescore_command,
    copy_of,
    create_app,
    csrf,
    make_club,
    migrated_database,
)

# --- the web app ---------------------------------------------------------------------------------


def make_client(
    tmp_path: Path, *, raise_server_exceptions: bool = True, **settings: Any
) -> TestClient:
    """A client of an app built with these settings, on a SQLite file in tmp_path;
    raise_server_exceptions=False to get a 500 as the answer, as a browser would."""
    database = copy_of(migrated_database(), tmp_path / "web.db")
    app = create_app(Settings(database_url=database, **settings))
    return TestClient(app, raise_server_exceptions=raise_server_exceptions)


def new_rubber(client: TestClient, **fields: str) -> str:
    """Start a rubber from its page (the default rules, honors counted); its address."""
    token = csrf(client, "/rubber/new")
    response = client.post(
        "/rubber/new",
        data={"csrf": token, "rules": "default", "honors": "on", **fields},
        follow_redirects=False,
    )
    assert response.status_code == 303
    location = str(response.headers["location"])
    assert location.startswith("/rubber/")
    return location


def add(client: TestClient, game: str, **fields: str) -> int:
    """Post a deal's form to a rubber or Chicago page; the answer's status."""
    data = {"csrf": csrf(client), "doubling": "", **fields}
    response = client.post(f"{game}/deals", data=data, follow_redirects=False)
    return int(response.status_code)


# The handout's rubber as the deal form's fields (WE 760, THEY 720: THEY win the rubber).
HANDOUT = [
    {"level": "4", "strain": "H", "by": "we", "tricks": "10", "honors": "we:100"},
    {"level": "4", "strain": "S", "by": "they", "tricks": "10"},
    {"level": "4", "strain": "C", "doubling": "X", "by": "they", "tricks": "8"},
    {"level": "1", "strain": "NT", "by": "we", "tricks": "7"},
    {"level": "5", "strain": "C", "by": "they", "tricks": "11"},
]


# --- Swiss draws ---------------------------------------------------------------------------------


def matchings(people: list[int]) -> Iterator[list[tuple[int, int]]]:
    """Every perfect matching of an even list: the first paired with each of the others (the
    brute force the best draw is checked against)."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for k, other in enumerate(rest):
        for tail in matchings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


# --- processes and their sockets ------------------------------------------------------------------


def tcp_sockets(wanted: Callable[[list[str]], bool]) -> set[str]:
    """The inodes of the IPv4 TCP sockets whose ``/proc/net/tcp`` fields are ``wanted``
    (``fields[1]`` the local address:port in hex, ``fields[2]`` the remote's, ``fields[3]``
    the state, ``0A`` listening)."""
    lines = Path("/proc/net/tcp").read_text().splitlines()[1:]
    return {fields[9] for line in lines if wanted(fields := line.split())}


def port_of(address: str) -> int:
    """The port of a ``/proc/net/tcp`` address (``0100007F:1F90``)."""
    return int(address.split(":")[1], 16)


def holding(pids: Iterable[int], sockets: set[str]) -> list[int]:
    """Those of the processes that hold one of the sockets (by inode)."""
    found = []
    for pid in pids:
        try:
            fds = list(Path(f"/proc/{pid}/fd").iterdir())
        except OSError:
            continue
        for fd in fds:
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:[") and target[8:-1] in sockets:
                found.append(pid)
                break
    return found


# --- files and deals ------------------------------------------------------------------------------

# The batch scorer's columns, and a CSV file of them.
HEADER = ["board", "contract", "declarer", "vulnerability", "tricks"]


def write_csv(path: Path, rows: list[list[str]], header: list[str] = HEADER) -> Path:
    with path.open("w", newline="", encoding="utf-8") as f:
        csv.writer(f).writerows([header, *rows])
    return path


def read_csv(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def random_deal(rng: random.Random) -> str:
    """A random deal of all 52 cards, in PBN notation."""
    return str(Deal.random(rng))


# SCORING.md §5.4's worked example of a weighted score, as a PBN file.
WEIGHTED_PBN = """[Event "Weighted"][Board "5"][Dealer "N"][Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]
1 1 4S N 11
2 2 4S N 10
3 3 3S N 10
4 4 4S N 9
5 5 "50% 4SN=, 30% 4SN-1, 20% 5HXE-2" - -
"""


# --- typed boards --------------------------------------------------------------------------------

CALLS = ("1S 2H 4S AP", "Pass Pass Pass Pass", "1NT =1= X XX Pass\nPass Pass", "2C Pass 2D *")
"""Auctions a generated board may have (from its dealer)."""
CARDS = ("S2 S3 S4 S5", "HA H2 H3 H4\nD2 D3 D4 D5\n*", "-")
"""Plays a generated board may have (from the dealer's left)."""


@st.composite
def dd_tables(draw: st.DrawFn) -> DDTable:
    """A double-dummy table: four rows of five figures from 0 to 13 (not always a real one)."""
    rows = [tuple(draw(st.integers(0, 13)) for _ in range(5)) for _ in range(4)]
    return tuple((r[0], r[1], r[2], r[3], r[4]) for r in rows)


@st.composite
def typed_boards(draw: st.DrawFn, number: int | None = None, *, other_tags: bool = True) -> Board:
    """A board with some of its fields known (deal, auction with notes, play, double-dummy
    table, par for its dealer) and, with ``other_tags``, tags besides."""
    n = draw(st.integers(1, 64)) if number is None else number
    dealer, vul = draw(st.sampled_from(list(Seat))), draw(st.sampled_from(list(Vulnerability)))
    fields: dict[str, Any] = {}
    if draw(st.booleans()):
        fields["deal"] = Deal.random(random.Random(draw(st.integers(0, 1000))))
    if draw(st.booleans()):
        notes = draw(st.lists(st.tuples(st.integers(1, 3), st.text("ab \\\"'%:;", min_size=1,
                                                                   max_size=8)),
                              max_size=2, unique_by=lambda x: x[0]))  # fmt: skip
        fields["auction"] = Auction.read(dealer, draw(st.sampled_from(CALLS)), notes)
    if draw(st.booleans()):
        fields["play"] = Play.read(dealer.next(1), draw(st.sampled_from(CARDS)))
    if draw(st.booleans()):
        fields["dd"] = draw(dd_tables())
        if draw(st.booleans()):
            fields["par"] = par(fields["dd"], vul, dealer)
    tags: list[tuple[str, str]] = []
    if other_tags:
        tags = draw(st.lists(st.tuples(st.sampled_from(["Event", "Annotator", "Room", "North"]),
                                       st.text("Ann & Bob-1", min_size=1, max_size=10)),
                             max_size=3, unique_by=lambda t: t[0]))  # fmt: skip
    return Board(n, dealer, vul, tuple(tags), **fields)


def apply_change(live: LiveStore, game_id: str, who: Who, change: Change) -> None:
    """Make a change at a table (or the director's) through the live store."""
    if isinstance(change, Add):
        live.add(game_id, change.entry, who)
    elif isinstance(change, Edit):
        live.edit(game_id, change.result_id, change.entry, who, change.replaces)
    else:
        live.remove(game_id, change.result_id, who)


def entry_body(e: TableEntry) -> dict[str, Any]:
    """An entry as a phone posts it to ``/api/sessions/{id}/results``."""
    data = e.to_dict()
    body = {k: data[k] for k in ("round", "table", "board", "contract", "declarer", "tricks",
                                 "lead", "artificial", "weighted")}  # fmt: skip
    if body["contract"] is not None and body["contract"] != "Pass":
        return body
    return {k: v for k, v in body.items() if v is not None}


def cli_percentages(pbn_file: Path) -> dict[tuple[str, str], float]:
    """A PBN file scored by ``bridgescore session score --json`` run as a subprocess: each
    pair's percentage by (side, pair number), as the API's rankings key them."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    command = [sys.executable, "-m", "bridgescore", "session", "score", str(pbn_file), "--json"]
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    (section,) = json.loads(done.stdout)["sections"]
    return {(side, str(row["number"])): row["percent"]
            for side, rows in section["rankings"].items() for row in rows}  # fmt: skip


Night = tuple[TestClient, dict[str, str], str, dict[int, dict[str, str]]]
"""A team night on a client: the client, the director's login, the event's id and each
table's token header."""


@contextmanager
def swiss_night() -> Iterator[Night]:
    """A Swiss of four teams, two boards a match, round 1 drawn (match 1: tables 1 and 2)."""
    with TestClient(create_app(Settings(database_url="sqlite://"))) as c:
        login = auth(make_club(c, "Club", "1", "td@example.org"))
        body = {"kind": "swiss-teams", "name": "Swiss", "rounds": 3, "boards_per_match": 2,
                "entrants": [{"name": n} for n in ("Lions", "Bears", "Owls", "Cats")]}  # fmt: skip
        event_id = c.post("/api/events", json=body, headers=login).json()["id"]
        drawn = c.post(f"/api/events/{event_id}/rounds", headers=login).json()
        tables = {t["table"]: auth(t["token"]) for m in drawn["matches"] for t in m["tables"]}
        yield c, login, event_id, tables


def round_one(table: int, board: int, contract: str = "4S", tricks: int = 10) -> dict[str, Any]:
    """A round-1 result at ``table`` by North, as POST /api/sessions/{id}/results takes it."""
    return {"round": 1, "table": table, "board": board, "contract": contract,
            "declarer": "N", "tricks": tricks}  # fmt: skip


def upload_pbn(client: TestClient, name: str) -> str:
    """A PBN file of tests/data uploaded as a session (matchpoints) through the page: its id."""
    data = {"csrf": csrf(client), "method": "mp"}
    files = {"pbn": (name, (DATA / name).read_bytes(), "text/plain")}
    response = client.post("/session/new", data=data, files=files, follow_redirects=False)
    assert response.status_code == 303, response.text
    return str(response.headers["location"]).rsplit("/", 1)[1]


# --- A club's season (issue 36) ----------------------------------------------------------------

SEASON_ANN = Player("Ann Smith", "2001")
"""The player whose season the season tests follow."""
SEASON_OTHERS = [Player(f"Player{c} Other", f"30{i:02}") for i, c in enumerate("BCDEFGHIJKL")]
"""The eleven others of a season club's evenings."""


def season_club(store: Store, name: str, number: str, *, ann_public: bool = True) -> str:
    """A club (EBU) with :data:`SEASON_ANN` (who may be named unless ``ann_public`` is false)
    and the eleven others on its roster: its id."""
    clubs = ClubStore(store)
    club = clubs.create_club(name, number, "EBU")
    clubs.add_player(club.id, RosterEntry(0, SEASON_ANN, public=ann_public))
    for p in SEASON_OTHERS:
        clubs.add_player(club.id, RosterEntry(0, p))
    return club.id


def season_evening(store: Store, club_id: str, title: str, date: str, *, close: bool = True) -> str:
    """An evening of the club: three tables (Mitchell), :data:`SEASON_ANN` and her partner at
    NS 1, every result entered by the tables; closed unless ``close`` is false. Its id."""
    clubs, live = ClubStore(store), LiveStore(store)
    section = Section.from_movement(mitchell(3, 2))
    players = [SEASON_ANN, *SEASON_OTHERS]
    pairs = [replace(p, players=(players[2 * i], players[2 * i + 1]),
                     names=f"{players[2 * i].name} & {players[2 * i + 1].name}")
             for i, p in enumerate(section.pairs)]  # fmt: skip
    session = Session((replace(section, pairs=tuple(pairs)),), event=title, date=date)
    stored, _ = live.start(session, 3, club=(club_id, clubs.key(club_id)))
    state = live.state(stored.id)
    made = ["4HS=", "3NTN-1", "2SE+1", "4SN=", "1NTW-2", "3DS="]
    for play in state.movement.plays:
        for board in play.boards:
            entry = state.entry(play.round, play.table, board,
                                result=made[(board * play.table + len(title)) % 6])  # fmt: skip
            live.add(stored.id, entry, entry.table)
    if close:
        live.close(stored.id)
    return stored.id


def text_of(pdf: bytes) -> str:
    """The PDF's text by ``pdftotext -layout`` (never skipped: .ci/run installs it)."""
    if shutil.which("pdftotext") is None:
        pytest.fail("no pdftotext: apt-get install poppler-utils (.ci/run does)")
    done = subprocess.run(["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True,
                          check=True)  # fmt: skip
    return done.stdout.decode()


def html_lang(html: str) -> str:
    """A page's ``<html lang>``."""
    found = re.search(r'<html lang="([a-z]+)"', html)
    assert found, html[:300]
    return found[1]


def said_in(lang: str, *args: str) -> tuple[int, str]:
    """``bridgescore ARGS`` run as a user runs it, with ``LANG=lang`` its only language setting:
    exit code and output (stdout, then stderr)."""
    names = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    env = {k: v for k, v in os.environ.items() if k not in names} | {"LANG": lang}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[1] / "src"),
                                         env.get("PYTHONPATH", "")])  # fmt: skip
    done = subprocess.run([*bridgescore_command(), *args], env=env, capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    return done.returncode, done.stdout + done.stderr


def flat_lines(text: str) -> list[str]:
    """Each line of ``text`` with its runs of spaces made one, its ends stripped."""
    return [" ".join(line.split()) for line in text.splitlines()]

"""What the whole nights share (tests/scenarios/test_whole_nights.py): the world a night is
played in (an app on a SQLite file, a club and its director), each night's mirror (what the
API says of it now, and what the library makes of the same results), and every output of a
night rendered and read back.

The defects users reported, and those the machines found, are named in :data:`KNOWN_DEFECTS`:
the machines tolerate exactly those failures while the name is there (and check strictly once
it is taken out); the focused tests marked ``xfail(strict=True)`` are what flips when a fix
lands.
"""

from __future__ import annotations

import csv
import io
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple, Protocol
from urllib.parse import urljoin

from click.testing import CliRunner
from fastapi.testclient import TestClient

# The library, imported here only: its modules are moving into new folders (update these lines).
from bridgescore import (
    Adjusted,
    Artificial,
    BoardResult,
    Movement,
    Result,
    Section,
    Session,
    Weighted,
    pbn,
    usebio,
)
from bridgescore.cli import cli
from bridgescore.duplicate.session import Split
from bridgescore.events import Entrant, Entry, Event, Room, swap_repeats
from bridgescore.live.night import table_of
from bridgescore.web import Settings
from tests.conftest import auth, create_app, make_club

__all__ = [
    "KNOWN_DEFECTS",
    "ROSTER",
    "Adjusted",
    "Answer",
    "Club",
    "Evening",
    "Ranked",
    "Result",
    "TeamNight",
    "World",
    "api_ranking",
    "auth",
    "board_result",
    "expect",
    "known",
    "library_ranking",
    "new_team_night",
    "pbn",
    "pbn_total_table",
    "publish",
    "render_evening",
    "render_team_night",
    "same_ranking",
    "swap_repeats",
]

# --- the known defects ---------------------------------------------------------------------------


KNOWN_DEFECTS: frozenset[str] = frozenset()
"""The failures the machines tolerate, each only where its trigger holds. Take a name out when
its fix lands: the machines then check those outputs strictly."""


def known(defect: str) -> bool:
    """Whether the machines tolerate this defect's failures (it is not fixed yet)."""
    return defect in KNOWN_DEFECTS


# --- the world a night is played in --------------------------------------------------------------


class Answer(Protocol):
    """What the test client answers (httpx's or httpx2's response, as Starlette has it)."""

    @property
    def status_code(self) -> int: ...

    @property
    def text(self) -> str: ...

    @property
    def content(self) -> bytes: ...

    @property
    def request(self) -> Any: ...

    def json(self, **kwargs: Any) -> Any: ...


class ServerErrors(logging.Handler):
    """The server's logged failures (the web app logs each 500 with its traceback), so that a
    failed check can say where the server failed."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.seen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        self.seen.append(text)

    def last(self) -> str:
        return self.seen[-1] if self.seen else "(no server error logged)"


@dataclass(frozen=True)
class Club:
    """A club made for one night: its number, its director's login and its site's address."""

    name: str
    number: str
    login: dict[str, str]
    site: str


ROSTER = ("Ann Smith", "Bob Jones")
"""The players on each club's roster (numbers: the club's number and 1, 2), with emails."""


class World:
    """An app on a SQLite file, shared by the nights of one test (each night has a club of its
    own, so that its site holds only that night)."""

    def __init__(self, folder: Path, *, open_evenings: bool = False) -> None:
        self.folder = folder
        self.url = f"sqlite:///{folder / 'nights.db'}"
        plain = Settings()
        settings = Settings(database_url=self.url, login_attempts=10**6,
                            limits=replace(plain.limits, creations_per_minute=10**6),
                            open_evenings=open_evenings)  # fmt: skip
        self.client = TestClient(create_app(settings), raise_server_exceptions=False)
        self.errors = ServerErrors()
        self.clubs = 0
        self.published = 0

    def __enter__(self) -> World:
        logging.getLogger("bridgescore.web").addHandler(self.errors)
        self.client.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self.client.__exit__(None, None, None)
        logging.getLogger("bridgescore.web").removeHandler(self.errors)

    def new_club(self) -> Club:
        """A club with a director logged in, and two players with emails on its roster."""
        self.clubs += 1
        number = str(7000 + self.clubs)
        name = f"Night Club {self.clubs}"
        login = auth(make_club(self.client, name, number, f"td{self.clubs}@nights.example"))
        for i, player in enumerate(ROSTER, 1):
            body = {"name": player, "number": f"{number}{i}",
                    "email": f"player{i}.{self.clubs}@nights.example"}  # fmt: skip
            expect(self, self.client.post("/api/roster", json=body, headers=login), 201)
        site = self.client.get("/api/club/public", headers=login).json()["site"]
        return Club(name, number, login, site)

    def get(self, path: str, headers: dict[str, str] | None = None, *statuses: int) -> Any:
        """GET ``path``; its status must be one of ``statuses`` (200 if none)."""
        answer = self.client.get(path, headers=headers or {}, follow_redirects=False)
        return expect(self, answer, *(statuses or (200,)))


def expect(world: World, answer: Answer, *statuses: int) -> Answer:
    """The answer, if its status is one of ``statuses``; else a failure that says what was
    asked, what came back and the server's last logged error."""
    if answer.status_code not in statuses:
        request = answer.request
        body = request.content.decode(errors="replace")[:400] if request.content else ""
        raise AssertionError(
            f"{request.method} {request.url.path}?{request.url.query.decode()} {body}\n"
            f"answered {answer.status_code}, expected {' or '.join(map(str, statuses))}:\n"
            f"{answer.text[:600]}"
            + (f"\nserver: {world.errors.last()}" if answer.status_code >= 500 else "")
        )
    return answer


def publish(world: World, club: Club) -> tuple[int, str, Path]:
    """``bridgescore publish`` of the club, in-process against the same SQLite file: its exit
    code, its output (with the exception, if one escaped) and the folder."""
    world.published += 1
    folder = world.folder / f"site-{club.number}-{world.published}"
    done = CliRunner().invoke(cli, ["publish", "--club", club.number, "-o", str(folder),
                                    "--db", world.url])  # fmt: skip
    said = done.output
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        said += f"\n{type(done.exception).__name__}: {done.exception}"
    return done.exit_code, said, folder


def crawl(world: World, start: str, ok: Iterable[int] = (200,)) -> dict[str, Answer]:
    """Every page of the club's site reachable from ``start`` (its links under the site)."""
    allowed = tuple(ok)
    seen: dict[str, Answer] = {}
    todo = [start]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        answer = expect(world, world.client.get(path, follow_redirects=False), *allowed)
        seen[path] = answer
        if answer.status_code == 200:
            for link in re.findall(r'href="([^"#?]*)', answer.text):
                target = urljoin(path, link)
                if target.startswith(start) and target not in seen:
                    todo.append(target)
    return seen


# --- rankings, as each output gives them ---------------------------------------------------------


class Ranked(NamedTuple):
    """A pair's line of a ranking: its field (``NS``, ``EW`` or ``all``), place, label (``NS
    3``, ``3``), total, percentage (matchpoints) and boards (None where a file does not say)."""

    field: str
    rank: str
    pair: str
    total: float
    percent: float | None
    boards: int | None


def api_ranking(rankings: dict[str, list[dict[str, Any]]]) -> list[Ranked]:
    """The rankings as the API (or :func:`scores_to_dict`) gives them."""
    return [Ranked(f, r["rank"], r["pair"], r["total"], r["percent"], r["boards"])
            for f, rows in rankings.items() for r in rows]  # fmt: skip


def library_ranking(session: Session) -> list[Ranked]:
    """The session scored by the library."""
    return [Ranked(side.value if side else "all", r.rank, r.pair.label, r.total, r.percent,
                   r.boards)
            for s in session.scored()
            for side, rows in s.rankings.items() for r in rows]  # fmt: skip


def same_ranking(got: list[Ranked], wanted: list[Ranked], what: str) -> None:
    """The same places, pairs, totals, percentages and boards (totals and percentages to the
    two decimals shown; boards where both say)."""

    def close(a: float | None, b: float | None) -> bool:
        return (a is None) == (b is None) and (a is None or abs(a - (b or 0)) < 0.0051)

    problem = len(got) != len(wanted) or any(
        (g.field, g.rank, g.pair) != (w.field, w.rank, w.pair)
        or not close(g.total, w.total)
        or not close(g.percent, w.percent)
        or (g.boards is not None and w.boards is not None and g.boards != w.boards)
        for g, w in zip(got, wanted, strict=False)
    )
    if problem:
        lines = "\n".join(f"  {g}\n  {w}\n" for g, w in zip(got, wanted, strict=False))
        raise AssertionError(f"{what}: the rankings differ from the API's (got / API):\n{lines}"
                             f"({len(got)} and {len(wanted)} lines)")  # fmt: skip


def pbn_total_table(text: str) -> list[Ranked]:
    """The rankings a PBN export states (its ``TotalScoreTable``s)."""
    found: list[Ranked] = []
    for game in pbn.read_games(text):
        table = game.table("TotalScoreTable")
        if table is None:
            continue
        for row in table.records():
            side = row.get("Direction", "")
            total = row.get("TotalMP") or row.get("TotalIMP") or "0"
            percent = row.get("TotalPercentage", "-")
            found.append(Ranked(side or "all", row["Rank"].strip(),
                                f"{side} {row['PairId']}" if side else row["PairId"],
                                float(total), None if percent in ("-", "") else float(percent),
                                int(row["NrBoards"])))  # fmt: skip
    return found


def csv_ranking(text: str) -> list[Ranked]:
    """The rankings a CSV export states (its first block)."""
    block = text.replace("\r\n", "\n").split("\n\n", 1)[0]
    found = []
    for row in csv.DictReader(io.StringIO(block)):
        side = row["field"]
        pair = f"{side} {row['pair']}" if side in ("NS", "EW") else row["pair"]
        found.append(Ranked(side, row["rank"], pair, float(row["total"]),
                            float(row["percent"]) if row["percent"] else None,
                            int(row["boards"])))  # fmt: skip
    return found


def usebio_ranking(data: bytes) -> list[Ranked]:
    """The rankings a USEBIO file states, read back by the library."""
    read = usebio.read(data)
    return [Ranked(s.pair.side.value if s.pair.side else "all", s.place, s.pair.label,
                   s.total or 0.0, s.percent, None) for s in read.standings]  # fmt: skip


# --- a pairs evening -----------------------------------------------------------------------------

PRESETS = {
    "default": Artificial(),
    "ebu": Artificial(plus_rule="if-better"),
    "acbl": Artificial(plus_rule="if-better", minus_rule="if-worse"),
}
"""The artificial-score presets of ``POST /api/sessions``, built from the library's own."""


def board_result(r: dict[str, Any]) -> BoardResult:
    """A stored result as the API gives it, as the library's :class:`BoardResult`."""
    board, ns, ew, rnd, table = r["board"], r["ns"], r["ew"], r["round"], r["table"]
    if r["artificial"] is not None:
        adjusted = Adjusted.parse(r["artificial"])
        return BoardResult(board, ns, ew, artificial=adjusted, round=rnd, table=table)
    if r["weighted"] is not None:
        weighted = Weighted.parse(r["weighted"])
        return BoardResult(board, ns, ew, weighted=weighted, round=rnd, table=table)
    if r.get("split") is not None:
        split = Split.parse(r["split"]["ns"], r["split"]["ew"])
        return BoardResult(board, ns, ew, split=split, round=rnd, table=table)
    return BoardResult(board, ns, ew, Result.parse(r["result"]), round=rnd, table=table,
                       lead=r["lead"])  # fmt: skip


@dataclass
class Evening:
    """A pairs evening as the machine knows it: the ids and tokens, how it was started, the
    rulings the director made, and the director's last view of it (``GET /api/sessions/{id}``
    with the director's token), from which the next step's expectations are worked out."""

    id: str
    director: dict[str, str]
    tables: dict[int, dict[str, str]]
    kind: str
    """``mitchell`` or ``howell``."""
    method: str
    artificial: str
    versions: dict[int, list[list[int]]] = field(default_factory=dict)
    """The fouled boards, as the director last set them."""
    view: dict[str, Any] = field(default_factory=dict)
    of_club: bool = True
    """The club's evening (on its site, its players on its roster), or an evening of no club
    (started on a server with open evenings: no public view, no site, no emails)."""

    @property
    def base(self) -> str:
        return f"/api/sessions/{self.id}"

    @property
    def closed(self) -> bool:
        return bool(self.view["closed"])

    @property
    def results(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.view["results"]
        return found

    @property
    def plays(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.view["movement"]["plays"]
        return found

    @property
    def missing(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.view["missing"]
        return found

    @property
    def pairs(self) -> list[str]:
        found: list[str] = self.view["movement"]["pairs"]
        return found

    def stray(self, slot: dict[str, Any]) -> bool:
        """Whether a result here would be on a fouled board at a table of none of its
        versions (a late pair seated since it was fouled): refused, 422 naming the board."""
        groups = self.versions.get(slot["board"])
        return groups is not None and all(slot["table"] not in g for g in groups)

    @property
    def slots(self) -> list[dict[str, Any]]:
        """The missing boards the machine may enter (:meth:`stray` ones left out)."""
        return [m for m in self.missing if not self.stray(m)]

    @property
    def strays(self) -> list[dict[str, Any]]:
        """The missing boards no result may be entered at (:meth:`stray`)."""
        return [m for m in self.missing if self.stray(m)]

    @property
    def boards(self) -> list[int]:
        return [b["board"] for b in self.view["boards"]]

    def at(self, rnd: int, table: int, board: int) -> dict[str, Any] | None:
        """The stored result of this round, table and board, if any."""
        where = (rnd, table, board)
        return next((r for r in self.results
                     if (r["round"], r["table"], r["board"]) == where), None)  # fmt: skip

    def entered_round(self, table: int) -> int | None:
        return max((r["round"] for r in self.results if r["table"] == table), default=None)

    def reached_round(self, table: int) -> int | None:
        """The round the table has reached (SCORING.md §13): the first it plays after the
        last one whose every board is in; its first before that, its last once all are in."""
        rounds = sorted((s["round"], s["boards"]) for s in self.view["sittings"]
                        if s["table"] == table)  # fmt: skip
        done = [i for i, (rnd, boards) in enumerate(rounds)
                if all(self.at(rnd, table, b) for b in boards)]  # fmt: skip
        after = done[-1] + 1 if done else 0
        return rounds[min(after, len(rounds) - 1)][0] if rounds else None

    def may_enter(self, slot: dict[str, Any]) -> bool:
        """Whether the slot's table may enter a board of its round: the round it has reached,
        or the latest it has entered (none before the latest: the director's)."""
        table, entered = slot["table"], self.entered_round(slot["table"])
        return (entered or 0) <= slot["round"] and slot["round"] in (
            entered,
            self.reached_round(table),
        )

    def play(self, rnd: int, table: int) -> dict[str, Any]:
        return next(p for p in self.plays if (p["round"], p["table"]) == (rnd, table))

    def fits(self, entry: dict[str, Any]) -> bool:
        """Whether an entry (a conflict's) fits the movement as the room has it now: that
        table plays that board in that round, between those pairs."""
        where = (entry["round"], entry["table"])
        play = next((p for p in self.plays if (p["round"], p["table"]) == where), None)
        if play is None or entry["board"] not in play["boards"]:
            return False
        numbers = (play["ns"].split()[-1], play["ew"].split()[-1])
        return numbers == (str(entry["ns"]), str(entry["ew"]))

    def played(self, label: str, board: int) -> bool:
        """Whether the pair of this label has a result on the board."""
        return any(r["board"] == board and label in self.sitting(r) for r in self.results)

    def sitting(self, slot: dict[str, Any]) -> tuple[str, str]:
        """The pairs at a slot's (or a result's) table in its round."""
        play = self.play(slot["round"], slot["table"])
        return play["ns"], play["ew"]

    def may_see(self, table: int, board: int) -> bool:
        """Whether the table may see the board's traveller: once closed, or once both pairs
        sitting there now (those of the latest round it entered, else its current round)
        have played it (SCORING.md §13)."""
        if self.closed:
            return True
        position = next(p for p in self.view["tables"] if p["table"] == table)
        sitting = self.entered_round(table) or position["current_round"]
        play = next((p for p in self.plays if (p["round"], p["table"]) == (sitting, table)),
                    None)  # fmt: skip
        return play is not None and all(self.played(x, board) for x in (play["ns"], play["ew"]))

    def rounds_of(self, label: str) -> set[int]:
        """The rounds in which the pair of this label has a result."""
        return {r["round"] for r in self.results
                if label in (self.play(r["round"], r["table"])["ns"],
                             self.play(r["round"], r["table"])["ew"])}  # fmt: skip

    def tables_of(self, board: int) -> list[int]:
        """The tables the movement now has play the board (a table twice if it plays it in
        two rounds)."""
        return sorted(p["table"] for p in self.plays if board in p["boards"])

    @property
    def adjusted_kinds(self) -> bool:
        """Whether a weighted or split score is in (USEBIO gives each side's points)."""
        return any(r["weighted"] is not None or r.get("split") is not None for r in self.results)

    def recap_label(self, label: str) -> str:
        return label.replace(" ", "")

    def section(self, results: Iterable[BoardResult], named: Section | None = None) -> Section:
        """The evening's section in the library: the movement as the room has it now, the
        pairs (``named``'s if given, else the API's names), these results, the fouled boards."""
        movement = Movement.from_dict(self.view["movement"])
        base = named or Section.from_movement(movement, names=self.view["names"])
        versions = {b: [list(g) for g in groups] for b, groups in self.versions.items()}
        return Section(base.name, base.kind, base.pairs, base.boards, results,
                       movement=movement, versions=versions)  # fmt: skip

    def replayed(self) -> Session:
        """The same night given to the library: the director's view's results, the movement
        and the rulings, scored as the evening was started."""
        section = self.section(board_result(r) for r in self.results)
        return Session((section,), method=self.method,  # type: ignore[arg-type]
                       artificial=PRESETS[self.artificial])  # fmt: skip


def refresh_view(world: World, ev: Evening) -> dict[str, Any]:
    """The evening's view (the director's) refreshed; anyone's view (answered) agrees with it
    and, before closing, shows no board's results."""
    ev.view = world.get(ev.base, ev.director).json()
    anyone = world.get(ev.base).json()
    assert (anyone["version"], anyone["closed"], anyone["entered"]) == (
        ev.view["version"], ev.view["closed"], len(ev.results))  # fmt: skip
    if not ev.closed:
        assert anyone["results"] == [], "nobody sees a board's results before playing it"
    result: dict[str, Any] = anyone
    return result


def render_evening(world: World, club: Club, ev: Evening) -> None:
    """Every output of a pairs evening, each with the status the docs give it now, and every
    file read back ranking as the API does; the evening's view refreshed."""
    w, base, director = world, ev.base, ev.director
    anyone = refresh_view(w, ev)
    assert "conflicts" in ev.view
    assert "conflicts" not in anyone
    for table, token in ev.tables.items():
        mine = w.get(base, token).json()
        assert ev.closed or all(r["table"] == table for r in mine["results"])
        # a board's traveller: the table's once both pairs sitting there have played it
        board = ev.boards[(table - 1) % len(ev.boards)]
        w.get(f"{base}/boards/{board}", token, 200 if ev.may_see(table, board) else 403)
    listed = w.get("/api/club/sessions", club.login).json()["sessions"]
    assert [(x["id"], x["closed"]) for x in listed] == ([(ev.id, ev.closed)] if ev.of_club
                                                         else [])  # fmt: skip
    for page in ("table", "director"):
        w.get(f"/live/{ev.id}/{page}")
    w.get(f"{base}/changes", director)
    w.get(f"{base}/tables", director)
    w.get(f"{base}/deals")
    public = 200 if ev.closed else 403
    for board in ev.boards:  # the travellers: the director's; everyone's once closed
        w.get(f"{base}/boards/{board}", director)
        if ev.closed or board == ev.boards[0]:
            w.get(f"{base}/boards/{board}", None, public)
    for label in ev.pairs:  # the recaps: likewise
        w.get(f"{base}/recaps/{ev.recap_label(label)}", director)
        if ev.closed or label == ev.pairs[0]:
            w.get(f"{base}/recaps/{ev.recap_label(label)}", None, public)
    w.get(f"{base}/recaps/NS99", director, 404)
    if ev.of_club:  # the email preview (an evening of no club has no roster: 409)
        letters = w.get(f"{base}/emails", director, 200)
        assert letters.json()["closed"] == ev.closed
    else:
        w.get(f"{base}/emails", director, 409)
    # The API's rankings are the library's for the same results, movement and rulings.
    wanted = api_ranking(anyone["rankings"])
    same_ranking(library_ranking(ev.replayed()), wanted, "the library on the API's results")
    # The published outputs: 403 until closed.
    page = w.get(f"/session/{ev.id}", None, public)
    w.get(f"/session/{ev.id}/hands", None, public)
    w.get(f"/session/{ev.id}/session.pbn", None, public)
    w.get(f"/session/{ev.id}/session.csv", None, public)
    files = {f: w.get(f"{base}/export?format={f}", None, public)
             for f in ("pbn", "csv", "usebio")}  # fmt: skip
    if ev.closed and page.status_code == 200:
        check_files(ev, files, wanted)
    # The club's site: the evening is there once closed (404 before).
    site = crawl(world, club.site, (200,))
    evening = f"{club.site}evenings/{ev.id}/"
    if not ev.closed or not ev.of_club:
        w.get(evening, None, 404)
    elif site[club.site].status_code == 200:
        assert evening in site, f"the closed evening is not on the club's site: {sorted(site)}"
        assert any("/pairs/" in p for p in site), "no scorecard on the site"


def check_files(ev: Evening, files: dict[str, Answer], wanted: list[Ranked]) -> None:
    """Each export read back ranks as the API does."""
    text = files["pbn"].text
    same_ranking(pbn_total_table(text), wanted, "the PBN export's TotalScoreTable")
    read = pbn.read(text)
    (section,) = read.sections
    again = replace(read, sections=(ev.section(section.results, named=section),))
    assert again.artificial == PRESETS[ev.artificial], "the file keeps the averages' rule"
    same_ranking(library_ranking(again), wanted, "the PBN export read back and scored")
    same_ranking(csv_ranking(files["csv"].text), wanted, "the CSV export")
    same_ranking(usebio_ranking(files["usebio"].content), wanted, "the USEBIO export")
    if ev.adjusted_kinds:  # weighted and split scores: each side's points, no contract
        assert usebio.read(files["usebio"].content).assigned, "no assigned line in the USEBIO"


# --- a team night --------------------------------------------------------------------------------


@dataclass
class TeamNight:
    """A team or Swiss event as the machine knows it: the ids, the tables' tokens, and the
    same event kept by the library (:class:`Event`), every draw, swap and result made to it
    too."""

    id: str
    core: Event
    tokens: dict[tuple[int, str], dict[str, str]] = field(default_factory=dict)
    """Each table's token (match, room): a table keeps it all night."""

    @property
    def pairs(self) -> bool:
        return self.core.kind.pairs

    @property
    def knockout(self) -> bool:
        return self.core.kind.value == "knockout"

    @property
    def rooms(self) -> tuple[str, ...]:
        return ("open",) if self.pairs else ("open", "closed")

    def entered(self, rnd: int, match: int, board: int) -> dict[str, Entry]:
        return {str(e.room): e for e in self.core.entries
                if (e.round, e.match, e.board) == (rnd, match, board)}  # fmt: skip

    def table(self, match: int, room: str) -> int:
        """The table of a match's room, as ``/api/sessions/{id}`` numbers it."""
        return table_of(match, room, len(self.rooms))

    def latest(self, match: int, room: str) -> int | None:
        """The latest round a table (a match's number and room) has a result in: it enters
        that round or the one it has reached, and fixes its own of that round only
        (SCORING.md §13)."""
        return max((e.round for e in self.core.entries
                    if (e.match, e.room.value) == (match, room)), default=None)  # fmt: skip

    def reached(self, match: int, room: str) -> int | None:
        """The round a table has reached: the first round it plays after the last one whose
        every board it has in (its first before that, its last once all are in)."""
        rounds = [(r.number, m.boards) for r in self.core.rounds for m in r.matches
                  if m.number == match]  # fmt: skip
        done = [i for i, (rnd, boards) in enumerate(rounds)
                if all(room in self.entered(rnd, match, b) for b in boards)]  # fmt: skip
        after = done[-1] + 1 if done else 0
        return rounds[min(after, len(rounds) - 1)][0] if rounds else None

    def complete(self, rnd: int) -> bool:
        wanted = sum(len(m.boards) for m in self.core.round(rnd).matches) * len(self.rooms)
        return sum(e.round == rnd for e in self.core.entries) == wanted

    def slots(self) -> Iterator[tuple[int, int, int, str]]:
        """Every table's board of every round drawn: (round, match, board, room)."""
        for rnd in self.core.rounds:
            for m in rnd.matches:
                for b in m.boards:
                    for room in self.rooms:
                        yield rnd.number, m.number, b, room

    def record(self, rnd: int, match: int, board: int, room: str, result: Result | Adjusted,
               *, change: bool) -> None:  # fmt: skip
        entry = Entry(rnd, match, board, Room(room), result)
        self.core = self.core.record(entry, replace=change)


def render_team_night(world: World, club: Club, night: TeamNight) -> None:
    """Every output of a team night, each with the status the docs give it now; its standings
    and matches the library's for the same draws and results, and its USEBIO file read back
    giving the same standings."""
    w, base = world, f"/api/events/{night.id}"
    shown = w.get(base).json()
    summary = night.core.summary()
    assert shown["standings"] == summary["standings"], (shown["standings"], summary["standings"])
    assert shown["rounds"] == summary["rounds"], (shown["rounds"], summary["rounds"])
    for page in (f"/event/{night.id}", f"/event/{night.id}/table"):
        w.get(page)
    w.get(f"/event/{night.id}/director", None, 303)  # the director's page wants the login cookie
    for rnd in night.core.rounds:
        drawn = w.get(f"{base}/rounds/{rnd.number}").json()
        assert [(m["home"], m["away"]) for m in drawn["matches"]] == [
            (m.home, m.away) for m in rnd.matches]  # fmt: skip
        assert drawn["bye"] == rnd.bye
        assert all("tables" in m for m in w.get(f"{base}/rounds/{rnd.number}",
                                                club.login).json()["matches"])  # fmt: skip
        for m in rnd.matches:
            match = w.get(f"{base}/rounds/{rnd.number}/matches/{m.number}").json()
            score = next(s for s in night.core.scores()
                         if (s.round, s.match) == (rnd.number, m.number))  # fmt: skip
            assert match["imps"] == list(score.imps)
            assert match["vp"] == [v / 100 for v in score.vp]
    for token in night.tokens.values():
        w.get(f"{base}/table", token, 200 if night.core.rounds else 404)
    # the same night through the calls of a pairs evening: every result, where, and who
    live = w.get(f"/api/sessions/{night.id}", club.login).json()
    assert (live["kind"], live["entered"]) == ("teams", len(night.core.entries))
    assert sorted((r["round"], r["table"], r["board"]) for r in live["results"]) == sorted(
        (e.round, night.table(e.match, e.room.value), e.board) for e in night.core.entries
    )
    assert live["standings"] == shown["standings"]
    for (match, room), token in night.tokens.items():
        mine = w.get(f"/api/sessions/{night.id}", token).json()["results"]
        assert {r["table"] for r in mine} <= {night.table(match, room)}, "a table sees its own"
    listed = w.get("/api/club/sessions", club.login).json()["events"]
    assert [x["id"] for x in listed] == [night.id]
    answer = w.get(f"{base}/export?format=usebio", None, 422 if night.pairs else 200)
    if answer.status_code == 200:
        read = usebio.read_event(answer.content)
        lines = [(x.place, x.entrant) for x in read.ranking]
        assert lines == [(s["rank"], s["entrant"]) for s in shown["standings"]], lines
        for x, s in zip(read.ranking, shown["standings"], strict=True):
            # a knockout states no VPs, board-a-match no IMPs; the rest as the API
            assert x.vp == round(s["vp"] * 100) or (x.vp is None and night.knockout), (x, s)
            assert (x.imps_for, x.imps_against) == (s["imps_for"], s["imps_against"]) or (
                x.imps_for is None and night.core.scoring == "bam"), (x, s)  # fmt: skip
        again = [(s.rank, s.entrant, s.vp) for s in read.event.standings()]
        assert again == [(s["rank"], s["entrant"], round(s["vp"] * 100))
                         for s in shown["standings"]], again  # fmt: skip
    site = crawl(world, club.site, (200,))
    assert f"{club.site}events/{night.id}/" in site


def new_team_night(world: World, club: Club, body: dict[str, Any]) -> TeamNight:
    """Create the event from ``body`` (``POST /api/events``) and its library twin."""
    made = expect(world, world.client.post("/api/events", json=body, headers=club.login), 201)
    entrants = tuple(Entrant(e["name"], tuple(e.get("players", ()))) for e in body["entrants"])
    bye = body.get("bye_vp")
    core = Event(body["kind"], body["name"], entrants, body.get("rounds"),
                 body.get("boards_per_match", 8), body.get("scale", "wbf-2013"),
                 body.get("scoring") or ("mp" if body["kind"] == "swiss-pairs" else "imps"),
                 None if bye is None else round(bye * 100), body.get("arrears", False))  # fmt: skip
    return TeamNight(made.json()["id"], core)

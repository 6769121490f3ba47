"""Reading a session: each game's board, results and names, handed to a
:class:`~bridgescore.pbn._builder.SessionBuilder` (see the package's notes for the mapping)."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Final, TypeAlias, TypeVar, cast

from bridgescore.boards.auction import Auction
from bridgescore.boards.deal import Deal
from bridgescore.boards.play import Play
from bridgescore.duplicate.field import Adjusted, Weighted
from bridgescore.duplicate.session import METHODS, Board, Session, Split
from bridgescore.errors import BridgeError, PbnError, TeamsFileError
from bridgescore.model import Result, Seat, Side, Vulnerability
from bridgescore.pbn._boards import BoardReader
from bridgescore.pbn._builder import KeptTags, ReadResult, SessionBuilder, TotalName
from bridgescore.pbn._games import (
    MANDATORY_TAGS,
    RESERVED,
    TABLE_TAGS,
    Game,
    Table,
    Tag,
    auction_of,
    complete_deal,
    element,
    escape,
    play_of,
)
from bridgescore.pbn._lexer import read_games
from bridgescore.pbn._location import Location, quote
from bridgescore.pbn._players import TablePairs
from bridgescore.pbn._rows import Layout, layout, row_result, split, table_results
from bridgescore.pbn._values import (
    Scoring,
    absent,
    adjusted,
    award,
    bare_award,
    direction,
    integer,
    movement,
    ns_score,
    pair_id,
    percent_award,
    read_scoring,
    result,
    sides,
)
from bridgescore.scoring import score_result

__all__ = ["SessionReader", "read"]

_SCORE_TAG: Final[Mapping[Side | None, str]] = {None: "Score", Side.NS: "Score", Side.EW: "Score"}
_SCORE_COLUMNS: Final[Mapping[Side | None, str]] = {
    None: "ScoreTable", Side.NS: "Score_NS", Side.EW: "Score_EW"
}  # fmt: skip

_NO_DATA: Final = RESERVED - {"ScoreTable", "TotalScoreTable"}
"""Tags the mapping reads that take no section data after them."""
_S = TypeVar("_S", Auction, Play, Deal)
_ABSENT: Final = ("", "?", "-")

Outcome: TypeAlias = tuple[Result | Adjusted | Weighted | Split, int | None, bool]
"""What happened at a table: the result, artificial score or weighted score, the score the
file gives if it is not the contract's, and whether declarer and dummy were swapped."""


def read(text: str, *, source: str = "<text>") -> Session:
    """Read a session from PBN text (the import format; see :mod:`bridgescore.pbn`).

    >>> read('[Board "1"]\\n[Dealer "Q"]', source="club.pbn")
    Traceback (most recent call last):
    ...
    bridgescore.errors.PbnError: club.pbn, line 2: bad Dealer 'Q': expected N, E, S or W

    :param source: the file's name, for messages.
    :raises PbnError: for malformed text, naming the line and quoting it.
    """
    with _no_collection():
        return SessionReader(read_games(text, source=source), source).read()


@contextmanager
def _no_collection() -> Iterator[None]:
    """Python's cyclic garbage collector paused while a file is read: the values read are many
    and live on (the session), so its passes over them, a third of the time of a 5 MB file,
    would free nothing. Whatever the reading leaves is collected at the next pass after it."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


class SessionReader:
    """Reads games into a :class:`SessionBuilder`, one game at a time."""

    def __init__(self, games: list[Game], source: str = "<text>", *, fast: bool = True) -> None:
        self.games = games
        self.fast = fast
        """Read plain ScoreTable rows at once (:mod:`._rows`); False: each through :meth:`row`
        (the tests compare the two)."""
        self.scores: dict[tuple[str, str, object, Vulnerability, str], int | None] = {}
        """The given scores of plain rows, checked once per texts, result and vulnerability."""
        self.at = Location(source)
        self.builder = SessionBuilder(source)
        self.pairs = TablePairs(self.at)
        """The pairs of the games per table."""
        self.bare: list[int] = []
        """The lines of artificial scores written without ``^``."""
        self.unnumbered: list[int] = []
        """The lines of games without a Board tag, numbered in order."""
        self.last_board = 0
        self.boards = BoardReader(self.at)

    def read(self) -> Session:
        self.refuse_teams()
        scoring = self.scoring()
        event, date = self.first("Event"), self.first("Date")
        for game in self.games:
            self.game(game, scoring)
        self.notes()
        return self.builder.session(scoring, event, date)

    def refuse_teams(self) -> None:
        """A file of team matches is not a pairs session: refused, saying what reads it."""
        for game in self.games:
            for name in ("HomeTeam", "VisitTeam", "Room"):
                tag = game.tag(name)
                if tag is None or absent(tag.value):
                    continue
                if name == "Room" and tag.value.strip().lower() not in ("open", "closed"):
                    continue
                raise TeamsFileError(
                    f"a teams file ({name} {quote(tag.value)}): its games are the rooms of "
                    "team matches, not a pairs session; read it with bridgescore.pbn."
                    "read_matches (or read_event), or score it with `bridgescore event score "
                    f"{self.at.source}` (`bridgescore match score` for one match)",
                    line=tag.line,
                    source=self.at.source,
                    field=name,
                    value=tag.value,
                )

    def notes(self) -> None:
        """Warnings for what was read leniently."""
        if self.bare:
            self.builder.warn(f"artificial scores written without PBN's '^' (A+, A, A-) are "
                              f"read as artificial scores: {_lines(self.bare)}")  # fmt: skip
        if self.unnumbered:
            self.builder.warn(f"games without a Board tag are numbered in order, each after the "
                              f"highest board before it: {_lines(self.unnumbered)}")  # fmt: skip
        for note in self.pairs.notes():
            self.builder.warn(note)

    def first(self, name: str) -> str:
        """The first real value of a session-wide tag; a warning for games that differ."""
        value: str | None = None
        others: list[Tag] = []
        for game in self.games:
            tag = game.tag(name)
            if tag is None or absent(tag.value) or tag.value == "????.??.??":
                continue
            if value is None:
                value = tag.value
            elif tag.value != value:
                others.append(tag)
        if others:  # one warning, not one a game (BBO writes each table's time in its Date)
            self.builder.warn(f"{_lines([t.line for t in others])}: {name} "
                              f"{others[0].value!r}{' ...' if len(others) > 1 else ''} is not "
                              f"the first, {value!r}, which is kept")  # fmt: skip
        return value or ""

    def scoring(self) -> Scoring:
        """The ``Scoring`` of the games, which must agree (``MP`` and ``MatchPoints;MP1``
        do: the methods are compared, not the text)."""
        found: Tag | None = None
        first = Scoring()
        seen: set[str] = set()
        for game in self.games:
            tag = game.tag("Scoring")
            if tag is None or absent(tag.value) or tag.value in seen:
                continue
            seen.add(tag.value)
            scoring = read_scoring(tag.value, self.at.at(tag.line))
            if found is None:
                found, first = tag, scoring
            elif replace(scoring, notes=()) != replace(first, notes=()):
                self.at.at(tag.line).fail(
                    f"Scoring {tag.value!r} differs from {found.value!r} (line {found.line}): a "
                    f"session is scored one way, here by {METHODS[scoring.method].name}, there by "
                    f"{METHODS[first.method].name}", field="Scoring", value=tag.value)  # fmt: skip
        return first

    def game(self, game: Game, scoring: Scoring) -> None:
        """Read one game: a board with a ScoreTable, a board of a game per table, or the
        totals of a section alone."""
        self.check_data(game)
        tag = game.tag("ScoreTable")
        fast = self.fast_table(tag)
        table = None if fast is not None else game.table("ScoreTable", source=self.at.source)
        section = _section(game)
        board_tag = game.tag("Board")
        if board_tag is None or absent(board_tag.value):
            if tag is None and not _has_deal(game):
                self.totals_game(game, section)
                return
            self.unnumbered.append(game.line)
            board_tag = Tag("Board", str(self.last_board + 1), line=game.line)
        board = self.boards.board(game, board_tag)
        self.last_board = max(self.last_board, board.number)
        if fast is not None:
            self.fast_rows(game, board, section, scoring, *fast)
        else:
            rows = [] if table is None else self.rows(table, section)
            self.add_board(game, board, [section, *(name for name, _, _ in rows)])
            for name, record, at in rows:
                self.builder.played(name, self.row(board, record, at, scoring))
        played = None if tag is not None else self.table_game(section, board, game, scoring)
        if played is not None:
            self.builder.played(section, played)

    def totals_game(self, game: Game, section: str) -> None:
        """A game without a board: a section's TotalScoreTable (and Movement)."""
        totals = game.table("TotalScoreTable", source=self.at.source)
        if totals is None:
            self.at.at(game.line).refuse("pbn_empty_game", field="Board")
        self.builder.totals(section, game.line, [])
        self.section_tags(section, game)

    def add_board(self, game: Game, board: Board, sections: list[str]) -> None:
        """A game's board, with the tags it keeps, its Movement and its TotalScoreTable, in
        each of the sections its results are in."""
        kept, ignored = _kept(game)
        for name in dict.fromkeys(sections):
            self.builder.board(name, board, game.line, kept, ignored)
            self.section_tags(name, game)

    def check_data(self, game: Game) -> None:
        """No section data after a tag the mapping reads, but for its tables; the auction
        and the play are well formed, and a warning if the auction's contract and declarer
        are not the game's Contract and Declarer."""
        auction = self.optional(game, auction_of)
        self.optional(game, play_of)
        deal = self.optional(game, complete_deal)
        if deal is not None:
            self.builder.deals[game.get("Deal") or ""] = deal
        contract = game.tag("Contract")
        if auction is not None and auction.is_complete and contract is not None:
            final, declarer = auction.final()
            said = (contract.value.strip().upper(), (game.get("Declarer") or "").strip())
            if not absent(said[0]) and (str(final).upper(), declarer.value if declarer else
                                         "") != said and "%" not in said[0]:  # fmt: skip
                by = f" by {declarer.value}" if declarer else ""
                self.builder.warn(f"line {contract.line}: the auction ends in {final}{by}, "
                                  f"but the game says {said[0]} by {said[1] or '-'}")  # fmt: skip
        for tag in game.tags:
            if tag.data and tag.name in _NO_DATA:
                text = " ".join(tag.data[0])
                self.at.at(tag.data_lines[0]).refuse(
                    "pbn_text_after_tag", field=tag.name, value=text, name=tag.name,
                    quoted=quote(text))  # fmt: skip

    def optional(self, game: Game, read: Callable[..., _S | None]) -> _S | None:
        """A game's auction, play or deal, or None with a warning where it does not read: an
        optional part of a game never refuses its results (the board keeps it as text)."""
        try:
            return read(game, source=self.at.source)
        except PbnError as exc:
            name = exc.field or "section"
            reason = exc.reason.removeprefix(f"{name}: ")
            value = "" if exc.value is None or repr(exc.value) in reason else (
                f" ({quote(str(exc.value))})")  # fmt: skip
            where = "" if self.at.source == "<text>" else f"{self.at.source}, "
            self.builder.warn(f"{where}line {exc.line or game.line}: {name} not read, the "
                              f"results are scored without it: {reason}{value}")  # fmt: skip
            return None

    def section_tags(self, section: str, game: Game) -> None:
        """A game's Movement and TotalScoreTable, for a section its board is in."""
        tag = game.tag("Movement")
        if tag is not None and not absent(tag.value):
            self.builder.movement(section, movement(tag.value, self.at.at(tag.line)))
        totals = game.table("TotalScoreTable", source=self.at.source)
        if totals is not None:
            self.builder.totals(section, game.line, self.totals(totals))

    def totals(self, table: Table) -> list[TotalName]:
        """The pairs of a TotalScoreTable: direction, number, names (the scores are ours)."""
        pair_col, names_col = table.index("PairId"), table.index("Names")
        direction_col = table.index("Direction")
        if pair_col is None:
            return []
        out = []
        for row, line in zip(table.rows, table.lines, strict=True):
            if absent(row[pair_col]):
                continue
            at = self.at.at(line)
            number = pair_id(row[pair_col], "PairId", at)
            side = None if direction_col is None else direction(row[direction_col])
            names = "" if names_col is None or absent(row[names_col]) else row[names_col]
            out.append(TotalName(side, number, names, line))
        return out

    def rows(self, table: Table, section: str) -> list[tuple[str, dict[str, str], Location]]:
        """A ScoreTable's rows: the section of each (a Section column, seen in real files,
        splits them), the row by column name, and its line."""
        column = table.index("Section")
        out = []
        for row, line in zip(table.rows, table.lines, strict=True):
            name = section
            if column is not None and not absent(row[column]):
                name = row[column].strip()
            record = {c.name: e for c, e in zip(table.columns, row, strict=True)}
            out.append((name, record, self.at.at(line)))
        return out

    # A ScoreTable row

    def fast_table(
        self, tag: Tag | None
    ) -> tuple[Layout, tuple[tuple[str, ...], ...], tuple[int, ...]] | None:
        """A ScoreTable as most files write it, split at once (see :mod:`._rows`); else None."""
        if not self.fast or tag is None:
            return None
        lay = layout(tag)
        rows = None if lay is None else split(tag, len(lay.columns))
        return None if lay is None or rows is None else (lay, *rows)

    def fast_rows(
        self,
        game: Game,
        board: Board,
        section: str,
        scoring: Scoring,
        lay: Layout,
        data: tuple[tuple[str, ...], ...],
        lines: tuple[int, ...],
    ) -> None:
        """A ScoreTable's rows (on their ``lines``) as :meth:`rows` and :meth:`row` read
        them: a plain table at once (:func:`._rows.table_results`), else the plain rows at
        once."""
        reads = table_results(lay, data, lines, board.number)
        if reads is not None:
            self.add_board(game, board, [section])
            if lay.score_ns >= 0 or lay.score_ew >= 0:
                reads = [self.row_score(read, row, lay, board, scoring)
                         for read, row in zip(reads, data, strict=True)]  # fmt: skip
            self.builder.played_many(section, reads)
            return
        names = [section if lay.section < 0 or absent(row[lay.section]) else
                 row[lay.section].strip() for row in data]  # fmt: skip
        self.add_board(game, board, [section, *names])
        played = self.builder.played
        for name, row, line in zip(names, data, lines, strict=True):
            found = row_result(lay, row, board.number, line)
            if found is None:
                record = {c.name: e for c, e in zip(lay.columns, row, strict=True)}
                played(name, self.row(board, record, self.at.at(line), scoring))
                continue
            read, ns, ew = found
            played(name, self.given(read, ns, ew, board, scoring))

    def row_score(
        self, read: ReadResult, row: tuple[str, ...], lay: Layout, board: Board, scoring: Scoring
    ) -> ReadResult:
        """A plain row's result with the score its Score columns give, if not the result's."""
        ns = "-" if lay.score_ns < 0 else row[lay.score_ns]
        ew = "-" if lay.score_ew < 0 else row[lay.score_ew]
        return self.given(read, ns, ew, board, scoring)

    def given(
        self, read: ReadResult, ns: str, ew: str, board: Board, scoring: Scoring
    ) -> ReadResult:
        """A plain row's result with the score written in its Score columns (``ns``, ``ew``)
        if it is not the result's: checked once per texts, result and vulnerability."""
        if ns.strip() in _ABSENT and ew.strip() in _ABSENT:
            return read
        key = (ns, ew, read.value, board.vulnerability, scoring.undertrick_rule)
        if key not in self.scores:
            if len(self.scores) >= 4096:
                self.scores.clear()  # bounded: distinct junk cannot grow it
            self.scores[key] = self.given_score(
                {Side.NS: ns, Side.EW: ew}, cast(Result, read.value), board, scoring,
                self.at.at(read.line), "Score_NS/Score_EW", _SCORE_COLUMNS)  # fmt: skip
        score = self.scores[key]
        return read if score is None else read._replace(score=score)

    def row(
        self, board: Board, record: dict[str, str], at: Location, scoring: Scoring
    ) -> ReadResult:
        """A ScoreTable row: the pairs, the result or the artificial score, the round, names."""
        cells = {k.lower(): v for k, v in record.items()}
        ns_text, ew_text = cells.get("pairid_ns"), cells.get("pairid_ew")
        if ns_text is None or ew_text is None:
            at.refuse("pbn_score_table_pairs", field="ScoreTable")
        ns, ew = pair_id(ns_text, "PairId_NS", at), pair_id(ew_text, "PairId_EW", at)
        value, score, swapped = self.row_outcome(cells, record, board, at, scoring)
        round_, table = (_number(cells.get(name.lower()), name, at) for name in ("Round", "Table"))
        version_text = cells.get("version")
        version = None if version_text is None or absent(version_text) else integer(
            version_text, "version", at, field="Version", least=1)  # fmt: skip
        ns_names, ew_names = ("" if absent(n) else n or ""
                              for n in (cells.get("names_ns"), cells.get("names_ew")))  # fmt: skip
        return ReadResult(board.number, ns, ew, value, score, round_, at.line, swapped,
                      (ns_names, ew_names), table, version)  # fmt: skip

    def row_outcome(
        self,
        cells: dict[str, str],
        record: dict[str, str],
        board: Board,
        at: Location,
        scoring: Scoring,
    ) -> Outcome:
        """What a ScoreTable row says happened: an artificial score, or a contract's result."""
        contract = cells.get("contract", "?") or ""
        if "%" in contract:
            return _weighted(contract, at), None, False
        if "/" in contract:
            return _split(contract, at), None, False
        artificial = _row_award(cells)
        if artificial is None and absent(contract):
            bare = [bare_award(cells.get(c)) for c in ("score_ns", "score_ew")]
            artificial = adjusted(bare[0], bare[1])
            if artificial is not None:
                self.bare.append(at.line)
        if artificial is not None:
            if not absent(contract):
                at.refuse("pbn_row_contract_and_artificial", field="Contract", value=contract,
                          contract=contract)  # fmt: skip
            return artificial, None, False
        if absent(contract):
            at.refuse("pbn_row_no_contract", field="Contract", value=contract,
                      quoted=quote(" ".join(record.values())))  # fmt: skip
        declarer, tricks = cells.get("declarer"), cells.get("result")
        if declarer is None or tricks is None:
            at.refuse("pbn_score_table_result", field="ScoreTable")
        value, swapped = result(contract, declarer, tricks, (at, at, at))
        given: dict[Side | None, str] = {
            Side.NS: cells.get("score_ns") or "-",
            Side.EW: cells.get("score_ew") or "-",
        }
        score = self.given_score(given, value, board, scoring, at, "Score_NS/Score_EW",
                                 _SCORE_COLUMNS)  # fmt: skip
        return value, score, swapped

    def given_score(
        self,
        values: Mapping[Side | None, str],
        result: Result,
        board: Board,
        scoring: Scoring,
        at: Location,
        what: str,
        fields: Mapping[Side | None, str],
    ) -> int | None:
        """The score written in the file if it differs from the result's (an irregularity)."""
        present: dict[Side | None, str] = {s: v for s, v in values.items() if not absent(v)}
        if not present:
            return None
        given = ns_score(present, result.declarer, at, what, fields)
        if isinstance(given, Adjusted):
            at.fail(f"{what}: an artificial score with a contract ({result})", field=fields[None],
                    value=" ".join(present.values()))  # fmt: skip
        computed = score_result(
            result, board.vulnerability, undertrick_rule=scoring.undertrick_rule
        )
        return None if given == computed.for_side(Side.NS) else given

    # A game per table

    def table_game(
        self, section: str, board: Board, game: Game, scoring: Scoring
    ) -> ReadResult | None:
        """A game per table: its Contract, Declarer, Result and Score tags, its pairs, round
        and players; None if it has no result (a deal, say)."""
        contract = game.tag("Contract")
        line = contract.line if contract is not None else game.line
        outcome = self.table_outcome(game, contract, board, scoring)
        if outcome is None:
            return None
        ns, ew = self.pairs.pairs(game, section, board.number)
        round_, table = (
            None if tag is None else _number(tag.value, name, self.at.at(tag.line))
            for name, tag in (("Round", game.tag("Round")), ("Table", game.tag("Table")))
        )
        ns_names, ew_names = self.pairs.names(game, section, ns, ew)
        value, score, swapped = outcome
        tag = game.tag("Version")
        version = None if tag is None or absent(tag.value) else integer(
            tag.value, "version", self.at.at(tag.line), field="Version", least=1)  # fmt: skip
        return ReadResult(board.number, ns, ew, value, score, round_, line, swapped,
                      (ns_names, ew_names), table, version)  # fmt: skip

    def table_outcome(
        self, game: Game, contract: Tag | None, board: Board, scoring: Scoring
    ) -> Outcome | None:
        """What a game per table says happened; None if nothing."""
        score = game.tag("Score")
        if contract is None or contract.value.strip() in ("", "?"):
            artificial = self.artificial(score)
            return None if artificial is None else (artificial, None, False)
        if "%" in contract.value:
            return _weighted(contract.value, self.at.at(contract.line)), None, False
        if "/" in contract.value:
            return _split(contract.value, self.at.at(contract.line)), None, False
        declarer_text = game.get("Declarer", "") or ""
        declarer_tag, result_tag = game.tag("Declarer"), game.tag("Result")
        at = self.at.at(contract.line)
        places = (at, at.at(declarer_tag.line) if declarer_tag else at,
                  at.at(result_tag.line) if result_tag else at)  # fmt: skip
        tricks = self.result_tag(result_tag, declarer_text)
        value, swapped = result(contract.value, declarer_text, tricks, places)
        if score is None or absent(score.value):
            return value, None, swapped
        at = self.at.at(score.line)
        values = sides(score.value)
        if values is None:
            at.refuse("pbn_score", field="Score", value=score.value, text=score.value)
        return (
            value,
            self.given_score(values, value, board, scoring, at, "Score", _SCORE_TAG),
            swapped,
        )

    def artificial(self, score: Tag | None) -> Adjusted | None:
        """The artificial score of a game per table without a contract, if it gives one
        (``NS ^A+``; or ``NS A+`` without the ``^``, with a warning)."""
        if score is None:
            return None
        values = sides(score.value)
        if "^" not in score.value:
            if values is None or not all(bare_award(v) for v in values.values()):
                return None
            self.bare.append(score.line)
            values = {side: f"^{v.strip()}" for side, v in values.items()}
        at = self.at.at(score.line)
        if values is None:
            at.refuse("pbn_score_artificial", field="Score", value=score.value, text=score.value)
        given = ns_score(values, None, at, "Score", _SCORE_TAG)
        if not isinstance(given, Adjusted):
            at.refuse("pbn_score_no_contract", field="Score", value=score.value,
                      text=score.value)  # fmt: skip
        return given

    def result_tag(self, tag: Tag | None, declarer_text: str) -> str:
        """The tricks declarer took, from a Result in any of the formats of §3.4.15."""
        if tag is None or absent(tag.value):
            return ""
        at = self.at.at(tag.line)
        values = sides(tag.value.strip().lstrip("^"))
        if values is None:
            at.refuse("pbn_result_tag", field="Result", value=tag.value, text=tag.value)
        if None in values:
            return values[None]
        try:
            side = Seat.parse(declarer_text.strip().lstrip("^")).side
        except BridgeError:
            return "?"  # reported as a missing declarer
        if side in values:
            return values[side]
        other = integer(values[side.opponents], "Result", at, field="Result")
        if other > 13:
            at.refuse("pbn_result_tag_tricks", field="Result", value=tag.value, text=tag.value)
        return str(13 - other)


def _split(text: str, at: Location) -> Split:
    """A split score written in a Contract (ours, ``NS 4SN= / EW 4SN-1``: the package's notes)."""
    try:
        return Split.read(text)
    except BridgeError as exc:
        at.refuse("pbn_split_score", field="Contract", value=text, error=exc)


def _weighted(text: str, at: Location) -> Weighted:
    """A weighted score written in a Contract (ours: see the package's notes)."""
    try:
        return Weighted.parse(text)
    except BridgeError as exc:
        at.refuse("pbn_weighted_score", field="Contract", value=text, error=exc)


def _lines(lines: list[int]) -> str:
    """Lines for a warning: the first few."""
    more = f" and {len(lines) - 5} more" if len(lines) > 5 else ""
    return f"line{'s' if len(lines) > 1 else ''} {', '.join(map(str, lines[:5]))}{more}"


def _has_deal(game: Game) -> bool:
    """A game that is about a board: it has a deal, a contract or a score."""
    return any(not absent(game.get(name)) for name in ("Deal", "Contract", "Score"))


def _section(game: Game) -> str:
    name = game.get("Section")
    return "A" if absent(name) else (name or "A").strip()


def _row_award(cells: dict[str, str]) -> Adjusted | None:
    """The artificial score of a ScoreTable row: ``^A+`` scores, else ``^`` percentages."""
    awards = [
        award(text.strip()[1:]) if text and text.strip().startswith("^") else None
        for text in (cells.get("score_ns"), cells.get("score_ew"))
    ]
    if awards == [None, None]:
        awards = [percent_award(cells.get(c) or "") for c in ("percentage_ns", "percentage_ew")]
    return adjusted(awards[0], awards[1])


def _kept(game: Game) -> tuple[KeptTags, set[str]]:
    """The tags the mapping does not read, encoded as :attr:`Board.tags` holds them (a tag's
    section data on lines after its value, the notes of an auction or a play with it, §3.5.5,
    §3.6.5); and the names of the table tags a game with a ScoreTable does not read."""
    per_board = game.tag("ScoreTable") is not None
    out: list[tuple[str, list[str]]] = []
    ignored: set[str] = set()
    open_section: list[str] | None = None
    for tag in game.tags:
        name = tag.name
        if name in RESERVED or (name in MANDATORY_TAGS and absent(tag.value)):
            if per_board and name in TABLE_TAGS and not absent(tag.value):
                ignored.add(name)
            open_section = None
        elif name == "Note" and open_section is not None:
            open_section.append(f'[Note "{escape(tag.value)}"]')
        else:
            out.append((name, [tag.value, *_section_lines(tag)]))
            open_section = out[-1][1] if name in ("Auction", "Play") else None
    return [(name, "\n".join(lines)) for name, lines in out], ignored


def _section_lines(tag: Tag) -> list[str]:
    """A kept tag's section data as lines: a table's rows one a line, as they are written."""
    if tag.data and tag.name.endswith("Table"):
        try:
            return [" ".join(element(e) for e in row) for row in Table.parse(tag).rows]
        except PbnError:
            pass  # not a well-formed table: kept line by line
    return [" ".join(tokens) for tokens in tag.data]


def _number(text: str | None, name: str, at: Location) -> int | None:
    """A round or table number (a column or a tag named ``name``); None where not given.

    A round must be a number; a table that is not one (other programs write ``T3`` or a room's
    name) is left out, since nothing is scored from it.
    """
    if text is None or absent(text):
        return None
    if name == "Table":
        t = text.strip()
        return int(t) if t.isascii() and t.isdigit() and len(t) < 6 else None
    return integer(text, name.lower(), at, field=name)

"""Building a :class:`~bridgescore.duplicate.session.Session` from what the reader found in the
games.

The reader (:mod:`bridgescore.pbn._reader`) reads each game's tags and tables into values:
boards, :class:`ReadResult` results, names. It hands them to a :class:`SessionBuilder`, which
collects them by section and, at the end, checks what involves several games (a pair twice
on a board, a result entered twice, the movement) and builds the session.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Final, NamedTuple

from bridgescore.boards.deal import Deal
from bridgescore.duplicate.field import Adjusted, Weighted
from bridgescore.duplicate.session import (
    Board,
    BoardResult,
    Pair,
    Section,
    SectionKind,
    Session,
    SessionWarning,
    Split,
)
from bridgescore.errors import BridgeError
from bridgescore.model import Result, Side
from bridgescore.pbn._games import export_order
from bridgescore.pbn._location import Location
from bridgescore.pbn._values import Scoring

__all__ = ["ReadResult", "SessionBuilder", "TotalName"]

_DEAL_TAGS: Final = frozenset(
    {"Deal", "DealId", "Auction", "Play", "Note", "Hidden", "Description", "OptimumScore",
     "OptimumContract", "ParContract", "DoubleDummyTricks", "West", "North", "East", "South"}
)  # fmt: skip
"""Tags about one deal or one table: kept with the board even when every game has them."""

KeptTags = list[tuple[str, str]]
"""A game's tags the mapping does not read, as :attr:`Board.tags` holds them."""


class ReadResult(NamedTuple):
    """A result as read: the board, the pairs, what happened, and the line it is on (a tuple:
    a file's rows make thousands, and a tuple is made at once)."""

    board: int
    ns: int
    ew: int
    value: Result | Adjusted | Weighted | Split
    score: int | None = None
    """The score the file gives where it is not the contract's (an irregularity)."""
    round: int | None = None
    line: int = 0
    swapped: bool = False
    """Declarer and dummy were swapped (``Declarer "^S"``)."""
    names: tuple[str, str] = ("", "")
    """The NS and the EW pair's players, where the game names them."""
    table: int | None = None
    version: int | None = None
    """The version of a fouled board played at this table (1, 2 ...; a ``Version`` column)."""

    def board_result(self) -> BoardResult:
        if isinstance(self.value, Adjusted):
            return BoardResult(self.board, self.ns, self.ew, artificial=self.value,
                               round=self.round, table=self.table)  # fmt: skip
        if isinstance(self.value, Weighted):
            return BoardResult(self.board, self.ns, self.ew, weighted=self.value, round=self.round,
                               table=self.table)  # fmt: skip
        if isinstance(self.value, Split):
            return BoardResult(self.board, self.ns, self.ew, split=self.value, round=self.round,
                               table=self.table)  # fmt: skip
        return BoardResult.played(self.board, self.ns, self.ew, self.value, self.score,
                                  self.round, self.table)  # fmt: skip


@dataclass(frozen=True, slots=True)
class TotalName:
    """A pair of a ``TotalScoreTable``: its direction if given, number and players."""

    side: Side | None
    number: int
    names: str
    line: int


@dataclass
class _SectionDraft:
    name: str
    line: int
    movement: SectionKind | None = None
    boards: dict[int, Board] = field(default_factory=dict)
    board_lines: dict[int, int] = field(default_factory=dict)
    board_tags: dict[int, list[KeptTags]] = field(default_factory=dict)
    rows: list[ReadResult] = field(default_factory=list)
    names: dict[tuple[Side | None, int], str] = field(default_factory=dict)
    ignored: set[str] = field(default_factory=set)
    total_names: list[TotalName] = field(default_factory=list)
    notes: list[SessionWarning] = field(default_factory=list)


class SessionBuilder:
    """Collects boards and results by section; :meth:`session` builds the session."""

    def __init__(self, source: str = "<text>") -> None:
        self.at = Location(source)
        self.sections: dict[str, _SectionDraft] = {}
        self.deals: dict[str, Deal] = {}
        """The deals the reader has read, by their ``Deal`` text."""
        self.notes: list[SessionWarning] = []

    def _draft(self, name: str, line: int) -> _SectionDraft:
        if name not in self.sections:
            self.sections[name] = _SectionDraft(name, line)
        return self.sections[name]

    def warn(self, message: str) -> None:
        """A warning about the whole session."""
        self.notes.append(SessionWarning(0, (0, 0), message))

    def board(
        self, section: str, board: Board, line: int, kept: KeptTags, ignored: set[str]
    ) -> None:
        """A game of ``board`` in ``section`` (on ``line``), with the tags it keeps and the
        names of the table tags it does not read."""
        draft = self._draft(section, line)
        draft.ignored |= ignored
        known = draft.boards.get(board.number)
        if known is None:
            draft.boards[board.number] = board
            draft.board_lines[board.number] = line
            draft.board_tags[board.number] = []
            if not board.follows_law_2:
                law = Board.numbered(board.number)
                draft.notes.append(SessionWarning(board.number, (0, 0), (
                    f"dealer {board.dealer.value} and vulnerability {board.vulnerability.value}"
                    f" are not Law 2's ({law.dealer.value}, {law.vulnerability.value}); the "
                    "board's are used")))  # fmt: skip
        elif (known.dealer, known.vulnerability) != (board.dealer, board.vulnerability):
            self.at.at(line).fail(
                f"board {board.number} of section {section} has dealer "
                f"{board.dealer.value} and vulnerability {board.vulnerability.value} here but "
                f"{known.dealer.value} and {known.vulnerability.value} at line "
                f"{draft.board_lines[board.number]}",
                field="Board", value=board.number)  # fmt: skip
        draft.board_tags[board.number].append(kept)

    def movement(self, section: str, movement: SectionKind) -> None:
        self.sections[section].movement = movement

    def totals(self, section: str, line: int, names: list[TotalName]) -> None:
        """The pairs of a ``TotalScoreTable`` (in a game on ``line``)."""
        self._draft(section, line).total_names.extend(names)

    def played(self, section: str, played: ReadResult) -> None:
        """A result in ``section``, whose board the section has."""
        draft = self.sections[section]
        draft.rows.append(played)
        ns_names, ew_names = played.names
        if ns_names:
            draft.names.setdefault((Side.NS, played.ns), ns_names)
        if ew_names:
            draft.names.setdefault((Side.EW, played.ew), ew_names)

    def played_many(self, section: str, played: list[ReadResult]) -> None:
        """Results in ``section`` without players' names (a plain ScoreTable's rows)."""
        self.sections[section].rows.extend(played)

    def session(self, scoring: Scoring, event: str, date: str) -> Session:
        """The session, scored as ``scoring`` says.

        :raises PbnError: for results that contradict each other, naming a line.
        """
        drafts = list(self.sections.values())
        parts = []
        for i, draft in enumerate(drafts):
            try:
                parts.append(self._parts(draft))
            except BridgeError:
                self._check_all(drafts[: i + 1])
                raise
        tags = _promote([p.boards for p in parts])
        if parts:
            notes = [*self.notes, *(SessionWarning(0, (0, 0), n) for n in scoring.notes)]
            parts[0].notes[:0] = notes
        try:
            sections = [self._section(d, p) for d, p in zip(drafts, parts, strict=True)]
        except BridgeError:
            self._check_all(drafts)
            raise
        return Session(
            tuple(sections), scoring.method, event, date, scoring.undertrick_rule,
            scoring.artificial, scoring.drop, scoring.rounding, scoring.divisor, tags,
        )  # fmt: skip

    def _parts(self, draft: _SectionDraft) -> _Parts:
        """What a section is built from, checking what refers to rows here so that errors
        name lines (the section itself is built once, after the common tags are promoted)."""
        movement = draft.movement or _infer(draft)
        mitchell = movement == "mitchell"
        notes = list(draft.notes)
        draft.rows.sort(key=lambda r: r.board)  # board order; the file's order within a board
        # the rows' contradictions are the section's to find (:meth:`_check_all` names their
        # lines when it finds one): one pass over the rows, not two
        if any(row.swapped for row in draft.rows):
            notes += [
                SessionWarning(row.board, (row.ns, row.ew), (
                    f"declarer and dummy were swapped (^{row.value.declarer.value}); scored "
                    f"for {row.value.declarer.value}"))
                for row in _unique(draft.rows)
                if row.swapped and isinstance(row.value, Result) and row.value.declarer
            ]  # fmt: skip
        pairs = self._pairs(draft, mitchell, notes)
        boards, dropped = _boards(draft, self.deals)
        if draft.ignored:
            notes.append(SessionWarning(0, (0, 0), f"section {draft.name}: a game's own "
                         f"{', '.join(sorted(draft.ignored))} are not kept where its "
                         "ScoreTable gives the results"))  # fmt: skip
        if dropped:
            message = (f"section {draft.name}: tags that differ between the tables of a board "
                       f"are not kept: {', '.join(sorted(dropped))}")  # fmt: skip
            notes.append(SessionWarning(0, (0, 0), message))
        return _Parts(movement, pairs, boards, notes, self._versions(draft.rows))

    def _section(self, draft: _SectionDraft, parts: _Parts) -> Section:
        """The section, built once from its parts; a contradiction names the section's line."""
        try:
            return Section(draft.name, parts.movement, parts.pairs, map(_made, parts.boards),
                           _board_results(draft.rows), notes=parts.notes,
                           versions=parts.versions)  # fmt: skip
        except BridgeError as exc:
            self.at.at(draft.line).fail(f"section {draft.name}: {exc}", field=exc.field,
                                        value=exc.value)  # fmt: skip

    def _versions(self, rows: list[ReadResult]) -> dict[int, list[list[int]]]:
        """The fouled boards' versions from the rows' ``Version`` column: each board's tables
        grouped by version (a board with results of one version only is not fouled here); a board
        with a version on one row needs one, and a table, on all."""
        fouled = {row.board for row in rows if row.version is not None}
        groups: dict[int, dict[int, list[int]]] = {board: {} for board in fouled}
        for row in rows:
            if row.board not in fouled:
                continue
            if row.version is None or row.table is None:
                what = "a Version" if row.version is None else "a Table"
                self.at.at(row.line).fail(f"board {row.board} is fouled (a Version column): "
                                          f"each of its rows needs {what}", field="Version",
                                          value=row.version)  # fmt: skip
            groups[row.board].setdefault(row.version, []).append(row.table)
        # a board whose results are all of one version (the other's tables have not played
        # it yet) scores as any board: a version is matchpointed within itself to the field
        return {board: [tables for _, tables in sorted(by.items())]
                for board, by in groups.items() if len(by) > 1}  # fmt: skip

    def _check_all(self, drafts: list[_SectionDraft]) -> None:
        """Where building failed: the first contradiction among the rows of ``drafts``, in
        order, naming its line (:meth:`_check`); nothing if they have none."""
        for draft in drafts:
            self._check(draft.rows, (draft.movement or _infer(draft)) == "mitchell")

    def _check(self, rows: list[ReadResult], mitchell: bool) -> None:
        """No pair against itself (in a Howell), no table with two results, no pair twice on
        a board; a result entered twice is left for the section to warn of."""
        by_table: dict[tuple[int, int, int], ReadResult] = {}
        by_pair: dict[tuple[int, int, int], ReadResult] = {}  # (board, side's code, pair)
        codes = (0, 1) if mitchell else (2, 2)
        for row in rows:
            if not mitchell and row.ns == row.ew:
                self.at.at(row.line).fail(f"board {row.board}: pair {row.ns} cannot play "
                                          "against itself", field="pair", value=row.ns)  # fmt: skip
            first = by_table.setdefault((row.board, row.ns, row.ew), row)
            if first is not row:
                if first.board_result() != row.board_result():
                    at = self.at.at(row.line)
                    at.fail(f"board {row.board}, NS {row.ns} v EW {row.ew} has another result "
                            f"at line {first.line}")  # fmt: skip
                continue
            for code, pair in ((codes[0], row.ns), (codes[1], row.ew)):
                other = by_pair.setdefault((row.board, code, pair), row)
                if other is not row:
                    label = Pair(pair, (Side.NS, Side.EW, None)[code]).label
                    self.at.at(row.line).fail(f"board {row.board}: pair {label} played it twice "
                                              f"(here and at line {other.line})", field="pair",
                                              value=pair)  # fmt: skip

    def _pairs(
        self, draft: _SectionDraft, mitchell: bool, notes: list[SessionWarning]
    ) -> list[Pair]:
        names: dict[tuple[Side | None, int], str] = {}
        numbers: set[tuple[Side, int]] = set()
        if mitchell and any(total.side is None for total in draft.total_names):
            numbers = {(Side.NS, r.ns) for r in draft.rows} | {(Side.EW, r.ew) for r in draft.rows}
        directed: list[int] = []
        for total in draft.total_names:
            side = total.side
            if mitchell and side is None:
                sides = [s for s in (Side.NS, Side.EW) if (s, total.number) in numbers]
                if len(sides) != 1:
                    continue  # NS 3 or EW 3? The table does not say
                side = sides[0]
            if not mitchell and side is not None:
                directed.append(total.line)
                side = None
            names.setdefault((side, total.number), total.names)
        if directed:
            notes.append(SessionWarning(0, (0, 0), (
                f"section {draft.name}: the TotalScoreTable's Direction column (line "
                f"{directed[0]}) is ignored: its pairs sit both ways, a Howell (or pairs that "
                "switch direction) ranked as one field")))  # fmt: skip
        for (side, number), text in draft.names.items():
            key = (side if mitchell else None, number)
            if key not in names or not names[key]:
                names[key] = text
            elif names[key] != text:
                label = Pair(number, key[0]).label
                notes.append(SessionWarning(0, (0, 0), f"section {draft.name}: pair {label} is "
                             f"named {names[key]!r} and {text!r}; the first is kept"))  # fmt: skip
        return [Pair(number, side, text) for (side, number), text in names.items()]


def _board_results(rows: list[ReadResult]) -> list[BoardResult]:
    """Each row's :class:`BoardResult`; where all are a contract's results (nearly every
    file), made by one ``map``, without a call a row to :meth:`ReadResult.board_result`."""
    if not rows:
        return []
    value = list(map(_VALUE, rows))
    if set(map(type, value)) != {Result}:
        return [r.board_result() for r in rows]
    board, ns, ew, score, round_, table = (list(map(get, rows)) for get in _COLUMNS)
    return BoardResult.played_many(board, ns, ew, value, score, round_, table)


_VALUE: Final = itemgetter(ReadResult._fields.index("value"))
"""A read result's value (at once: a named tuple's field by its place)."""
_COLUMNS: Final = tuple(
    itemgetter(ReadResult._fields.index(name))
    for name in ("board", "ns", "ew", "score", "round", "table")
)
"""A read result's fields that :func:`_board_results` hands on, each by its place."""


def _unique(rows: list[ReadResult]) -> list[ReadResult]:
    """The rows without the second of a result entered twice."""
    first: dict[tuple[int, int, int], ReadResult] = {}
    return [row for row in rows if first.setdefault((row.board, row.ns, row.ew), row) is row]


def _infer(draft: _SectionDraft) -> SectionKind:
    """Howell if a pair number sits NS and EW but never against itself and never twice on
    one board (which a Mitchell numbering NS and EW pairs alike does); else Mitchell."""
    if not draft.rows:
        directions = {total.side for total in draft.total_names}
        return "howell" if directions == {None} else "mitchell"
    if not {r.ns for r in draft.rows} & {r.ew for r in draft.rows}:
        return "mitchell"
    seen: set[tuple[int, int]] = set()
    for board, ns, ew in sorted({(r.board, r.ns, r.ew) for r in draft.rows}):
        if ns == ew or (board, ns) in seen or (board, ew) in seen:
            return "mitchell"
        seen |= {(board, ns), (board, ew)}
    return "howell"


_BoardDraft = tuple[Board, tuple[tuple[str, str], ...], Deal | None]
"""A board before it is made: the board read, the tags it keeps, its deal if read already."""


def _boards(draft: _SectionDraft, deals: Mapping[str, Deal]) -> tuple[list[_BoardDraft], set[str]]:
    """The boards with the tags all their games share; the names of the tags dropped. A
    ``Deal`` the reader has read already (``deals``, by its text) is not read again (the
    boards are made once, by :func:`_made`, after :func:`_promote`)."""
    boards = []
    dropped: set[str] = set()
    for number, board in sorted(draft.boards.items()):
        games = draft.board_tags[number]
        others = [set(g) for g in games[1:]]
        common = [t for t in games[0] if all(t in g for g in others)] if games else []
        if others:
            kept = set(common)
            dropped |= {t[0] for g in games for t in g if t not in kept}
        tags = tuple(sorted(common, key=export_order))
        deal = next((deals.get(value) for name, value in tags if name == "Deal"), None)
        if deal is not None:  # the board as its Deal tag would make it, without reading it
            tags = tuple(t for t in tags if t[0] != "Deal")
        boards.append((board, tags, deal))
    return boards, dropped


def _made(board: _BoardDraft) -> Board:
    """A board made from its draft (``replace(made, tags=tags, deal=deal)``, without its pass
    over the fields: a file has thousands of boards)."""
    made, tags, deal = board
    return Board(made.number, made.dealer, made.vulnerability, tags,
                 deal=made.deal if deal is None else deal, auction=made.auction,
                 play=made.play, dd=made.dd, par=made.par)  # fmt: skip


def _promote(sections: list[list[_BoardDraft]]) -> dict[str, str]:
    """Move the tags every board has, with one value, to the session (each section's boards
    are replaced in place)."""
    all_tags = [tags for boards in sections for _, tags, _ in boards]
    if not all_tags:
        return {}
    common = [t for t in all_tags[0] if t[0] not in _DEAL_TAGS and "\n" not in t[1]]
    others = [set(tags) for tags in all_tags[1:]]
    common = [t for t in common if all(t in tags for tags in others)]
    names = Counter(name for name, _ in common)
    common = [t for t in common if names[t[0]] == 1]
    promoted = set(common)
    if common:
        for boards in sections:
            boards[:] = [(b, tuple(t for t in tags if t not in promoted), deal)
                         for b, tags, deal in boards]  # fmt: skip
    return dict(common)


@dataclass(slots=True)
class _Parts:
    """A section's parts before it is built."""

    movement: SectionKind
    pairs: list[Pair]
    boards: list[_BoardDraft]
    notes: list[SessionWarning]
    versions: dict[int, list[list[int]]]

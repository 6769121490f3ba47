"""The values of a duplicate session: pairs, results and sections (the boards are
:class:`bridgescore.boards.board.Board` s; the session itself, with its JSON, is in ``_data``),
and :class:`SessionRules`, what scoring reads of a session."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction
from operator import attrgetter
from typing import Literal, Protocol

from bridgescore.boards.board import Board
from bridgescore.duplicate.field import Adjusted, Artificial, BoardScore, Divisor, Rounding
from bridgescore.duplicate.movement import Movement, Slot, check_result, missing
from bridgescore.duplicate.session._bulk import declared_alone, pairs_clean, unique
from bridgescore.duplicate.session._methods import METHODS, Method, MethodInfo
from bridgescore.duplicate.session._split import Split
from bridgescore.duplicate.weighted import Weighted
from bridgescore.errors import SessionError
from bridgescore.model import Result, Side
from bridgescore.players import Player
from bridgescore.scoring import UndertrickRule, score_result

__all__ = [
    "METHODS",
    "Board",
    "BoardResult",
    "Method",
    "MethodInfo",
    "Pair",
    "Section",
    "SectionKind",
    "SessionRules",
    "SessionWarning",
    "Split",
]


SectionKind = Literal["mitchell", "howell"]
"""How a section ranks its pairs: NS and EW apart (a Mitchell) or as one field (a Howell)."""


@dataclass(frozen=True, slots=True)
class Pair:
    """A pair: its number, the players' names, and in a Mitchell its side (NS or EW)."""

    number: int
    """The pair's number in its section."""
    side: Side | None = None
    """NS or EW in a Mitchell section; None in a Howell."""
    names: str = ""
    """The players, e.g. ``'Ann Smith & Bob Jones'``."""
    players: tuple[Player, ...] = ()
    """The players with their national numbers, when known (:class:`~bridgescore.Player`)."""

    @classmethod
    def parse(cls, label: str) -> Pair:
        """The pair of a label as movements and people write it: ``'NS 3'``, ``'EW 3'``,
        ``'ns3'`` or ``'3'`` (a Howell's, or either side's). The one reader of pair labels.

        >>> Pair.parse("NS 3"), Pair.parse("ew12").label, Pair.parse(" 7 ").label
        (Pair(number=3, side=Side.NS, names='', players=()), 'EW 12', '7')
        >>> Pair.parse("N 3")
        Traceback (most recent call last):
        ...
        bridgescore.errors.SessionError: pair 'N 3': a section numbers its pairs ('3', or \
'NS 3' and 'EW 3')
        """
        text = label.strip().upper().replace(" ", "")
        side = None
        if text[:2] in ("NS", "EW"):
            side, text = Side(text[:2]), text[2:]
        if not (text.isascii() and text.isdigit() and len(text) <= 4):
            raise SessionError.coded("pair_numbering", field="pair", value=label, pair=label)
        return cls(int(text), side)

    @property
    def label(self) -> str:
        """``'NS 3'`` in a Mitchell, ``'3'`` in a Howell."""
        return f"{self.side.value} {self.number}" if self.side else str(self.number)

    @property
    def key(self) -> tuple[Side | None, int]:
        """What identifies the pair in its section."""
        return (self.side, self.number)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """What happened at one table on one board: the pairs and the result, artificial score or
    weighted score (Law 12C1(c)).

    >>> r = BoardResult(5, 3, 3, weighted=Weighted.parse("50% 4SN=, 30% 4SN-1, 20% 5HXE-2"))
    >>> r.text, str(r.ns_score(Board.numbered(5)))
    ('50% 4SN=, 30% 4SN-1, 20% 5HXE-2', '50% +620, 30% -100, 20% +300')
    """

    board: int
    """The board number."""
    ns: int
    """The NS pair's number."""
    ew: int
    """The EW pair's number."""
    result: Result | None = None
    """The contract, declarer and tricks; None for an artificial or weighted score."""
    artificial: Adjusted | None = None
    """An artificial score (average plus, average, average minus) instead of a result."""
    score: int | None = None
    """The NS score when it differs from the result's (an irregularity, PBN's ``Score``)."""
    round: int | None = None
    """The round it was played in, if known."""
    table: int | None = None
    """The table it was played at, if known."""
    weighted: Weighted | None = None
    """A weighted adjusted score (Law 12C1(c)) instead of a result: a real result on the
    board, scored as the weighted average of its results (:mod:`bridgescore.duplicate.weighted`)."""
    split: Split | None = None
    """An assigned split score (Law 12C1(b)) instead of a result."""
    lead: str | None = None
    """The opening lead, when known: suit then rank as PBN's ``Lead`` tag writes it (``'DT'``,
    the ten of diamonds)."""

    def __post_init__(self) -> None:
        if self.lead is not None and not (
            len(self.lead) == 2 and self.lead[0] in "SHDC" and self.lead[1] in "AKQJT98765432"
        ):
            raise SessionError.coded(
                "result_lead",
                field="lead",
                value=self.lead,
                board=self.board,
                ns=self.ns,
                ew=self.ew,
                lead=self.lead,
            )
        given = (self.result is not None) + (self.artificial is not None) + (
            self.weighted is not None) + (self.split is not None)  # fmt: skip
        if given != 1:
            raise SessionError.coded("result_one_score",
                field="weighted" if self.weighted is not None else "result",
                board=self.board, ns=self.ns, ew=self.ew)  # fmt: skip
        if self.weighted is not None and self.score is not None:
            raise SessionError.coded(
                "result_weighted_score",
                field="score",
                value=self.score,
                board=self.board,
                ns=self.ns,
                ew=self.ew,
            )
        if (
            self.result is not None
            and self.result.declarer is None
            and not (self.result.is_pass_out)
        ):
            raise SessionError.coded("result_no_declarer", field="declarer", board=self.board,
                                     ns=self.ns, ew=self.ew, result=str(self.result))  # fmt: skip

    @classmethod
    def played(
        cls,
        board: int,
        ns: int,
        ew: int,
        result: Result,
        score: int | None = None,
        round: int | None = None,
        table: int | None = None,
    ) -> BoardResult:
        """A contract's result at a table, as ``BoardResult(board, ns, ew, result, score=...,
        round=..., table=...)`` makes it, made at once (a file's rows make thousands): what
        only the constructor can refuse (a result without a declarer) goes through it.

        >>> BoardResult.played(3, 1, 2, Result.parse("4SN=")) == BoardResult(3, 1, 2,
        ...     Result.parse("4SN="))
        True
        """
        if result.declarer is None:
            return cls(board, ns, ew, result, score=score, round=round, table=table)
        return _make_played(board, ns, ew, result, score, round, table)

    @classmethod
    def played_many(
        cls,
        board: Iterable[int],
        ns: Iterable[int],
        ew: Iterable[int],
        result: Sequence[Result],
        score: Iterable[int | None],
        round: Iterable[int | None],
        table: Iterable[int | None],
    ) -> list[BoardResult]:
        """:meth:`played` of each row of these columns, made by one ``map``.

        >>> BoardResult.played_many([3], [1], [2], [Result.parse("4SN=")], [None], [None],
        ...     [None]) == [BoardResult(3, 1, 2, Result.parse("4SN="))]
        True
        """
        make = cls.played if None in map(_DECLARER, result) else _make_played
        return list(map(make, board, ns, ew, result, score, round, table))

    @property
    def text(self) -> str:
        """The result, artificial, weighted or split score as written (a traveller's line)."""
        return str(self.weighted or self.artificial or self.split or self.result)

    def ns_score(self, board: Board, undertrick_rule: UndertrickRule = "modern") -> BoardScore:
        """The NS score on this board (or the artificial score, or the weighted score's)."""
        if self.artificial is not None:
            return self.artificial
        if self.weighted is not None:
            return self.weighted.ns_scores(board.vulnerability, undertrick_rule)
        if self.split is not None:
            return self.split.ns_scores(board.vulnerability, undertrick_rule)[0]
        if self.score is not None:
            return self.score
        assert self.result is not None
        s = score_result(self.result, board.vulnerability, undertrick_rule=undertrick_rule)
        return s.for_side(Side.NS)


def _played_maker() -> Callable[
    [int, int, int, Result, int | None, int | None, int | None], BoardResult
]:  # fmt: skip
    """:meth:`BoardResult.played`'s maker: each field's slot set as the frozen constructor sets
    it, without its per-field look-ups."""
    new = object.__new__
    board_, ns_, ew_, result_, artificial, score_, round_, table_, weighted, split, lead = (
        getattr(BoardResult, f.name).__set__ for f in fields(BoardResult))  # fmt: skip

    def make(board: int, ns: int, ew: int, result: Result, score: int | None,
             round: int | None, table: int | None) -> BoardResult:  # fmt: skip
        made = new(BoardResult)
        board_(made, board)
        ns_(made, ns)
        ew_(made, ew)
        result_(made, result)
        artificial(made, None)
        score_(made, score)
        round_(made, round)
        table_(made, table)
        weighted(made, None)
        split(made, None)
        lead(made, None)
        return made

    return make


_make_played = _played_maker()
_DECLARER = attrgetter("declarer")


@dataclass(frozen=True, slots=True)
class SessionWarning:
    """Something in the results that looks wrong but may be right."""

    board: int
    """The board concerned."""
    pairs: tuple[int, int]
    """NS and EW pair numbers of the result concerned."""
    message: str
    """What looks wrong."""

    def __str__(self) -> str:
        if self.pairs == (0, 0):  # about a board, or the whole section
            return f"board {self.board}: {self.message}" if self.board else self.message
        return f"board {self.board}, NS {self.pairs[0]} v EW {self.pairs[1]}: {self.message}"


@dataclass(frozen=True)
class Section:
    """One section: its kind (Mitchell or Howell), its movement if known, pairs, boards, results.

    Built from a :class:`~bridgescore.duplicate.movement.Movement` (:meth:`from_movement`), a
    section checks each result against it: a result the two pairs do not play together, or entered
    for another round or table, is a warning naming where it should have come from, and
    :attr:`missing` lists the boards still without a result.

    >>> from bridgescore import mitchell
    >>> s = Section.from_movement(mitchell(3, 2), names={"NS 1": "Ann & Bob"})
    >>> s = s.with_result(BoardResult(3, 1, 2, Result.parse("4SS=")))
    >>> for part in s.warnings[0].message.split("; "):
    ...     print(part)
    NS 1 and EW 2 play boards 5-6 (round 3, table 1), not board 3
    board 3 is played by NS 2 v EW 2 (round 1, table 2), NS 1 v EW 3 (round 2, table 1), \
NS 3 v EW 1 (round 3, table 3)
    >>> len(s.missing), s.pair(1, Side.NS).names
    (18, 'Ann & Bob')
    """

    name: str = "A"
    kind: SectionKind = "mitchell"
    """``'mitchell'`` (NS and EW pairs ranked apart) or ``'howell'`` (one field)."""
    pairs: tuple[Pair, ...] = ()
    """The pairs; pairs named in results but not listed here are added without names."""
    boards: tuple[Board, ...] = ()
    """The boards; boards named in results but not listed here follow Law 2."""
    results: tuple[BoardResult, ...] = ()
    warnings: tuple[SessionWarning, ...] = field(default=(), init=False, compare=False)
    """What looks wrong in the results (filled in when the section is built): the notes, then
    the section's own checks."""
    notes: tuple[SessionWarning, ...] = field(default=(), compare=False)
    """Warnings from where the results came from, such as a PBN file's board that overrides
    Law 2; kept by :meth:`with_result`."""
    movement: Movement | None = None
    """Who plays whom on which boards, round by round, when known."""
    versions: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...] = ()
    """Fouled boards (Law 87): per board, the tables that played each version of it (each
    version is scored as its own field, Neuberg-scaled to the board's full field)."""

    def __init__(
        self,
        name: str = "A",
        kind: SectionKind = "mitchell",
        pairs: Iterable[Pair] = (),
        boards: Iterable[Board] = (),
        results: Iterable[BoardResult] = (),
        *,
        notes: Iterable[SessionWarning] = (),
        movement: Movement | None = None,
        versions: Mapping[int, Iterable[Iterable[int]]]
        | Iterable[tuple[int, Iterable[Iterable[int]]]]
        | None = None,
    ) -> None:
        """Check the results against each other and fill in missing pairs and boards.

        :raises SessionError: for contradictions: a pair twice on one board, two different
            results for the same board and pairs, a pair on the wrong side.
        """
        if kind not in ("mitchell", "howell"):
            raise SessionError.coded("section_kind", field="kind", value=kind, kind=kind)
        results = tuple(results)
        object.__setattr__(self, "notes", tuple(notes))
        warnings: list[SessionWarning] = list(self.notes)
        # no pair twice on a board implies no table twice: one check at once where both hold
        clean = pairs_clean(results, kind == "mitchell")
        if not clean:
            results = _dedupe(results, warnings)
        pairs_by_key = {p.key: p for p in pairs}
        boards_by_number = {b.number: b for b in boards}
        ns, ew = {r.ns for r in results}, {r.ew for r in results}
        keys: list[tuple[Side | None, int]]
        if kind == "mitchell":
            keys = [*((Side.NS, n) for n in ns), *((Side.EW, n) for n in ew)]
        else:
            keys = [(None, n) for n in ns | ew]
        for key in keys:
            if key not in pairs_by_key:
                pairs_by_key[key] = Pair(key[1], key[0])
        for number in {r.board for r in results}:
            if number not in boards_by_number:
                boards_by_number[number] = Board.numbered(number)
        for p in pairs_by_key.values():
            if (p.side is None) == (kind == "mitchell"):
                why = "pair_no_side" if p.side is None else "pair_side_howell"
                raise SessionError.coded(why, field="pair", value=p.label, pair=p.label,
                                         section=name)  # fmt: skip
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "movement", movement)
        object.__setattr__(self, "pairs", tuple(sorted(pairs_by_key.values(), key=pair_order)))
        object.__setattr__(
            self, "boards", tuple(sorted(boards_by_number.values(), key=lambda b: b.number))
        )
        object.__setattr__(self, "results", results)
        # a mapping, or the pairs the field keeps (``dataclasses.replace`` hands them back)
        object.__setattr__(self, "versions", _check_versions(self, dict(versions or {})))
        if not clean:
            _check_pairs(self, warnings)
        warnings.extend(_check_declarers(self))
        warnings.extend(self._misfits())
        object.__setattr__(self, "warnings", tuple(warnings))

    @classmethod
    def from_movement(
        cls, movement: Movement, name: str = "A", *, names: Mapping[str, str] | None = None
    ) -> Section:
        """A section with no results yet, its pairs and boards those of the movement.

        ``names`` maps a pair's label (``'NS 1'``, or ``'1'`` in a Howell) to the players'
        names. A Mitchell (two fields of pairs labelled ``NS n`` and ``EW n``) gives a Mitchell
        section; any other movement, a Howell.

        :raises SessionError: if a pair's label is not a pair number (or ``NS n``, ``EW n``),
            ``names`` names a pair the movement does not have, or the movement is an
            arrow-switched Mitchell (one field, not yet scored by sections).
        """
        if movement.arrow_switched:
            raise SessionError.coded(
                "section_arrow_switch",
                field="movement",
            )
        names = dict(names or {})
        unknown = sorted(set(names) - set(movement.pairs))
        if unknown:
            raise SessionError.coded(
                "pair_not_in_movement",
                field="names",
                value=unknown[0],
                pair=unknown[0],
                pairs=", ".join(movement.pairs),
            )
        pairs = [replace(Pair.parse(label), names=names.get(label, "")) for label in movement.pairs]
        kind: SectionKind = "mitchell" if all(p.side for p in pairs) else "howell"
        if kind == "howell" and any(p.side for p in pairs):
            raise SessionError.coded("section_mixed_pairs", field="movement")
        boards = [Board.numbered(n) for n in range(1, movement.boards + 1)]
        return cls(name, kind, pairs, boards, movement=movement)

    @property
    def missing(self) -> tuple[Slot, ...]:
        """The boards of the movement with no result yet, by round and table (none if the
        section has no movement)."""
        if self.movement is None:
            return ()
        return missing(self.movement, (self._labels(r)[:3] for r in self.results))

    def _labels(self, r: BoardResult) -> tuple[int, str, str, int | None, int | None]:
        side = self.kind == "mitchell"
        ns, ew = Pair(r.ns, Side.NS if side else None), Pair(r.ew, Side.EW if side else None)
        return (r.board, ns.label, ew.label, r.round, r.table)

    def _misfits(self) -> Iterable[SessionWarning]:
        """The results that do not fit the movement, each a warning saying where it belongs."""
        if self.movement is None:
            return
        for r in self.results:
            message = check_result(self.movement, *self._labels(r))
            if message is not None:
                yield SessionWarning(r.board, (r.ns, r.ew), message)

    def board(self, number: int) -> Board:
        """The board with this number.

        :raises SessionError: if the section has no such board.
        """
        by_number: dict[int, Board] | None = self.__dict__.get("_by_number")
        if by_number is None:  # made on the first look-up: scoring asks once a result
            by_number = {b.number: b for b in self.boards}
            object.__setattr__(self, "_by_number", by_number)
        found = by_number.get(number)
        if found is not None:
            return found
        raise SessionError.coded("section_no_board", field="board", value=number,
                                 section=self.name, board=number)  # fmt: skip

    def pair(self, number: int, side: Side | None = None) -> Pair:
        """The pair with this number (and side, in a Mitchell).

        :raises SessionError: if the section has no such pair.
        """
        key = (side if self.kind == "mitchell" else None, number)
        for p in self.pairs:
            if p.key == key:
                return p
        raise SessionError.coded("section_no_pair", field="pair", value=number, section=self.name,
                                 pair=number)  # fmt: skip

    def with_result(self, result: BoardResult) -> Section:
        """The section with one more result.

        :raises SessionError: if it contradicts a result already entered.
        """
        return self.with_results((*self.results, result))

    def without_last_result(self) -> Section:
        """The section without the result entered last (an undo), its notes kept.

        :raises SessionError: if it has no result.
        """
        if not self.results:
            raise SessionError.coded("section_no_undo", field="section", section=self.name)
        return self.with_results(self.results[:-1])

    def with_results(self, results: Iterable[BoardResult]) -> Section:
        """The same section (pairs, boards, notes, movement) with these results instead.

        :raises SessionError: if they contradict each other.
        """
        return Section(self.name, self.kind, self.pairs, self.boards, results, notes=self.notes,
                       movement=self.movement, versions=dict(self.versions))  # fmt: skip

    def version_of(self, board: int, table: int | None) -> int:
        """Which version of a fouled board this table played (0 for a board not fouled)."""
        for number, groups in self.versions:
            if number == board:
                for i, tables in enumerate(groups):
                    if table in tables:
                        return i
        return 0

    @property
    def field(self) -> int:
        """The full field every board is scored to (Neuberg): the most tables any board is
        scheduled at in the movement, or the most results on a board if that is more (or
        there is no movement)."""
        played = max(Counter(r.board for r in self.results).values(), default=0)
        if self.movement is None:
            return played
        scheduled = Counter(b for p in self.movement.plays for b in p.boards)
        return max(played, max(scheduled.values(), default=0))


def _check_versions(
    section: Section, versions: Mapping[int, Iterable[Iterable[int]]]
) -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]:
    """The fouled boards' versions, checked: two or more versions of distinct tables, and every
    result of the board at a table of one of them."""
    checked = []
    for board, groups in sorted(versions.items()):
        tables = tuple(tuple(sorted(set(g))) for g in groups)
        flat = [t for g in tables for t in g]
        if len(tables) < 2 or any(not g for g in tables) or len(flat) != len(set(flat)):
            raise SessionError.coded(
                "fouled_two_versions",
                field="versions",
                value=[list(g) for g in tables],
                board=board,
                got=[list(g) for g in tables],
            )
        for r in section.results:
            if r.board == board and r.table not in flat:
                raise SessionError.coded(
                    "fouled_table_unlisted",
                    field="versions",
                    value=r.table,
                    board=board,
                    table=r.table,
                    versions=[list(g) for g in tables],
                )
        checked.append((board, tables))
    return tuple(checked)


def pair_order(p: Pair) -> tuple[str, int]:
    """Pairs in the order rankings break ties and sections list them: by side, then number."""
    return (p.side.value if p.side else "", p.number)


def _dedupe(results: tuple[BoardResult, ...], warnings: list[SessionWarning]) -> tuple[
    BoardResult, ...]:  # fmt: skip
    """Drop a result entered twice (with a warning); refuse two different ones for one table."""
    if unique(results):
        return results
    seen: dict[tuple[int, int, int], BoardResult] = {}
    kept = []
    for r in results:
        key = (r.board, r.ns, r.ew)
        if key in seen:
            if seen[key] != r:
                raise SessionError.coded("result_twice", field="result", board=r.board,
                                         ns=r.ns, ew=r.ew, first=_describe(seen[key]),
                                         second=_describe(r))  # fmt: skip
            warnings.append(SessionWarning(r.board, (r.ns, r.ew), "entered twice; counted once"))
            continue
        seen[key] = r
        kept.append(r)
    return tuple(kept)


def _describe(r: BoardResult) -> str:
    return r.text


def _check_pairs(section: Section, warnings: list[SessionWarning]) -> None:
    """A pair on a board twice is a contradiction; a pair at two tables in a round, a warning
    (results with no table twice: :func:`_dedupe`'s)."""
    mitchell = section.kind == "mitchell"
    if pairs_clean(section.results, mitchell):
        return  # checked at once: nothing to say
    codes = (0, 1) if mitchell else (2, 2)  # the side of the pair's key, as an index of _SIDES
    on_board: dict[tuple[int, int, int], BoardResult] = {}
    in_round: dict[tuple[int, int, int], set[tuple[int, int]]] = {}
    for r in section.results:
        if not mitchell and r.ns == r.ew:
            raise SessionError.coded("pair_against_itself", field="pair", value=r.ns,
                                     board=r.board, pair=r.ns)  # fmt: skip
        for number, code in ((r.ns, codes[0]), (r.ew, codes[1])):
            other = on_board.setdefault((r.board, code, number), r)
            if other is not r:
                raise SessionError.coded(
                    "pair_played_twice",
                    field="board",  # the board, most likely, was typed wrong
                    value=r.board,
                    board=r.board,
                    pair=Pair(number, _SIDES[code]).label,
                    first_ns=other.ns,
                    first_ew=other.ew,
                    ns=r.ns,
                    ew=r.ew,
                )
            if r.round is not None:
                in_round.setdefault((r.round, code, number), set()).add((r.ns, r.ew))
    clashes = [
        ((round_, (_SIDES[code], number)), tables)
        for (round_, code, number), tables in in_round.items()
        if len(tables) > 1
    ]
    for (round_, key), tables in sorted(clashes, key=lambda kv: (kv[0][0], str(kv[0][1]))):
        warnings.append(
            SessionWarning(
                0, (0, 0), f"pair {Pair(key[1], key[0]).label} is at two tables in round "
                f"{round_}: " + ", ".join(f"NS {a} v EW {b}" for a, b in sorted(tables))
            )
        )  # fmt: skip


_SIDES: tuple[Side | None, Side | None, Side | None] = (Side.NS, Side.EW, None)
"""A pair's side in its section's key, by a code the checks hash at once (an int)."""


def _check_declarers(section: Section) -> list[SessionWarning]:
    """Warn of a result that scores like the field's only with the declarer on the other side."""
    warnings = []
    messages: dict[tuple[int, int, int], str] = {}
    """Each message once per result (a file's results share their values), side and count."""
    for i, ns, flipped in declared_alone(section.results):
        r = section.results[i]
        key = (id(r.result), ns, flipped)
        message = messages.get(key)
        if message is None:
            side = Side.EW if ns else Side.NS
            message = messages[key] = (
                f"{r.result} is declared by {side.value} here but by {side.opponents.value} "
                f"at {flipped} other tables: was the declarer entered on the wrong side?"
            )
        warnings.append(SessionWarning(r.board, (r.ns, r.ew), message))
    return warnings


class SessionRules(Protocol):
    """What scoring reads of a session: its sections and how they are scored. A
    :class:`~bridgescore.duplicate.session.Session` is one (its fields have the same names)."""

    @property
    def sections(self) -> tuple[Section, ...]: ...
    @property
    def method(self) -> Method: ...
    @property
    def undertrick_rule(self) -> UndertrickRule: ...
    @property
    def artificial(self) -> Artificial: ...
    @property
    def drop(self) -> int | str: ...
    @property
    def rounding(self) -> Rounding: ...
    @property
    def divisor(self) -> Divisor: ...
    @property
    def across_field(self) -> bool: ...
    @property
    def min_share(self) -> Fraction | None: ...

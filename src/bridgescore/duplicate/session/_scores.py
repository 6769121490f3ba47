"""A section scored: travellers, pair totals, rankings (with ties) and recaps.

Scoring reads a session's rules (:class:`~bridgescore.duplicate.session.SessionRules`: a
:class:`~bridgescore.duplicate.session.Session` is one); :func:`score_session` scores each
section with the :class:`SectionScorer` it is given (numpy's, from ``bridgescore.batch``, when
the outer layers have it), else the pure :func:`score_section`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Protocol

from bridgescore.duplicate.field import (
    ARTIFICIAL,
    Adjusted,
    Artificial,
    BoardScore,
    Divisor,
    Rounding,
    butler,
    cross_imps,
    matchpoints,
    matchpoints_ew,
    top,
)
from bridgescore.duplicate.session._model import (
    BoardResult,
    Method,
    Pair,
    Section,
    SessionRules,
    pair_order,
)
from bridgescore.duplicate.session._share import NOT_RANKED, qualifies
from bridgescore.errors import SessionError
from bridgescore.model import Side
from bridgescore.scoring import UndertrickRule

__all__ = [
    "BoardPoints",
    "PairScore",
    "RankRow",
    "RecapLine",
    "SectionScorer",
    "SectionScores",
    "TravellerLine",
    "points_if",
    "points_of_board",
    "score_section",
    "score_section_with",
    "score_session",
]


@dataclass(frozen=True, slots=True)
class TravellerLine:
    """One line of a board's traveller."""

    result: BoardResult
    ns_score: BoardScore
    """NS's score (or the artificial score, or the weighted score's NS scores)."""
    ns_points: float
    """NS's matchpoints or IMPs."""
    ew_points: float
    """EW's matchpoints or IMPs."""


@dataclass(frozen=True, slots=True)
class RecapLine:
    """One board in a pair's recap."""

    board: int
    opponent: Pair
    sat: Side
    """Where the pair sat: NS or EW."""
    result: BoardResult
    score: BoardScore
    """The pair's own score (its side's view, a weighted score's too), or the artificial score."""
    points: float
    """The pair's matchpoints or IMPs on the board."""
    top: int | None
    """The board's matchpoint top (None when scored in IMPs)."""


@dataclass(frozen=True, slots=True)
class PairScore:
    """A pair's session: its total and, for matchpoints, its percentage."""

    pair: Pair
    total: float
    """Total matchpoints (MP1) or IMPs."""
    top: int
    """Sum of the tops of the boards it played (matchpoints); 0 for IMPs."""
    boards: int
    """Boards played."""

    @property
    def percent(self) -> float | None:
        """Matchpoints as a percentage of the tops, to two decimals; None for IMPs."""
        return round(100 * self.total / self.top, 2) if self.top else None

    @property
    def average(self) -> float:
        """IMPs (or matchpoints) per board played."""
        return self.total / self.boards if self.boards else 0.0


@dataclass(frozen=True, slots=True)
class RankRow:
    """A line of the rankings."""

    rank: str
    """``'1'``, or ``'2='`` for a tie; ``''`` for a pair not ranked."""
    pair: Pair
    total: float
    percent: float | None
    boards: int
    ranked: bool = True
    """False for a pair that played less than the session's minimum share of boards: listed
    after the ranked pairs, without a rank."""

    @property
    def place(self) -> str:
        """The rank as shown: ``'2='``, or ``'not ranked'``."""
        return self.rank if self.ranked else NOT_RANKED


@dataclass
class SectionScores:
    """A section scored: travellers, pair totals, rankings and recaps."""

    section: Section
    method: Method
    travellers: dict[int, list[TravellerLine]]
    """Per board, the lines in the order entered."""
    tops: dict[int, int]
    """Per board, the matchpoint top it is scored to (0 for IMP methods)."""
    pairs: dict[tuple[Side | None, int], PairScore]
    rankings: dict[Side | None, list[RankRow]]
    """NS and EW rankings in a Mitchell; one field (key None) in a Howell."""

    def recap(self, number: int, side: Side | None = None) -> list[RecapLine]:
        """A pair's boards, in board order.

        :raises SessionError: if the section has no such pair.
        """
        pair = self.section.pair(number, side)
        lines = []
        for board, traveller in sorted(self.travellers.items()):
            for line in traveller:
                r = line.result
                for sat, own, other in ((Side.NS, r.ns, r.ew), (Side.EW, r.ew, r.ns)):
                    if pair.key != (sat if pair.side else None, own):
                        continue
                    opponent = self.section.pair(other, sat.opponents if pair.side else None)
                    points = line.ns_points if sat is Side.NS else line.ew_points
                    own_score = line.ns_score
                    if r.split is not None and sat is Side.EW:
                        vul = self.section.board(board).vulnerability
                        own_score = -r.split.ns_scores(vul)[1]
                    elif not isinstance(own_score, Adjusted) and sat is Side.EW:
                        own_score = -own_score
                    lines.append(RecapLine(board, opponent, sat, r, own_score, points,
                                           self.tops[board] or None))  # fmt: skip
        return lines


@dataclass(frozen=True, slots=True)
class _Rules:
    """The rules of a section scored without its session: a new
    :class:`~bridgescore.duplicate.session.Session`'s."""

    sections: tuple[Section, ...] = ()
    method: Method = "mp"
    undertrick_rule: UndertrickRule = "modern"
    artificial: Artificial = ARTIFICIAL
    drop: int | str = 1
    rounding: Rounding = "half-even"
    divisor: Divisor = "n-1"
    across_field: bool = False
    min_share: Fraction | None = None


DEFAULT_RULES: SessionRules = _Rules()
"""A session's rules when none is given (:func:`score_section` without a session)."""


class SectionScorer(Protocol):
    """How :func:`score_session` scores one section of a session: :func:`score_section`, or
    ``bridgescore.batch.score_section_fast`` (numpy: the same figures, many times faster on
    a big field), which the CLI and the web app pass when numpy is installed."""

    def __call__(self, section: Section, session: SessionRules | None = None, /) -> SectionScores:
        """The section scored by the session's rules."""
        ...


def score_section(section: Section, session: SessionRules | None = None) -> SectionScores:
    """Score one section by the session's method (matchpoints by default).

    Each board is scored to the section's full field (:attr:`Section.field`: the most tables
    a board is scheduled at), so a board played fewer times (a late pair, a withdrawal, a
    fouled board's version) is Neuberg-scaled (matchpoints) or scaled as EBU White Book 4.2.4
    (cross-IMPs); a pair's percentage is over the boards it played.
    """
    return score_section_with(section, session or DEFAULT_RULES, _points_by_board)


def score_session(
    session: SessionRules, scorer: SectionScorer | None = None
) -> list[SectionScores]:
    """Every section of the session scored, each by ``scorer`` (:func:`score_section` if not
    given; the CLI and the web app give numpy's ``bridgescore.batch.score_section_fast`` when
    ``bridgescore[batch]`` is installed: the same figures, many times faster on a big field).
    The one function that scores a session, for the CLI, the web app and
    :meth:`Session.scored <bridgescore.duplicate.session.Session.scored>`.

    With ``across_field``, a board's results in every section are scored as one field (to the
    sum of the sections' fields); each section still ranks its own pairs.
    """
    if session.across_field and len(session.sections) > 1:
        return _score_sections(session.sections, session, _points_by_board)
    score = scorer or score_section
    return [score(s, session) for s in session.sections]


BoardPoints = Callable[
    [Mapping[int, list[BoardScore]], int, SessionRules],
    Mapping[int, tuple[list[float], list[float]]],
]
"""Every board's NS and EW points, from each board's NS scores, the expected count and the
session (how :func:`score_section` and ``bridgescore.batch.score_section_fast`` differ)."""


def _points_by_board(
    scores: Mapping[int, list[BoardScore]], expected: int, session: SessionRules
) -> dict[int, tuple[list[float], list[float]]]:
    return {number: points_of_board(s, expected, session) for number, s in scores.items()}


def score_section_with(
    section: Section, session: SessionRules, points_of: BoardPoints
) -> SectionScores:
    """:func:`score_section`, with the boards' points worked out by ``points_of``."""
    return _score_sections((section,), session, points_of)[0]


_Line = tuple[int, BoardResult, BoardScore]
"""A result on a board: its section's index, the result, its NS score."""


def _score_sections(
    sections: tuple[Section, ...], session: SessionRules, points_of: BoardPoints
) -> list[SectionScores]:
    """Score sections whose results on a board are one field (one section, or several
    across the field): plain boards by ``points_of``, the others (fouled boards, split
    scores, several sections) by :func:`_grouped_points`."""
    expected = sum(s.field for s in sections)
    by_board: dict[int, list[_Line]] = defaultdict(list)
    for i, section in enumerate(sections):
        for r in section.results:
            ns_score = r.ns_score(section.board(r.board), session.undertrick_rule)
            by_board[r.board].append((i, r, ns_score))
    plain = {
        number: [score for _, _, score in lines]
        for number, lines in by_board.items()
        if _is_plain(sections, number, lines)
    }
    board_points: dict[int, list[tuple[float, float]]] = {
        number: list(zip(*ns_ew, strict=True))
        for number, ns_ew in points_of(plain, expected, session).items()
    }
    for number, lines in by_board.items():
        if number not in plain:
            board_points[number] = _grouped_points(sections, number, lines, expected, session)
    board_top = top(expected) if session.method == "mp" else 0
    travellers: list[dict[int, list[TravellerLine]]] = [{} for _ in sections]
    for number, lines in sorted(by_board.items()):
        for (i, r, score), (a, b) in zip(lines, board_points[number], strict=True):
            travellers[i].setdefault(number, []).append(TravellerLine(r, score, a, b))
    if session.method == "mp":
        travellers = [_artificial_rules(s, t, board_top, session) for s, t in
                      zip(sections, travellers, strict=True)]  # fmt: skip
    return [_totals(s, session, t, board_top) for s, t in zip(sections, travellers, strict=True)]


def _is_plain(sections: tuple[Section, ...], number: int, lines: list[_Line]) -> bool:
    """Whether a board's results are one plain field (one section, not fouled, no split)."""
    return (
        len(sections) == 1
        and all(n != number for n, _ in sections[0].versions)
        and not any(r.split is not None for _, r, _ in lines)
    )


def points_if(
    session: SessionRules,
    section: Section,
    result: BoardResult,
    ns_score: int,
    *,
    scored: SectionScores | None = None,
) -> tuple[float, float]:
    """The NS and EW points ``result`` (one of ``section``'s) would get if its NS score were
    ``ns_score``, every other result on its board unchanged: the board scored again as
    :func:`score_session` scores it (by the same functions, across the field when the
    session is), the other results still the comparison.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.session import Session
    >>> s = Section("A", "mitchell", results=[
    ...     BoardResult(1, 1, 1, Result.parse("4SS=")), BoardResult(1, 2, 2, Result.parse("4SS+1")),
    ...     BoardResult(1, 3, 3, Result.parse("3NTS="))])
    >>> points_if(Session((s,)), s, s.results[2], 450)  # NS 3 had they scored +450
    (3.0, 1.0)

    ``scored``, the section as :func:`score_session` scored it, saves working out the board's
    other NS scores again (its traveller has them).

    :raises SessionError: if ``result`` is not one of the section's, or not a plain result.
    """
    if result.result is None or not any(r is result for r in section.results):
        raise SessionError.coded("result_not_plain", field="result", value=result.text,
                                 board=result.board, result=result.text,
                                 section=section.name)  # fmt: skip
    across = (
        session.across_field
        and len(session.sections) > 1
        and any(s is section for s in session.sections)
    )
    sections = session.sections if across else (section,)
    expected = sum(s.field for s in sections)
    traveller = scored.travellers.get(result.board, []) if scored is not None else []
    if (scored is not None and scored.section is section and not across
            and all(n != result.board for n, _ in section.versions)
            and not any(x.result.split is not None for x in traveller)):  # fmt: skip
        scores = [ns_score if x.result is result else x.ns_score for x in traveller]
        own = next((i for i, x in enumerate(traveller) if x.result is result), -1)
        if own >= 0:
            ns, ew = points_of_board(scores, expected, session)
            return ns[own], ew[own]
    lines: list[_Line] = []
    own = -1
    for i, s in enumerate(sections):
        for r in s.results:
            if r.board != result.board:
                continue
            if r is result and s is section:
                own = len(lines)
                lines.append((i, replace(r, score=ns_score), ns_score))
            else:
                lines.append((i, r, r.ns_score(s.board(r.board), session.undertrick_rule)))
    if _is_plain(sections, result.board, lines):
        ns, ew = points_of_board([score for _, _, score in lines], expected, session)
        return ns[own], ew[own]
    return _grouped_points(sections, result.board, lines, expected, session)[own]


def _grouped_points(
    sections: tuple[Section, ...],
    number: int,
    lines: list[_Line],
    expected: int,
    session: SessionRules,
) -> list[tuple[float, float]]:
    """A board's points when its results are not one plain field: each version of a fouled
    board (Law 87) its own field, and a split score (Law 12C1(b)) NS's result scored against
    the other results for NS, EW's against them for EW, the other results scored as if the
    split table had not played; all Neuberg-scaled to ``expected`` (SCORING.md §19)."""
    groups: dict[tuple[int, int] | int, list[int]] = defaultdict(list)
    for k, (i, r, _) in enumerate(lines):
        version = sections[i].version_of(number, r.table)
        groups[(i, version) if sections[i].versions else version].append(k)
    points: list[tuple[float, float]] = [(0.0, 0.0)] * len(lines)
    for members in groups.values():
        base = [k for k in members if lines[k][1].split is None]
        scores = [lines[k][2] for k in base]
        if scores:
            ns, ew = points_of_board(scores, expected, session)
            for k, a, b in zip(base, ns, ew, strict=True):
                points[k] = (a, b)
        for k in members:
            i, r, _ = lines[k]
            if r.split is None:
                continue
            board = sections[i].board(number)
            ns_view, ew_view = r.split.ns_scores(board.vulnerability, session.undertrick_rule)
            a = points_of_board([*scores, ns_view], expected, session)[0][-1]
            b = points_of_board([*scores, ew_view], expected, session)[1][-1]
            points[k] = (a, b)
    return points


def _artificial_rules(
    section: Section,
    travellers: dict[int, list[TravellerLine]],
    board_top: int,
    session: SessionRules,
) -> dict[int, list[TravellerLine]]:
    """Average plus (minus) as the pair's own percentage on the boards it played when that is
    better (worse), as the session's :class:`~bridgescore.duplicate.Artificial` says."""
    art = session.artificial
    if (art.plus_rule, art.minus_rule) == ("fixed", "fixed") or not board_top:
        return travellers
    mitchell = section.kind == "mitchell"
    real: dict[tuple[Side | None, int], list[float]] = defaultdict(lambda: [0.0, 0.0])
    for lines in travellers.values():
        for line in lines:
            if isinstance(line.ns_score, Adjusted):
                continue
            for side, pair, points in ((Side.NS, line.result.ns, line.ns_points),
                                       (Side.EW, line.result.ew, line.ew_points)):  # fmt: skip
                total = real[(side if mitchell else None, pair)]
                total[0] += points
                total[1] += board_top

    def award(key: tuple[Side | None, int], given: str, points: float) -> float:
        total, tops = real.get(key, (0.0, 0.0))
        if not tops:
            return points
        own = board_top * total / tops
        if given == "A+" and art.plus_rule == "if-better":
            return max(points, own)
        if given == "A-" and art.minus_rule == "if-worse":
            return min(points, own)
        return points

    out: dict[int, list[TravellerLine]] = {}
    for number, lines in travellers.items():
        out[number] = []
        for line in lines:
            s = line.ns_score
            if isinstance(s, Adjusted):
                r = line.result
                line = TravellerLine(
                    r,
                    s,
                    award((Side.NS if mitchell else None, r.ns), s.ns, line.ns_points),
                    award((Side.EW if mitchell else None, r.ew), s.ew, line.ew_points),
                )
            out[number].append(line)
    return out


def _totals(
    section: Section,
    session: SessionRules,
    travellers: dict[int, list[TravellerLine]],
    board_top: int,
) -> SectionScores:
    """The pairs' totals and the rankings of a section's scored travellers."""
    tops = dict.fromkeys(travellers, board_top)
    totals: dict[tuple[Side | None, int], list[float]] = defaultdict(list)
    pair_tops: Counter[tuple[Side | None, int]] = Counter()
    mitchell = section.kind == "mitchell"
    for number, lines in travellers.items():
        for line in lines:
            for side, pair, points in ((Side.NS, line.result.ns, line.ns_points),
                                       (Side.EW, line.result.ew, line.ew_points)):  # fmt: skip
                key = (side if mitchell else None, pair)
                totals[key].append(points)
                pair_tops[key] += tops[number]
    pairs = {
        p.key: PairScore(p, round(sum(totals[p.key]), 10), pair_tops[p.key], len(totals[p.key]))
        for p in section.pairs
    }
    fields: list[Side | None] = [Side.NS, Side.EW] if mitchell else [None]
    most = max((s.boards for s in pairs.values()), default=0)
    rankings = {f: _rank([s for s in pairs.values() if s.pair.side is f], session.min_share, most)
                for f in fields}  # fmt: skip
    return SectionScores(section, session.method, travellers, tops, pairs, rankings)


def points_of_board(
    scores: list[BoardScore], expected: int, session: SessionRules
) -> tuple[list[float], list[float]]:
    """One board's NS and EW points, by the session's method, from its NS scores (the pure
    path of :data:`BoardPoints`)."""
    if session.method == "mp":
        return (
            matchpoints(scores, expected=expected, artificial=session.artificial),
            matchpoints_ew(scores, expected=expected, artificial=session.artificial),
        )
    if session.method == "butler":
        b = butler(scores, drop=session.drop, rounding=session.rounding,
                   artificial=session.artificial)  # fmt: skip
        return [float(i) for i in b.imps], [float(i) for i in b.imps_ew]
    ns = cross_imps(scores, divisor=session.divisor, expected=expected,
                    artificial=session.artificial)  # fmt: skip
    ew = [
        float(session.artificial.imps_of(s.ew)) if isinstance(s, Adjusted) else -x
        for s, x in zip(scores, ns, strict=True)
    ]
    return ns, ew


def _rank(
    scores: list[PairScore], min_share: Fraction | None = None, most: int = 0
) -> list[RankRow]:
    """Rank by percentage (matchpoints) or total IMPs; ties share a rank written ``2=``. With
    a minimum share, the pairs that played less than that share of ``most`` boards (the most
    any pair of the section played) follow the ranked pairs in the same order, not ranked."""

    matchpointed = any(s.top for s in scores)

    def key(s: PairScore) -> float:
        if s.percent is not None:
            return s.percent
        return -1.0 if matchpointed else s.total  # a pair with no boards comes last

    ordered = sorted(scores, key=lambda s: (-key(s), pair_order(s.pair)))
    ranked = [s for s in ordered if qualifies(s.boards, most, min_share)]
    counts = Counter(key(s) for s in ranked)
    first: dict[float, int] = {}
    for place, s in enumerate(ranked, 1):
        first.setdefault(key(s), place)
    rows = [
        RankRow(f"{first[key(s)]}{'=' if counts[key(s)] > 1 else ''}", s.pair, s.total,
                s.percent, s.boards)
        for s in ranked
    ]  # fmt: skip
    if len(ranked) < len(ordered):
        chosen = {id(s) for s in ranked}
        rows += [RankRow("", s.pair, s.total, s.percent, s.boards, ranked=False)
                 for s in ordered if id(s) not in chosen]  # fmt: skip
    return rows

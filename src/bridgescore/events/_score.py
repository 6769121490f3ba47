"""Scoring an event's matches from its entries, and its standings (SCORING.md §16).

Teams: a board counts when both rooms are in; its IMPs are the home team's
(:class:`~bridgescore.events.match.MatchBoard`), the match's margin goes to VPs on the event's scale
for the match's length. Board-a-match: each board is won (1), tied (½) or lost (0) on the sign
of the home team's net score. Swiss pairs: each board of a round is scored across every table
of the round (matchpoints or Butler IMPs); the home pair sits NS; the match's percentage (or
Butler total) goes to VPs.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from bridgescore.duplicate.field import Adjusted, butler, matchpoints
from bridgescore.duplicate.session import Board
from bridgescore.events._values import EventBase, EventKind, Match, MatchScore, Room, Standing
from bridgescore.events.match import MatchBoard, TeamMatch
from bridgescore.model import Result

__all__ = ["match_scores", "over", "standings", "winner"]


def _team_match(match: Match, rooms: dict[int, dict[Room, Result | Adjusted]]) -> TeamMatch:
    boards = [
        MatchBoard(Board.numbered(b), rooms[b][Room.OPEN], rooms[b][Room.CLOSED])
        for b in match.boards
        if len(rooms.get(b, {})) == 2
    ]
    return TeamMatch(match.home, match.away, boards)


def _bam(board: MatchBoard) -> int:
    """The home team's board-a-match points in hundredths: 100, 50 or 0."""
    if isinstance(board.open, Adjusted) or isinstance(board.closed, Adjusted):
        net = board.imps
    else:
        net = board.ns_score(board.open) - board.ns_score(board.closed)
    return 100 if net > 0 else 0 if net < 0 else 50


def match_scores(event: EventBase, only: int | None = None) -> tuple[MatchScore, ...]:
    """Every drawn match's score from the entries so far, round by round (``only``: of that
    round only)."""
    rooms: dict[tuple[int, int], dict[int, dict[Room, Result | Adjusted]]] = defaultdict(
        lambda: defaultdict(dict)
    )
    for e in event.entries:
        rooms[(e.round, e.match)][e.board][e.room] = e.result
    out: list[MatchScore] = []
    for rnd in event.rounds:
        if only is not None and rnd.number != only:
            continue
        if event.kind.pairs:
            out.extend(_pairs_round(event, rnd.number, rooms))
            continue
        for m in rnd.matches:
            tm = _team_match(m, rooms[(rnd.number, m.number)])
            imps = tm.imps
            if event.kind is EventKind.KNOCKOUT:
                vp = (0, 0)
            elif event.scoring == "bam":
                home = sum(_bam(b) for b in tm.boards)
                vp = (home, 100 * len(tm.boards) - home)
                imps = (0, 0)
            elif tm.boards:
                vp = event.scale.imps(tm.margin, len(m.boards))
            else:
                vp = (0, 0)
            out.append(MatchScore(rnd.number, m.number, m.home, m.away, len(tm.boards), imps,
                                  vp, carry_over=m.carry_over))  # fmt: skip
    return tuple(out)


def _ns(board: int, result: Result | Adjusted) -> int | Adjusted:
    if isinstance(result, Adjusted):
        return result
    return MatchBoard(Board.numbered(board), result, result).ns_score(result)


def _pairs_round(
    event: EventBase,
    number: int,
    rooms: dict[tuple[int, int], dict[int, dict[Room, Result | Adjusted]]],
) -> list[MatchScore]:
    """A Swiss pairs round: each board scored across the round's tables."""
    rnd = event.round(number)
    home_mp: dict[int, Fraction] = defaultdict(Fraction)
    tops: Counter[int] = Counter()
    home_imps: Counter[int] = Counter()
    played: Counter[int] = Counter()
    for board in event.boards_of_round(number):
        tables = [m.number for m in rnd.matches
                  if Room.OPEN in rooms[(number, m.number)].get(board, {})]  # fmt: skip
        if not tables:
            continue
        scores = [_ns(board, rooms[(number, t)][board][Room.OPEN]) for t in tables]
        if event.scoring == "mp":
            for t, mp in zip(tables, matchpoints(scores), strict=True):
                home_mp[t] += Fraction(repr(mp))  # MP1 figures: whole, or A+/A/A- of the top
                tops[t] += 2 * (len(tables) - 1)
        else:
            b = butler(scores)
            for t, i in zip(tables, b.imps, strict=True):
                home_imps[t] += int(i)
        for t in tables:
            played[t] += 1
    out = []
    for m in rnd.matches:
        n = m.number
        percent: Fraction | None = None
        imps = (0, 0)
        if not played[n]:
            vp = (0, 0)
        elif event.scoring == "mp":
            percent = Fraction(home_mp[n]) * 100 / tops[n] if tops[n] else Fraction(50)
            vp = event.scale.percent(percent, len(m.boards))
        else:
            total = home_imps[n]
            imps = (max(total, 0), max(-total, 0))
            vp = event.scale.imps(total, len(m.boards))
        out.append(MatchScore(number, n, m.home, m.away, played[n], imps, vp, percent))
    return out


def standings(event: EventBase, through: int) -> tuple[Standing, ...]:
    """The standings after round ``through``: VPs (and byes' VPs), IMPs for and against;
    a knockout's by the round reached."""
    vp: Counter[str] = Counter()
    imps_for: Counter[str] = Counter()
    imps_against: Counter[str] = Counter()
    played: Counter[str] = Counter()
    byes: Counter[str] = Counter()
    knockout = event.kind is EventKind.KNOCKOUT
    for rnd in event.rounds[:through]:
        for name in rnd.byes:
            byes[name] += 1
            if not knockout:
                vp[name] += event.bye_score
    reached: dict[str, int] = dict.fromkeys(event.names, 0)
    playing: set[str] = set()
    for s in match_scores(event):
        if s.round > through:
            continue
        length = len(event.round(s.round).match(s.match).boards)
        sides = ((s.home, s.imps[0], s.imps[1], s.vp[0]), (s.away, s.imps[1], s.imps[0], s.vp[1]))
        for name, ours, theirs, own_vp in sides:
            if s.boards >= length:
                played[name] += 1
            elif s.boards:
                playing.add(name)
            vp[name] += own_vp
            imps_for[name] += ours
            imps_against[name] += theirs
            reached[name] = max(reached[name], s.round)
        if knockout and s.boards >= length and s.margin != 0:
            winner = s.home if s.margin > 0 else s.away
            reached[winner] = s.round + 1
    if knockout:
        for rnd in event.rounds[:through]:
            for name in rnd.byes:
                reached[name] = max(reached[name], rnd.number + 1)
    seed = {name: i for i, name in enumerate(event.names)}

    def key(name: str) -> int:
        return reached[name] if knockout else vp[name]

    ordered = sorted(event.names, key=lambda n: (-key(n), seed[n]))
    counts = Counter(key(n) for n in ordered)
    first: dict[int, int] = {}
    for place, name in enumerate(ordered, 1):
        first.setdefault(key(name), place)
    return tuple(
        Standing(f"{first[key(n)]}{'=' if counts[key(n)] > 1 else ''}", n, vp[n], imps_for[n],
                 imps_against[n], played[n], byes[n], n in playing)
        for n in ordered
    )  # fmt: skip


def winner(event: EventBase, total: int) -> str | None:
    """Who has won the event of ``total`` rounds, once it is over (:func:`over`): the knockout
    final's winner, or the first of the standings alone (None for a shared first place)."""
    if not over(event, total):
        return None
    if event.kind is EventKind.KNOCKOUT:
        final = match_scores(event, len(event.rounds))[0]
        return final.home if final.margin > 0 else final.away
    first = [s for s in standings(event, len(event.rounds)) if s.rank.rstrip("=") == "1"]
    return first[0].entrant if len(first) == 1 else None


def over(event: EventBase, total: int) -> bool:
    """Whether the event of ``total`` rounds is over: every round drawn and every board of it
    in (a knockout: its final decided, not tied).

    >>> from bridgescore.events import Entry, Event, EventKind, Room, teams
    >>> from bridgescore.model import Result
    >>> e = Event(EventKind.KNOCKOUT, "KO", teams("A", "B"), boards_per_match=1).draw_next()
    >>> e = e.record(Entry(1, 1, 1, Room.OPEN, Result.parse("3NN=")))
    >>> over(e, 1), over(e.record(Entry(1, 1, 1, Room.CLOSED, Result.parse("3NN-1"))), 1)
    (False, True)
    >>> winner(e.record(Entry(1, 1, 1, Room.CLOSED, Result.parse("3NN-1"))), 1)
    'A'
    """
    if not event.rounds or len(event.rounds) < total:
        return False
    last = len(event.rounds)
    for s in match_scores(event, last):
        if s.boards < len(event.round(last).match(s.match).boards):
            return False
        if event.kind is EventKind.KNOCKOUT and s.margin == 0:
            return False
    return all(s.boards >= len(event.round(s.round).match(s.match).boards)
               for s in match_scores(event))  # fmt: skip

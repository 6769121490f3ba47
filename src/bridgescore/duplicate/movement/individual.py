"""Individual movements: each player partners several others in one session, never one twice.

An :class:`IndividualMovement` seats numbered players (1 to N) at the four seats of each table,
round by round; it checks its rules when made (in a round a player sits at one seat at most; no
player plays a board twice; no two players partner each other twice; every table plays
``boards_per_round`` different boards). :func:`individual` builds one for 8 to 40 players, and
:meth:`IndividualMovement.fairness` says how often each two players partner and meet.

>>> m = individual(12, 2)
>>> m.tables, m.rounds, m.boards, m.plays[0]
(3, 11, 22, Seats(round=1, table=1, north=12, east=5, south=1, west=8, boards=(1, 2)))
>>> print(m.fairness().summary())
Nobody partners anyone twice: each player partners 11 others, once each.
Each player meets 9 to 11 others as opponents, 2 to 4 times each.
Each player plays 11 rounds (22 boards).

How it is built (SCORING.md §26): a *whist* design, the construction behind the published
individual movements (Shomate and Rainbow individuals, the 2- to 4-table individuals of the
directors' handbooks): the players are the numbers modulo an odd *m* (with one fixed player,
"infinity", when N is a multiple of 4), the first round's partnerships are {infinity, 0} and
{i, -i}, whose differences 2i cover every difference once, and round *r* adds *r - 1* to every
player, so two players partner at most once in *m* rounds. The partnerships are set against
each other at the tables so that opponents are spread as evenly as the design allows (a
deterministic search). When N is not a multiple of 4 the players of one partnership (and 0)
sit out in turn: 1 to 3 players a round, each as often as the others (the fixed player of
N = 4k + 2 always plays). Every table plays the same boards in a round (round *r*: boards
``(r - 1) * B + 1`` to ``r * B``, a copy for each table, as a dealing machine makes them), so
each board is scored across the whole field.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import combinations
from typing import Any

from bridgescore.duplicate.movement._sentences import Sentence, span_of
from bridgescore.duplicate.movement._values import Share, TableRound, whole
from bridgescore.duplicate.movement.model import Movement
from bridgescore.errors import MovementError

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "IndividualFairness",
    "IndividualMovement",
    "Seats",
    "describe_individual",
    "full_rounds",
    "individual",
]

MIN_PLAYERS = 8
"""The fewest players :func:`individual` seats (two tables)."""
MAX_PLAYERS = 40
"""The most players :func:`individual` seats (ten tables)."""
MIN_ROUNDS_PLAYED = 4
"""Every player of a built movement plays at least this many rounds."""
_MAX_BOARDS_PER_ROUND = 10


def _coded(code: str, field_name: str, value: object, **params: object) -> MovementError:
    """The error of ``code`` (its template in :data:`bridgescore.errors.MESSAGES`)."""
    return MovementError.coded(code, field=field_name, value=value, **params)


@dataclass(frozen=True, slots=True)
class Seats:
    """One table in one round of an individual: the four players by seat, and the boards."""

    round: int
    table: int
    north: int
    east: int
    south: int
    west: int
    boards: tuple[int, ...]

    @property
    def players(self) -> tuple[int, int, int, int]:
        """North, East, South, West."""
        return (self.north, self.east, self.south, self.west)

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """North-South, then East-West."""
        return ((self.north, self.south), (self.east, self.west))


@dataclass(frozen=True)
class IndividualMovement:
    """Who sits where, on which boards, round by round; it checks the rules when made.

    >>> IndividualMovement(4, 1, (Seats(1, 1, 1, 2, 3, 4, (1,)), Seats(2, 1, 3, 2, 1, 4, (2,))))
    Traceback (most recent call last):
    ...
    bridgescore.errors.MovementError: players 1 and 3 partner each other twice (rounds 1 and 2)
    """

    players: int
    """How many players; they are numbered 1 to this."""
    boards_per_round: int
    plays: tuple[Seats, ...]
    """Every table of every round, in order of round and table."""

    def __post_init__(self) -> None:
        _check(self)

    @cached_property
    def rounds(self) -> int:
        """How many rounds."""
        return max(p.round for p in self.plays)

    @cached_property
    def tables(self) -> int:
        """How many tables."""
        return max(p.table for p in self.plays)

    @cached_property
    def boards(self) -> int:
        """How many boards (numbered 1 to this)."""
        return max(b for p in self.plays for b in p.boards)

    @cached_property
    def sit_outs(self) -> tuple[tuple[int, int], ...]:
        """``(round, player)`` for each player with no seat in a round."""
        seated = {(p.round, who) for p in self.plays for who in p.players}
        return tuple(
            (r, who)
            for r in range(1, self.rounds + 1)
            for who in range(1, self.players + 1)
            if (r, who) not in seated
        )

    def fairness(self) -> IndividualFairness:
        """How often each two players partner and meet, and how much each plays."""
        partners: Counter[tuple[int, int]] = Counter()
        opponents: Counter[tuple[int, int]] = Counter()
        rounds: Counter[int] = Counter()
        for p in self.plays:
            (n, s), (e, w) = p.partnerships
            partners.update((_key(n, s), _key(e, w)))
            opponents.update(_key(x, y) for x in (n, s) for y in (e, w))
            rounds.update(p.players)
        return IndividualFairness(self.players, self.boards_per_round, partners, opponents, rounds)

    def as_pairs(self) -> Movement:
        """The movement of its partnerships, each a pair numbered in order of first play (each
        plays one round, as nobody partners twice), so that a pairs section scores its boards;
        :meth:`partnership_players` says whose each is.

        >>> individual(8, 2).as_pairs().pairs[:4]
        ('1', '2', '3', '4')
        """
        number = self.partnership_numbers
        plays = tuple(
            TableRound(p.round, p.table, str(number[_key(p.north, p.south)]),
                       str(number[_key(p.east, p.west)]), p.boards)
            for p in self.plays
        )  # fmt: skip
        by_round: dict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(list)
        for p in self.plays:
            by_round[p.round, p.boards].append(p.table)
        shares = tuple(
            Share(r, tuple(tables), boards)
            for (r, boards), tables in by_round.items()
            if len(tables) > 1
        )
        pairs = tuple(str(n) for n in range(1, len(number) + 1))
        return Movement("custom", pairs, self.boards_per_round, plays, shares=shares,
                        tables=self.tables)  # fmt: skip

    @cached_property
    def partnership_numbers(self) -> Mapping[tuple[int, int], int]:
        """Each partnership (its players, lower first) to its pair number in :meth:`as_pairs`."""
        number: dict[tuple[int, int], int] = {}
        for p in self.plays:
            for a, b in p.partnerships:
                number.setdefault(_key(a, b), len(number) + 1)
        return number

    def pairs_at(self, seats: Seats) -> tuple[int, int]:
        """The pair numbers (in :meth:`as_pairs`) of the table's North-South and East-West.

        >>> m = individual(8, 1)
        >>> m.plays[0].partnerships, m.pairs_at(m.plays[0])
        (((8, 1), (3, 6)), (1, 2))
        """
        (n, s), (e, w) = seats.partnerships
        return self.partnership_numbers[_key(n, s)], self.partnership_numbers[_key(e, w)]

    def partnership_players(self, pair: int) -> tuple[int, int]:
        """The two players of :meth:`as_pairs`'s pair ``pair``.

        >>> individual(8, 2).partnership_players(1)
        (1, 8)
        """
        for players, n in self.partnership_numbers.items():
            if n == pair:
                return players
        raise _coded("individual_no_partnership", "pair", pair, pair=pair)

    def to_dict(self) -> dict[str, object]:
        """The movement as plain data, the shape ``bridgescore movement individual --json``
        prints: the pairs movement's, with the four players of each play.

        >>> individual(8, 1).to_dict()["plays"][0]
        {'round': 1, 'table': 1, 'boards': [1], 'north': 8, 'east': 3, 'south': 1, 'west': 6}
        """
        return {
            "movement": "individual",
            "players": self.players,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards": self.boards,
            "plays": [
                {
                    "round": p.round,
                    "table": p.table,
                    "boards": [*p.boards],
                    "north": p.north,
                    "east": p.east,
                    "south": p.south,
                    "west": p.west,
                }
                for p in self.plays
            ],
            "sit_outs": [{"round": r, "player": who} for r, who in self.sit_outs],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> IndividualMovement:
        """The movement :meth:`to_dict` gave.

        >>> m = individual(9, 2)
        >>> IndividualMovement.from_dict(m.to_dict()) == m
        True

        :raises MovementError: for data that is not an individual movement or breaks its rules.
        """
        try:
            plays = tuple(
                Seats(int(p["round"]), int(p["table"]), int(p["north"]), int(p["east"]),
                      int(p["south"]), int(p["west"]), tuple(int(b) for b in p["boards"]))
                for p in data["plays"]
            )  # fmt: skip
            return cls(int(data["players"]), int(data["boards_per_round"]), plays)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, MovementError):
                raise
            raise _coded("individual_data", "movement", None, why=repr(exc)) from exc


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _check(m: IndividualMovement) -> None:
    """The rules, in one pass over the plays (linear in their number)."""
    for name in ("players", "boards_per_round"):
        value = getattr(m, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise _coded(f"individual_{name}_whole", name, value, got=repr(value))
    if not m.plays:
        raise _coded("movement_no_play", "plays", m.plays)
    at: set[tuple[int, int]] = set()
    seat: dict[tuple[int, int], int] = {}
    played: dict[tuple[int, int], int] = {}
    partnered: dict[tuple[int, int], int] = {}
    for p in m.plays:
        if p.round < 1 or p.table < 1:
            raise _coded("movement_numbered_from_1", "round", p.round, round=p.round,
                         table=p.table)  # fmt: skip
        if (p.round, p.table) in at:
            raise _coded("movement_table_twice", "table", p.table, table=p.table, round=p.round)
        at.add((p.round, p.table))
        for who in p.players:
            if isinstance(who, bool) or not isinstance(who, int) or not 1 <= who <= m.players:
                raise _coded("individual_player_number", "player", who, players=m.players,
                             got=repr(who), round=p.round, table=p.table)  # fmt: skip
            if (p.round, who) in seat:
                raise _coded("individual_two_tables", "player", who, player=who,
                             first=seat[p.round, who], second=p.table, round=p.round)  # fmt: skip
            seat[p.round, who] = p.table
        if len(p.boards) != m.boards_per_round or len(set(p.boards)) != len(p.boards):
            raise _coded("individual_boards_a_round", "boards", p.boards, table=p.table,
                         round=p.round, boards=list(p.boards),
                         count=m.boards_per_round)  # fmt: skip
        for board in p.boards:
            if board < 1:
                raise _coded("movement_board_from_1", "boards", board, board=board)
            for who in p.players:
                if (who, board) in played:
                    first = played[who, board]
                    raise _coded("individual_board_twice", "boards", board, player=who,
                                 board=board, first=first, second=p.round)  # fmt: skip
                played[who, board] = p.round
        for a, b in p.partnerships:
            pair = _key(a, b)
            if pair in partnered:
                raise _coded("individual_partner_twice", "player", pair[0], player=pair[0],
                             partner=pair[1], first=partnered[pair],
                             second=p.round)  # fmt: skip
            partnered[pair] = p.round
    rounds = {r for r, _ in at}
    gap = min(set(range(1, max(rounds) + 1)) - rounds, default=None)
    if gap is not None:
        raise _coded("movement_round_empty", "round", gap, round=gap, rounds=max(rounds))


@dataclass(frozen=True)
class IndividualFairness:
    """How often each two players partner and meet, and how many rounds each plays."""

    players: int
    boards_per_round: int
    partners: Mapping[tuple[int, int], int]
    """Rounds two players (lower number first) play as partners: 0 or 1."""
    opponents: Mapping[tuple[int, int], int]
    """Rounds two players play against each other."""
    rounds: Mapping[int, int]
    """Rounds each player plays."""

    def _per_player(self, counts: Mapping[tuple[int, int], int]) -> dict[int, list[int]]:
        out: dict[int, list[int]] = {p: [] for p in range(1, self.players + 1)}
        for (a, b), n in counts.items():
            out[a].append(n)
            out[b].append(n)
        return out

    def summary(self) -> str:
        """A few lines a director can read (the module's example shows them)."""
        return "\n".join(map(str, self.sentences()))

    def sentences(self) -> tuple[Sentence, ...]:
        """:meth:`summary`'s sentences, each a code and its values."""
        partners = self._per_player(self.partners)
        most = max((n for ns in partners.values() for n in ns), default=0)
        code = "ind_partners" if most <= 1 else "ind_partners_twice"
        lines = [Sentence(code, {"number": span_of(len(ns) for ns in partners.values())})]
        opponents = self._per_player(self.opponents)
        times = {n for ns in opponents.values() for n in ns}
        often = {1: "once", 2: "twice"}.get(max(times, default=0), "times")
        meets = span_of(len(ns) for ns in opponents.values())
        lines.append(Sentence("ind_meets_" + ("times" if len(times) > 1 else often),
                              {"number": meets, "times": span_of(times)}))  # fmt: skip
        played = [self.rounds.get(p, 0) for p in range(1, self.players + 1)]
        boards = span_of(n * self.boards_per_round for n in played)
        lines.append(Sentence("ind_plays", {"rounds": span_of(played), "boards": boards}))
        return tuple(lines)


# -- building ---------------------------------------------------------------------------------

_INF = -1  # the fixed player of a 1-rotational design


def full_rounds(players: int) -> int:
    """The rounds after which a built movement would repeat a partnership: its cycle *m*.

    >>> full_rounds(8), full_rounds(12), full_rounds(13), full_rounds(14), full_rounds(15)
    (7, 11, 13, 13, 15)
    """
    _check_players(players)
    return players if players % 2 else players - 1


def _check_players(players: int) -> None:
    whole(players, "players", MIN_PLAYERS, MAX_PLAYERS, "individual_players",
          least=MIN_PLAYERS, most=MAX_PLAYERS)  # fmt: skip


def _default_rounds(players: int, boards_per_round: int) -> int:
    """The whole cycle if it makes at most 26 boards, else about 24 boards (7 rounds at
    least)."""
    cycle = full_rounds(players)
    if cycle * boards_per_round <= 26:
        return cycle
    return min(cycle, max(7, -(-24 // boards_per_round)))


def individual(
    players: int, boards_per_round: int, *, rounds: int | None = None
) -> IndividualMovement:
    """An individual movement for 8 to 40 players (see the module's notes for the design).

    ``rounds`` defaults to the whole cycle (every player partners every other) when it makes
    at most 26 boards, else to about 24 boards (7 rounds at least).

    >>> m = individual(10, 3)
    >>> m.rounds, m.tables, len(m.sit_outs), m.sit_outs[:2]
    (8, 2, 16, ((1, 4), (1, 7)))
    >>> individual(11, 2, rounds=4)
    Traceback (most recent call last):
    ...
    bridgescore.errors.MovementError: with 4 rounds player 8 plays 2 rounds; every player \
plays at least 4: give 6 to 11 rounds

    :raises MovementError: for players outside 8 to 40 (``players``), boards a round outside
        1 to 10 (``boards_per_round``), or rounds beyond the cycle or leaving a player fewer
        than 4 (``rounds``).
    """
    _check_players(players)
    most = _MAX_BOARDS_PER_ROUND
    whole(boards_per_round, "boards_per_round", 1, most, "boards_per_round", most=most)
    cycle = full_rounds(players)
    if rounds is None:
        rounds = _default_rounds(players, boards_per_round)
    whole(rounds, "rounds", 1, cycle, "individual_rounds", most=cycle, players=players)
    plays = _plays(players, boards_per_round, cycle)
    tables = players // 4  # the plays are in order of round, this many a round
    played: Counter[int] = Counter()
    least = None
    for r in range(1, cycle + 1):
        played.update(who for p in plays[(r - 1) * tables : r * tables] for who in p.players)
        if (
            least is None
            and min(played.get(w, 0) for w in range(1, players + 1)) >= MIN_ROUNDS_PLAYED
        ):
            least = r
        if r == rounds:
            fewest = min(range(1, players + 1), key=lambda w: (played.get(w, 0), w))
            count = played.get(fewest, 0)
    assert least is not None
    if rounds < least:
        raise _coded("individual_too_few_rounds", "rounds", rounds, rounds=rounds,
                     player=fewest, played=count, least=MIN_ROUNDS_PLAYED, first=least,
                     last=cycle)  # fmt: skip
    return IndividualMovement(players, boards_per_round,
                              tuple(p for p in plays if p.round <= rounds))  # fmt: skip


def _plays(players: int, boards_per_round: int, rounds: int) -> list[Seats]:
    """The design's first ``rounds`` rounds."""
    tables = _base_tables(players)
    modulus = full_rounds(players)
    number = _numbering(players, modulus)
    plays = []
    for r in range(rounds):
        boards = tuple(range(r * boards_per_round + 1, (r + 1) * boards_per_round + 1))
        for t, (north, south, east, west) in enumerate(tables, 1):
            n, e, s, w = (number[x if x == _INF else (x + r) % modulus]
                          for x in (north, east, south, west))  # fmt: skip
            plays.append(Seats(r + 1, t, n, e, s, w, boards))
    return plays


def _numbering(players: int, modulus: int) -> dict[int, int]:
    """Residue ``x`` is player ``x + 1``; the fixed player is the last."""
    number = {x: x + 1 for x in range(modulus)}
    if players > modulus:
        number[_INF] = players
    return number


@cache
def _base_tables(players: int) -> tuple[tuple[int, int, int, int], ...]:
    """The first round: (north, south, east, west) of each table, as residues (or ``_INF``)."""
    modulus = full_rounds(players)
    tables = players // 4
    half = (modulus - 1) // 2
    partnerships = [(i, modulus - i) for i in range(1, half + 1)]
    if players % 2 == 0:  # a fixed player partners 0
        partnerships.insert(0, (_INF, 0))
    return tuple(_best_tables(partnerships, tables, modulus, random.Random(players)))


def _opponent_spread(tables: list[tuple[tuple[int, int], tuple[int, int]]], modulus: int) -> int:
    """How far the opponents over the whole cycle are from even: the sum of squares of the
    times each difference is met (fewer is better)."""
    met: Counter[int] = Counter()
    for ns, ew in tables:
        for x in ns:
            for y in ew:
                if _INF not in (x, y):
                    d = (x - y) % modulus
                    met[min(d, modulus - d)] += 1
    return sum(n * n for n in met.values())


def _best_tables(
    partnerships: list[tuple[int, int]], tables: int, modulus: int, rng: random.Random
) -> list[tuple[int, int, int, int]]:
    """Set 2 * ``tables`` of the partnerships against each other (the rest sit out), opponents
    as evenly spread as a short deterministic local search finds."""
    best: list[tuple[tuple[int, int], tuple[int, int]]] | None = None
    best_score = 0
    for _ in range(12):
        order = partnerships[:]
        rng.shuffle(order)
        if order[0] != partnerships[0] and partnerships[0][0] == _INF:
            order.remove(partnerships[0])
            order.insert(0, partnerships[0])  # the fixed player always plays
        current = [(order[2 * t], order[2 * t + 1]) for t in range(tables)]
        spare = order[2 * tables :]
        score = _opponent_spread(current, modulus)
        improved = True
        while improved:
            improved = False
            for (i, j), (a, b) in ((ij, ab) for ij in combinations(range(tables), 2)
                                   for ab in ((0, 0), (0, 1), (1, 0), (1, 1))):  # fmt: skip
                trial = current[:]
                ti, tj = list(trial[i]), list(trial[j])
                ti[a], tj[b] = tj[b], ti[a]
                trial[i], trial[j] = (ti[0], ti[1]), (tj[0], tj[1])
                s = _opponent_spread(trial, modulus)
                if s < score:
                    current, score, improved = trial, s, True
            for t, side in ((t, side) for t in range(tables) for side in (0, 1)):
                for k, other in enumerate(spare):
                    if current[t][side][0] == _INF:
                        continue
                    trial = current[:]
                    pair = list(trial[t])
                    spare_out = pair[side]
                    pair[side] = other
                    trial[t] = (pair[0], pair[1])
                    s = _opponent_spread(trial, modulus)
                    if s < score:
                        current, score, improved = trial, s, True
                        spare = [*spare[:k], spare_out, *spare[k + 1 :]]
                        break
        if best is None or score < best_score:
            best, best_score = current, score
    assert best is not None
    seated = sorted(best, key=lambda t: (_INF not in (*t[0], *t[1]), min(abs(x) for x in t[0])))
    return [(ns[0], ns[1], ew[0], ew[1]) for ns, ew in seated]


def describe_individual(m: IndividualMovement, say: Callable[[Sentence], str] = str) -> str:
    """The movement at a glance: a grid of rounds by tables, sit-outs, fairness (its sentences
    said by ``say``, as :func:`~.report.describe` says them).

    >>> print(describe_individual(individual(8, 1, rounds=4)))
    Individual: 8 players, 2 tables, 4 rounds of 1 board, 4 boards
    Each cell: North-South v East-West, boards; every table plays the round's boards.
    Round  Table 1      Table 2
    1      8-1 v 3-6 1  4-5 v 2-7 1
    2      8-2 v 4-7 2  5-6 v 3-1 2
    3      8-3 v 5-1 3  6-7 v 4-2 3
    4      8-4 v 6-2 4  7-1 v 5-3 4
    Fairness:
    Nobody partners anyone twice: each player partners 4 others, once each.
    Each player meets 4 to 7 others as opponents, 1 to 3 times each.
    Each player plays 4 rounds (4 boards).
    """
    title = "ind_title_board" if m.boards_per_round == 1 else "ind_title"
    lines = [
        say(Sentence(title, {"players": m.players, "tables": m.tables, "rounds": m.rounds,
                             "per_round": m.boards_per_round, "boards": m.boards})),
        say(Sentence("ind_legend")),
    ]  # fmt: skip
    cells = {
        (p.round, p.table): say(Sentence("ind_cell", {"north": p.north, "south": p.south,
            "east": p.east, "west": p.west, "boards": _boards(p.boards)}))
        for p in m.plays
    }  # fmt: skip
    first = say(Sentence("grid_round"))
    tables = [say(Sentence("grid_table", {"table": t})) for t in range(1, m.tables + 1)]
    width = max(len(c) for c in [*cells.values(), *tables]) + 2
    lead = max(len(first) + 2, 7)
    lines.append((first.ljust(lead) + "".join(t.ljust(width) for t in tables)).rstrip())
    for r in range(1, m.rounds + 1):
        row = str(r).ljust(lead) + "".join(cells.get((r, t), "-").ljust(width)
                                           for t in range(1, m.tables + 1))  # fmt: skip
        lines.append(row.rstrip())
    out: dict[int, list[int]] = defaultdict(list)
    for r, who in m.sit_outs:
        out[r].append(who)
    if out:
        rounds = "; ".join(say(Sentence("ind_sits_out", {"round": r, "players": tuple(who)}))
                           for r, who in sorted(out.items()))  # fmt: skip
        lines.append(say(Sentence("ind_sitting_out", {"rounds": rounds})))
    lines.append(say(Sentence("fairness_heading")))
    lines.extend(map(say, m.fairness().sentences()))
    return "\n".join(lines)


def _boards(boards: tuple[int, ...]) -> str:
    return str(boards[0]) if len(boards) == 1 else f"{boards[0]}-{boards[-1]}"

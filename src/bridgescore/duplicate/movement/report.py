"""What a director reads about a movement: its fairness, a summary, table cards and guide cards.

Each builder returns text (the CLI prints it; a web page can put it in a ``<pre>``).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from bridgescore.duplicate.movement._fairness import Fairness, PairFairness, fairness_of
from bridgescore.duplicate.movement._sentences import REPORTS, Sentence, span
from bridgescore.duplicate.movement.model import Movement, TableRound, format_boards, iter_rounds

__all__ = [
    "Card",
    "Fairness",
    "Moves",
    "PairFairness",
    "boards_going",
    "boards_next",
    "cards",
    "describe",
    "fairness",
    "guide_cards",
    "moves",
    "seats",
    "table_cards",
]


def fairness(m: Movement) -> Fairness:
    """For every two pairs: boards compared, rounds met and Manning's competition score.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> f = fairness(mitchell(3, 2))
    >>> f.fields
    (('NS 1', 'NS 2', 'NS 3'), ('EW 1', 'EW 2', 'EW 3'))
    >>> f.pairs[0]
    PairFairness(first='NS 1', second='NS 2', compared=6, met=0, competition=6)
    """
    return fairness_of(m.pairs, m.plays)


@dataclass(frozen=True, slots=True)
class Moves:
    """How a room follows a movement (:func:`moves`): whether every table sends its NS pair,
    its EW pair and its boards to the same place each round, so one card a table suffices."""

    fixed: bool
    """Every seat and every table's boards go to the same place each round."""
    changing_seats: int
    """Seats (a table's NS or EW) whose pair goes somewhere else from one round to the next."""
    changing_boards: int
    """Tables whose boards go somewhere else from one round to the next."""
    stationary: tuple[str, ...]
    """Pairs that sit at one table, in one seat, every round they play."""
    stationary_tables: tuple[int, ...]
    """Their tables."""
    stationary_seats: tuple[str, ...]
    """Their seats, ``'NS'`` or ``'EW'``."""
    ns_rounds: tuple[int, int]
    """The fewest and most rounds another pair sits NS (its seat, whatever the cards)."""
    rounds: tuple[int, int]
    """The fewest and most rounds another pair plays."""
    switches: int = 0
    """Plays in which one table alone turns its boards (an arrow switch on its card)."""

    def summary(self) -> str:
        """What a director needs to know to run it.

        >>> from bridgescore.duplicate.movement import howell
        >>> print(moves(howell(8, 2)).summary())
        Moves: every table sends its NS pair, its EW pair and its boards to the same place \
each round.
        Pair 8 stays NS at table 1; the others sit NS in 3 of their 7 rounds.
        """
        return "\n".join(map(str, self.sentences()))

    def sentences(self) -> tuple[Sentence, ...]:
        """:meth:`summary`'s sentences, each a code and its values."""
        if self.fixed:
            lines = [Sentence("moves_fixed")]
        else:
            lines = [Sentence("moves_changing", {"seats": self.changing_seats,
                                                 "tables": self.changing_boards})]  # fmt: skip
        ns, rounds = span(*self.ns_rounds), span(*self.rounds)
        if self.stationary:
            parts = []
            for seat in ("NS", "EW"):
                here = [i for i, s in enumerate(self.stationary_seats) if s == seat]
                if not here:
                    continue
                who = ", ".join(self.stationary[i] for i in here)
                at = ", ".join(str(self.stationary_tables[i]) for i in here)
                if len(here) == 1:
                    parts.append(Sentence("moves_stays", {"pair": who, "seat": seat, "table": at}))
                else:
                    parts.append(Sentence("moves_stay", {"pairs": who, "seat": seat,
                                                         "tables": at}))  # fmt: skip
            lines.append(Sentence("moves_others", {"stationary": tuple(parts), "ns": ns,
                                                   "rounds": rounds}))  # fmt: skip
        else:
            lines.append(Sentence("moves_every", {"ns": ns, "rounds": rounds}))
        if self.switches:
            lines.append(Sentence("moves_switches", {"count": self.switches}))
        return tuple(lines)


def seats(m: Movement) -> dict[tuple[int, str], tuple[int, str]]:
    """Where each pair sits each round, ``(table, 'NS' or 'EW')``: the seat, not the cards
    (an arrow switch turns the boards, not the pairs).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> seats(mitchell(3, 2, arrow_switch=True))[3, "NS 1"]
    (1, 'NS')
    """
    turned = set(m.turned)
    out: dict[tuple[int, str], tuple[int, str]] = {}
    for p in m.plays:
        ns, ew = p.ns, p.ew
        if p.round in m.arrow_switched or (p.round, p.table) in turned:
            ns, ew = ew, ns
        out[p.round, ns] = (p.table, "NS")
        out[p.round, ew] = (p.table, "EW")
    return out


def moves(m: Movement) -> Moves:
    """Whether the room can follow the movement from one card a table (see :class:`Moves`).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> moves(mitchell(7, 2)).fixed, moves(mitchell(8, 2)).changing_seats
    (True, 8)
    """
    sat = seats(m)
    occupant = {(r, where): pair for (r, pair), where in sat.items()}
    nexts: dict[tuple[int, str], set[tuple[int, str] | None]] = defaultdict(set)
    for (r, where), pair in occupant.items():
        if r < m.rounds:
            nexts[where].add(sat.get((r + 1, pair)))
    places = _places(m)
    boards: dict[int, set[str]] = defaultdict(set)
    for p in m.plays:
        if p.round < m.rounds:
            after = places.get((p.round + 1, p.boards[0]))
            if after is not None:
                boards[p.table].add(str(after))
    seats_changing = sum(1 for goes in nexts.values() if len(goes) > 1)
    boards_changing = sum(1 for goes in boards.values() if len(goes) > 1)
    where_of: dict[str, set[tuple[int, str]]] = defaultdict(set)
    for (_, pair), where in sat.items():
        where_of[pair].add(where)
    stationary = tuple(p for p in m.pairs if len(where_of[p]) == 1)
    others = [p for p in m.pairs if p not in stationary] or list(m.pairs)
    ns = [sum(1 for (_, q), (_, seat) in sat.items() if q == p and seat == "NS") for p in others]
    played = [sum(1 for (_, q) in sat if q == p) for p in others]
    return Moves(
        seats_changing + boards_changing == 0,
        seats_changing,
        boards_changing,
        stationary,
        tuple(next(iter(where_of[p]))[0] for p in stationary),
        tuple(next(iter(where_of[p]))[1] for p in stationary),
        (min(ns), max(ns)),
        (min(played), max(played)),
        len(m.turned),
    )


def _short(pair: str) -> str:
    return pair.replace("NS ", "N").replace("EW ", "E")


def describe(m: Movement, say: Callable[[Sentence], str] = str) -> str:
    """The movement at a glance: sizes, a grid of rounds by tables, sit-outs, shares, fairness
    (its sentences and the moves' said by ``say``: English by default, the reader's language
    with :func:`bridgescore.locale.sentence_text`).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> print(describe(mitchell(3, 2)))
    Mitchell: 3 tables, 6 pairs, 3 rounds of 2 boards, 6 boards
    Each cell: NS pair-EW pair, boards (N3 = NS 3, E3 = EW 3).
    Round  Table 1    Table 2    Table 3
    1      N1-E1 1-2  N2-E2 3-4  N3-E3 5-6
    2      N1-E3 3-4  N2-E1 5-6  N3-E2 1-2
    3      N1-E2 5-6  N2-E3 1-2  N3-E1 3-4
    Fairness:
    Every pair meets every pair of the other field once.
    2 fields, each ranked on its own: NS 1, NS 2, NS 3; EW 1, EW 2, EW 3.
    Within a field every pair is compared with every other on 6 boards.
    Balance (Manning's competition score): 6 for every two pairs, the ideal: perfectly balanced.
    Moves: every table sends its NS pair, its EW pair and its boards to the same place each \
round.
    """
    lines = [say(_title_sentence(m))]
    lines.append(say(Sentence("legend_mitchell" if m.kind == "mitchell" else "legend")))
    cells = {
        (p.round, p.table): f"{_short(p.ns)}-{_short(p.ew)} {format_boards(p.boards)}"
        for p in m.plays
    }
    first = say(Sentence("grid_round"))
    tables = [say(Sentence("grid_table", {"table": t})) for t in range(1, m.tables + 1)]
    width = max(len(c) for c in [*cells.values(), *tables]) + 2
    lead = max(len(first) + 2, 7)
    lines.append((first.ljust(lead) + "".join(t.ljust(width) for t in tables)).rstrip())
    for r in range(1, m.rounds + 1):
        row = str(r).ljust(lead) + "".join(
            cells.get((r, t), "-").ljust(width) for t in range(1, m.tables + 1)
        )
        lines.append(row.rstrip())
    if m.arrow_switched:
        lines.append(say(Sentence("arrow_switched", {"rounds": _rounds(m.arrow_switched)})))
    if m.sit_outs:
        who = tuple(Sentence("sits_out", {"pair": _pair(s.pair), "round": s.round})
                    for s in m.sit_outs)  # fmt: skip
        lines.append(say(Sentence("sitting_out", {"who": who})))
    shared: dict[tuple[int, ...], list[int]] = defaultdict(list)
    for share in m.shares:
        shared[share.tables].append(share.round)
    for together, rounds_shared in shared.items():
        *others, last = together
        lines.append(say(Sentence("tables_share", {"tables": ", ".join(map(str, others)),
            "last": last, "rounds": _rounds(rounds_shared)})))  # fmt: skip
    lines.extend(map(say, _relays(m)))
    lines.append(say(Sentence("fairness_heading")))
    lines.extend(map(say, m.fairness().sentences()))
    how = moves(m).sentences()
    lines.extend(map(say, how if m.kind != "mitchell" else how[:1]))
    return "\n".join(lines)


def _relays(m: Movement) -> Iterable[Sentence]:
    """Which boards wait at each relay: every set, or how many in which rounds (over 8)."""
    waiting: dict[str, list[Sentence]] = defaultdict(list)
    per_round: dict[str, Counter[int]] = defaultdict(Counter)
    for relay in m.relays:
        boards = format_boards(relay.boards)
        waiting[relay.place].append(Sentence("relay_set", {"boards": boards,
                                                           "round": relay.round}))  # fmt: skip
        per_round[relay.place][relay.round] += 1
    for place, sets in waiting.items():
        if len(sets) <= 8:
            yield Sentence("relays_waiting", {"place": _place(place), "sets": tuple(sets)})
            continue
        most, least = max(per_round[place].values()), min(per_round[place].values())
        count = (Sentence("one_set") if most == 1 else Sentence("sets", {"count": most})
                 if least == most else Sentence("up_to_sets", {"count": most}))  # fmt: skip
        yield Sentence("relays_counted", {"place": _place(place), "count": count,
                                          "rounds": _rounds(per_round[place])})  # fmt: skip


_PLACES: Final = tuple(
    (code, re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>[0-9]+)", re.escape(REPORTS[code]))))
    for code in ("half_table", "relay_between", "relay_before")
)


def _place(place: str) -> Sentence | str:
    """A relay's place as a sentence, if it is one the builders name (a movement read from a
    file may name another: said as given).

    >>> _place("relay stand before table 3")
    Sentence(code='relay_before', params={'table': '3'})
    >>> _place("the side table")
    'the side table'
    """
    for code, pattern in _PLACES:
        found = pattern.fullmatch(place)
        if found:
            return Sentence(code, found.groupdict())
    return place


def _rounds(numbers: Iterable[int]) -> Sentence:
    """'round 3' or 'rounds 1-4' or 'rounds 2,5'."""
    text = format_boards(sorted(numbers))
    return Sentence("one_round" if text.isdigit() else "some_rounds", {"rounds": text})


def _pair(label: str) -> Sentence | str:
    return Sentence("pair_number", {"pair": label}) if label.isdigit() else label


def _title_sentence(m: Movement) -> Sentence:
    """:func:`_title` as a sentence."""
    kind = {"mitchell": "kind_mitchell", "howell": "kind_howell"}.get(m.kind, "kind_movement")
    return Sentence("movement_title", {"kind": Sentence(kind), "tables": m.tables,
        "pairs": len(m.pairs), "rounds": m.rounds, "per_round": m.boards_per_round,
        "boards": m.boards})  # fmt: skip


def _places(m: Movement) -> dict[tuple[int, int], Sentence | str]:
    """Where each board is in each round: 'table 3', 'tables 1 and 8', or a relay's place."""
    tables: dict[tuple[int, int], list[int]] = defaultdict(list)
    for p in m.plays:
        tables[p.round, p.boards[0]].append(p.table)
    places: dict[tuple[int, int], Sentence | str] = {}
    for key, (first, *others) in tables.items():
        joined: Sentence | int = first
        for t in others:
            joined = Sentence("both", {"first": joined, "second": t})
        places[key] = Sentence("at_tables" if others else "at_table",
                               {"tables" if others else "table": joined})  # fmt: skip
    for relay in m.relays:
        places[relay.round, relay.boards[0]] = _place(relay.place)
    return places


@dataclass(frozen=True, slots=True)
class Card:
    """A card a director prints: a table's (who sits there each round, where they go next) or a
    pair's (where it plays each round). Its words are sentences (:class:`Sentence`), said in
    English by ``str`` and in the reader's language by :meth:`said`; the rest (a round, a
    pair's label, the boards) is text, the same in every language.
    """

    heading: Sentence | str
    """``'Table 3'`` or ``'Pair NS 2'``: what the card is for, printed large."""
    title: Sentence | str
    """The movement it belongs to: ``'Mitchell: 7 tables, 14 pairs, ...'``."""
    header: tuple[Sentence | str, ...]
    """The column names."""
    rows: tuple[tuple[Sentence | str, ...], ...]
    """One row a round: ``'table 2 NS'``, ``'wait, then table 5 (round 4)'``, ``'sits out'``."""

    def said(self, say: Callable[[Sentence], str] = str) -> Card:
        """The card with every sentence said by ``say`` (English by default; the reader's
        language with :func:`bridgescore.locale.sentence_text`): all its fields text.

        >>> from bridgescore.duplicate.movement import mitchell
        >>> card = cards(mitchell(3, 2))[0].said()
        >>> card.heading, card.header[:2], card.rows[0][4]
        ('Table 1', ('Round', 'NS'), 'table 1 NS')
        """

        def text(cell: Sentence | str) -> str:
            return say(cell) if isinstance(cell, Sentence) else cell

        return Card(text(self.heading), text(self.title), tuple(map(text, self.header)),
                    tuple(tuple(map(text, row)) for row in self.rows))  # fmt: skip

    def text(self, say: Callable[[Sentence], str] = str) -> str:
        """The card as text, its heading and title on a line and its columns aligned."""
        card = self.said(say)
        return f"{card.heading} ({card.title})\n" + _columns((card.header, *card.rows))

    def __str__(self) -> str:
        return self.text()


def cards(m: Movement, kind: Literal["table", "guide"] = "table") -> tuple[Card, ...]:
    """The table cards (one a table) or the guide cards (one a pair) of a movement.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> [(str(c.heading), len(c.rows)) for c in cards(mitchell(3, 2))]
    [('Table 1', 3), ('Table 2', 3), ('Table 3', 3)]
    """
    return tuple(_table_cards(m) if kind == "table" else _guide_cards(m))


def _switched(m: Movement, p: TableRound) -> bool:
    return p.round in m.arrow_switched or (p.round, p.table) in set(m.turned)


def _table_cards(m: Movement) -> Iterable[Card]:
    """Who sits where (the seats: an arrow switch turns the boards, not the pairs)."""
    going = boards_going(m)
    sat = seats(m)
    marks = bool(m.turned)
    codes = ("col_round", "ns", "ew", "col_boards", "col_ns_next", "col_ew_next", "col_boards_next")
    header = tuple(Sentence(code) for code in (*codes, *(("col_arrow",) if marks else ())))
    title = _title_sentence(m)
    for t in range(1, m.tables + 1):
        rows = []
        for p in (p for p in m.plays if p.table == t):
            last = p.round == m.rounds
            switched = _switched(m, p)
            ns, ew = (p.ew, p.ns) if switched else (p.ns, p.ew)
            rows.append((
                str(p.round), ns, ew, format_boards(p.boards),
                "-" if last else _where(sat.get((p.round + 1, ns))),
                "-" if last else _where(sat.get((p.round + 1, ew))),
                going.get((p.round, p.table), "-"),
            ) + ((Sentence("card_switch") if switched else "",) if marks else ()))  # fmt: skip
        if rows:
            yield Card(Sentence("card_table", {"number": str(t)}), title, header, tuple(rows))


def boards_next(m: Movement) -> dict[tuple[int, int], str]:
    """Where each table's boards go after each round but the last, by ``(round, table)``, as
    the table card and the phone say it: a table (``table 3``, ``tables 1 and 8``: shared),
    a relay's place, ``wait, then table 5 (round 4)``, or ``not in play`` (in English; the
    cards say it in the reader's language).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> boards_next(mitchell(3, 2))[1, 1], boards_next(mitchell(3, 2))[2, 3]
    ('table 3', 'table 2')
    """
    return {key: str(place) for key, place in boards_going(m).items()}


def boards_going(m: Movement) -> dict[tuple[int, int], Sentence | str]:
    """:func:`boards_next` as sentences (or a relay's place as a movement file wrote it), for
    the reader's language.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> boards_going(mitchell(3, 2))[1, 1]
    Sentence(code='at_table', params={'table': 3})
    """
    places = _places(m)
    return {
        (p.round, p.table): places.get((p.round + 1, p.boards[0])) or _later(m, p)
        for p in m.plays
        if p.round < m.rounds
    }


def _later(m: Movement, p: TableRound) -> Sentence:
    """Where boards with no place next round go: the table that plays them next, if any."""
    after = [
        (q.round, q.table) for q in m.plays if q.round > p.round + 1 and p.boards[0] in q.boards
    ]
    if not after:
        return Sentence("not_in_play")
    r, t = min(after)
    return Sentence("wait_then", {"table": t, "round": r})


def _where(seat: tuple[int, str] | None) -> Sentence:
    if seat is None:
        return Sentence("card_sits_out")
    return Sentence("at_seat", {"table": seat[0], "seat": Sentence(seat[1].lower())})


def table_cards(m: Movement, say: Callable[[Sentence], str] = str) -> str:
    """One card a table: each round its pairs and boards, and where they go next (its words
    said by ``say``: English by default).

    >>> from bridgescore.duplicate.movement import mitchell
    >>> print(table_cards(mitchell(3, 2)).split("\\n\\n")[0])
    Table 1 (Mitchell: 3 tables, 6 pairs, 3 rounds of 2 boards, 6 boards)
    Round  NS    EW    Boards  NS next     EW next     Boards next
    1      NS 1  EW 1  1-2     table 1 NS  table 2 EW  table 3
    2      NS 1  EW 3  3-4     table 1 NS  table 2 EW  table 3
    3      NS 1  EW 2  5-6     -           -           -
    """
    return "\n\n".join(card.text(say) for card in cards(m, "table"))


def _guide_cards(m: Movement) -> Iterable[Card]:
    by_pair: dict[str, dict[int, TableRound]] = defaultdict(dict)
    for p in m.plays:
        by_pair[p.ns][p.round] = by_pair[p.ew][p.round] = p
    header = tuple(Sentence(code) for code in ("col_round", "col_table", "col_seat",
                                               "col_against", "col_boards"))  # fmt: skip
    title = _title_sentence(m)
    for pair in m.pairs:
        rows: list[tuple[Sentence | str, ...]] = []
        for r, _ in iter_rounds(m):
            play = by_pair[pair].get(r)
            if play is None:
                rows.append((str(r), "-", "-", Sentence("card_sits_out"), "-"))
                continue
            ns = play.ns == pair
            seat = Sentence("ns" if ns != _switched(m, play) else "ew")
            if _switched(m, play):
                seat = Sentence("seat_switched", {"seat": seat})
            rows.append((str(r), str(play.table), seat,
                         play.ew if ns else play.ns, format_boards(play.boards)))  # fmt: skip
        yield Card(Sentence("card_pair", {"number": pair}), title, header, tuple(rows))


def guide_cards(m: Movement, say: Callable[[Sentence], str] = str) -> str:
    """One card a pair: each round its table, seat, opponents and boards (its words said by
    ``say``: English by default).

    >>> from bridgescore.duplicate.movement import howell
    >>> print(guide_cards(howell(5, 2)).split("\\n\\n")[0])
    Pair 1 (Howell: 2 tables, 5 pairs, 5 rounds of 2 boards, 10 boards)
    Round  Table  Seat  Against   Boards
    1      -      -     sits out  -
    2      1      EW    3         3-4
    3      2      EW    5         5-6
    4      2      NS    2         7-8
    5      1      NS    4         9-10
    """
    return "\n\n".join(card.text(say) for card in cards(m, "guide"))


def _columns(rows: Sequence[tuple[Sentence | str, ...]]) -> str:
    texts = [tuple(map(str, row)) for row in rows]
    widths = [max(len(row[i]) for row in texts) for i in range(len(texts[0]))]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip()
        for row in texts
    )

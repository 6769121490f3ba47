"""The movement following the room: a late pair, a pair that leaves early, a fouled board.

Each change gives a new :class:`~bridgescore.duplicate.session.Section` whose movement says who now
plays whom; the boards a pair could not play are "not played" (the other results on them are
Neuberg-scaled to the full field, SCORING.md §19).

>>> from bridgescore.duplicate.movement import mitchell
>>> s = Section.from_movement(mitchell(3, 2, half_table=True))
>>> [p.label for p in s.pairs], [x.pair for x in s.movement.sit_outs][:3]
(['EW 1', 'EW 2', 'EW 3', 'NS 1', 'NS 2'], ['EW 3', 'EW 2', 'EW 1'])
>>> late = with_late_pair(s, Pair(3, Side.NS, "Ann & Bob"), 2)
>>> [(p.round, p.table, p.ns, p.ew, p.boards) for p in late.movement.plays if p.table == 3]
[(2, 3, 'NS 3', 'EW 2', (1, 2)), (3, 3, 'NS 3', 'EW 1', (3, 4))]
>>> gone = with_withdrawal(late, "EW 1", 3)
>>> [(p.round, p.table) for p in gone.movement.plays if "EW 1" in (p.ns, p.ew)]
[(1, 1), (2, 2)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Final

from bridgescore.duplicate.movement import Movement, TableRound
from bridgescore.duplicate.session._data import Session
from bridgescore.duplicate.session._model import Pair, Section, pair_order
from bridgescore.errors import N_, MovementError, SessionError
from bridgescore.model import Side

__all__ = [
    "NOTES",
    "notes_of",
    "pair_notes",
    "with_fouled_board",
    "with_late_pair",
    "with_withdrawal",
]


def _rebuilt(section: Section, plays: Iterable[TableRound], pairs: tuple[str, ...]) -> Movement:
    m = section.movement
    assert m is not None
    ordered = tuple(sorted(plays, key=lambda p: (p.round, p.table)))
    kept = {(p.round, p.table) for p in ordered}
    shares = tuple(
        replace(s, tables=tables)
        for s in m.shares
        if len(tables := tuple(t for t in s.tables if (s.round, t) in kept)) > 1
    )
    played = {(p.round, b) for p in ordered for b in p.boards}
    relays = tuple(x for x in m.relays if not any((x.round, b) in played for b in x.boards))
    boards = {b for _, b in played}
    unplayed = tuple(b for b in range(1, m.boards + 1) if b not in boards)  # none plays them now
    rounds = {p.round for p in ordered}
    idle = tuple(r for r in range(1, m.rounds + 1) if r not in rounds)  # nobody plays then now
    if not ordered:
        raise SessionError.coded("movement_nothing_left", field="movement")
    try:
        return Movement(m.kind, pairs, m.boards_per_round, ordered, shares, relays,
                        max([m.tables, *(p.table for p in ordered)]),
                        m.arrow_switched, m.meetings,
                        tuple(x for x in m.turned if x in kept), unplayed, idle)  # fmt: skip
    except MovementError as exc:
        raise SessionError.coded("movement_would_not_hold", field="movement", why=exc) from None


def _movement(section: Section) -> Movement:
    if section.movement is None:
        raise SessionError.coded("section_no_movement", field="movement", section=section.name)
    return section.movement


def _round(m: Movement, from_round: int) -> None:
    if isinstance(from_round, bool) or not isinstance(from_round, int) or not (
            1 <= from_round <= m.rounds):  # fmt: skip
        raise SessionError.coded("from_round", field="from_round", value=from_round,
                                 rounds=m.rounds, got=from_round)  # fmt: skip


def _played(section: Section, label: str, rounds: Iterable[int]) -> list[int]:
    """The rounds among ``rounds`` in which the pair of this label has a result."""
    m = _movement(section)
    wanted = set(rounds)
    seat = {(p.round, p.table): p for p in m.plays}
    found = set()
    for r in section.results:
        play = seat.get((r.round or 0, r.table or 0))
        if play is not None and label in (play.ns, play.ew) and play.round in wanted:
            found.add(play.round)
    return sorted(found)


def with_late_pair(section: Section, pair: Pair, from_round: int) -> Section:
    """The section with a late pair playing from ``from_round``: it takes a phantom's place
    (a pair of the movement that has played nothing: its opponents sat out the rounds
    before), or the sit-out's at a half table (a pair the movement lacks: it plays the boards
    waiting at the half table against the pair that sits out there, round by round).

    :raises SessionError: for a round the movement lacks, a pair of the movement that has
        played already, or a round with no sit-out to take the place of.
    """
    m = _movement(section)
    _round(m, from_round)
    side = pair.side if section.kind == "mitchell" else None
    if (side is None) == (section.kind == "mitchell"):
        code = "pair_label_mitchell" if section.kind == "mitchell" else "pair_label_number"
        raise SessionError.coded(code, field="pair", value=pair.label, pair=pair.label,
                                 kind=section.kind)  # fmt: skip
    label = pair.label
    named = replace(pair, side=side)
    pairs = tuple(sorted([*(p for p in section.pairs if p.key != named.key), named],
                         key=pair_order))  # fmt: skip
    if label in m.pairs:
        early = _played(section, label, range(1, m.rounds + 1))
        if early:
            raise SessionError.coded("late_pair_played", field="pair", value=label, pair=label,
                                     round=early[0])  # fmt: skip
        plays = [p for p in m.plays if not (p.round < from_round and label in (p.ns, p.ew))]
        return _section(section, pairs, _rebuilt(section, plays, m.pairs))
    plays = list(m.plays)
    for r in range(from_round, m.rounds + 1):
        plays.append(_seat_late(m, label, side, r))
    return _section(section, pairs, _rebuilt(section, plays, (*m.pairs, label)))


def _seat_late(m: Movement, label: str, side: Side | None, r: int) -> TableRound:
    """The late pair's play in round ``r``: at the half table, against the pair sitting out."""
    out = [s.pair for s in m.sit_outs if s.round == r]
    relay = [x for x in m.relays if x.round == r and x.place.startswith("half table")]
    if len(out) != 1 or len(relay) != 1:
        raise SessionError.coded("late_pair_no_half_table", field="from_round", value=r,
                                 round=r, pair=label)  # fmt: skip
    table = int(relay[0].place.rsplit(" ", 1)[1])
    ns, ew = (label, out[0]) if side is not Side.EW else (out[0], label)
    return TableRound(r, table, ns, ew, relay[0].boards)


def with_withdrawal(section: Section, label: str, from_round: int) -> Section:
    """The section with the pair of this label gone from ``from_round`` on: its later
    opponents sit out, and the boards they would have played are not played.

    :raises SessionError: for a pair or round the movement lacks, or a pair with results in
        those rounds already (delete them first).
    """
    m = _movement(section)
    _round(m, from_round)
    label = Pair.parse(label).label if section.kind == "mitchell" else label.strip()
    if label not in m.pairs:
        raise SessionError.coded("pair_not_in_movement", field="pair", value=label, pair=label,
                                 pairs=", ".join(m.pairs))  # fmt: skip
    later = _played(section, label, range(from_round, m.rounds + 1))
    if later:
        raise SessionError.coded("withdrawn_pair_played", field="from_round", value=from_round,
                                 pair=label, round=later[0], from_round=from_round)  # fmt: skip
    plays = [p for p in m.plays if not (p.round >= from_round and label in (p.ns, p.ew))]
    return _section(section, section.pairs, _rebuilt(section, plays, m.pairs))


def with_fouled_board(section: Section, board: int, versions: Iterable[Iterable[int]]) -> Section:
    """The section with board ``board`` fouled (Law 87): the tables of each version, which
    together are every table the movement has play the board (an empty list of versions:
    the board is not fouled after all).

    :raises SessionError: for versions that do not share out those tables.
    """
    m = _movement(section)
    groups = [sorted(set(g)) for g in versions]
    current = dict(section.versions)
    if not groups:
        current.pop(board, None)
        return _section(section, section.pairs, m, current)
    scheduled = sorted(p.table for p in m.plays if board in p.boards)
    flat = sorted(t for g in groups for t in g)
    if not scheduled:
        raise SessionError.coded("board_not_played", field="board", value=board, board=board)
    if flat != scheduled:
        raise SessionError.coded("fouled_versions", field="versions", value=groups, board=board,
                                 tables=", ".join(map(str, scheduled)), got=groups)  # fmt: skip
    current[board] = tuple(tuple(g) for g in groups)
    return _section(section, section.pairs, m, current)


def _section(
    section: Section,
    pairs: Iterable[Pair],
    movement: Movement,
    versions: dict[int, tuple[tuple[int, ...], ...]] | None = None,
) -> Section:
    return Section(section.name, section.kind, pairs, section.boards, section.results,
                   notes=section.notes, movement=movement,
                   versions=dict(section.versions) if versions is None else versions)  # fmt: skip


NOTES: Final = {"late": N_("joined late, from round {round}"),
                "withdrew": N_("withdrew after round {round}"),
                "missed": N_("did not play round {round}")}  # fmt: skip
"""A pair's notes, in English (``say`` gives them in the reader's language)."""


def _same(text: str) -> str:
    return text


def pair_notes(section: Section, say: Callable[[str], str] = _same) -> dict[str, str]:
    """Each pair's note for the results (by label): ``'withdrew after round 3'`` for a pair
    that plays no round after the third while the room does, ``'joined late, from round 2'``
    for one that plays none before the second. What the movement says (as
    :func:`with_withdrawal` and :func:`with_late_pair` leave it); a round a pair merely sits
    out is no note: a run of missing rounds inside a longer run of another pair (the opponents
    a withdrawn or late pair leaves without a table), or a single round that the movement
    has a pair sit out (at a Mitchell's half table, never an NS pair; in a Howell of an odd
    number of pairs). A pair withdrawn from the
    last round alone and its last opponent miss that round alike (the movement cannot tell
    which left): both are noted ``'did not play round 3'``; so are a pair late for the first
    round alone and its first opponent. ``say`` translates each of :data:`NOTES`.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> s = Section.from_movement(mitchell(3, 2))
    >>> pair_notes(with_withdrawal(s, "EW 1", 2))
    {'EW 1': 'withdrew after round 1'}
    >>> half = Section.from_movement(mitchell(3, 2, half_table=True))
    >>> pair_notes(half), pair_notes(with_late_pair(half, Pair(3, Side.NS), 3))
    ({}, {'NS 3': 'joined late, from round 3'})
    >>> pair_notes(with_withdrawal(s, "EW 1", 3))
    {'NS 3': 'did not play round 3', 'EW 1': 'did not play round 3'}
    """
    m = section.movement
    if m is None:
        return {}
    rounds = [r for r in range(1, m.rounds + 1) if r not in m.idle]
    plays: dict[str, set[int]] = {label: set() for label in m.pairs}
    for p in m.plays:
        plays.setdefault(p.ns, set()).add(p.round)
        plays.setdefault(p.ew, set()).add(p.round)
    half = {x.round for x in m.relays if x.place.startswith("half table")}
    runs: dict[str, tuple[list[int], list[int]]] = {}
    for label, played in plays.items():
        if played:
            runs[label] = ([r for r in rounds if r < min(played)],
                           [r for r in rounds if r > max(played)])  # fmt: skip

    def sits_out(label: str, run: list[int], end: int) -> bool:
        if len(run) != 1:
            return False
        longer = any(len(other[end]) > 1 and run[0] in other[end] for other in runs.values())
        if m.kind == "mitchell":
            own = run[0] in half and not label.startswith("NS")
        else:  # a Howell of an odd number of pairs: one sits out each round
            own = len(m.pairs) % 2 == 1
        return longer or own

    def shared(label: str, run: list[int], end: int) -> bool:
        """Whether another pair misses that one round too: which of them left is not known."""
        return len(run) == 1 and any(o[end] == run for x, o in runs.items() if x != label)

    notes: dict[str, str] = {}
    for label, (lead, trail) in runs.items():
        found = []
        for run, end, said in (
            (lead, 0, say(NOTES["late"]).format(round=lead[-1] + 1 if lead else 0)),
            (trail, 1, say(NOTES["withdrew"]).format(round=trail[0] - 1 if trail else 0)),
        ):
            if run and not sits_out(label, run, end):
                missed = say(NOTES["missed"]).format(round=run[0])
                found.append(missed if shared(label, run, end) else said)
        if found:
            notes[label] = "; ".join(found)
    return notes


def notes_of(session: Session, say: Callable[[str], str] = _same) -> dict[tuple[str, str], str]:
    """Every section's :func:`pair_notes`, by section name and pair label."""
    return {(s.name, label): note for s in session.sections
            for label, note in pair_notes(s, say).items()}  # fmt: skip

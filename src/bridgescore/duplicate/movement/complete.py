"""Whether a movement is complete (every pair meets every opponent it could), and the complete
movements a director could use instead.

A pair's opponents are the pairs of the other direction in a Mitchell (``NS 3`` meets the EW
pairs, never another NS pair, arrow switch or not) and every other pair in a Howell or a
movement typed in. A skip Mitchell (an even number of tables) stops one round short, so every
pair misses one opponent; a movement cut to fewer rounds misses more.

>>> from bridgescore.duplicate.movement import mitchell
>>> c = completeness(mitchell(4, 3))
>>> c.complete, c.missed
(False, (('NS 1', 'EW 3'), ('NS 2', 'EW 4'), ('NS 3', 'EW 1'), ('NS 4', 'EW 2')))
>>> [a.name for a in alternatives(mitchell(4, 3))]
['Share-and-relay Mitchell', 'Howell']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from bridgescore.duplicate.movement._sentences import Sentence, span
from bridgescore.duplicate.movement.build import Even, howell, mitchell
from bridgescore.duplicate.movement.model import Movement
from bridgescore.errors import MovementError

__all__ = ["Alternative", "Completeness", "alternatives", "completeness"]

_LISTED = 8
"""The most missed meetings a summary names (it counts the rest)."""


@dataclass(frozen=True, slots=True)
class Completeness:
    """Who could meet in a movement and does not (:func:`completeness`)."""

    opponents: Mapping[str, int]
    """Each pair's possible opponents: how many there are."""
    missed: tuple[tuple[str, str], ...]
    """Two pairs who could meet and never do, in the order of the movement's pairs."""

    @property
    def complete(self) -> bool:
        """Every pair meets every pair it could."""
        return not self.missed

    def misses(self, pair: str) -> int:
        """How many of its opponents a pair never meets."""
        return sum(pair in two for two in self.missed)

    def summary(self) -> str:
        """One sentence a director can read.

        >>> from bridgescore.duplicate.movement import howell, mitchell
        >>> completeness(howell(8, 3)).summary()
        'Complete: every pair meets every one of its opponents.'
        >>> completeness(mitchell(4, 3)).summary()[:48]
        'Incomplete: every pair misses 1 of its 4 opponen'
        >>> completeness(mitchell(7, 3, rounds=5)).summary()[-40:]
        '5, NS 4 v EW 5, NS 4 v EW 6 and 6 more).'
        >>> completeness(mitchell(4, 3, half_table=True)).summary()[:60]
        'Incomplete: pairs miss 0 to 1 of their 3 to 4 opponents (NS '
        """
        return str(self.sentence())

    def sentence(self) -> Sentence:
        """:meth:`summary` as a :class:`Sentence`: its code and values."""
        if self.complete:
            return Sentence("complete")
        missing = {pair: self.misses(pair) for pair in self.opponents}
        low, high = min(missing.values()), max(missing.values())
        fewest, most = min(self.opponents.values()), max(self.opponents.values())
        every = low == high and fewest == most
        named = tuple(
            Sentence("meeting", {"first": a, "second": b}) for a, b in self.missed[:_LISTED]
        )
        more = len(self.missed) - _LISTED
        code = ("incomplete_every" if every else "incomplete_pairs") + ("_more" if more > 0 else "")
        return Sentence(code, {"missed": span(low, high), "opponents": span(fewest, most),
                               "named": named, "more": more})  # fmt: skip


def _opponents(m: Movement, pair: str) -> list[str]:
    if m.kind == "mitchell":
        side = pair.split()[0]
        return [p for p in m.pairs if p.split()[0] != side]
    return [p for p in m.pairs if p != pair]


def completeness(m: Movement) -> Completeness:
    """Which pairs that could meet never do.

    >>> from bridgescore.duplicate.movement import mitchell
    >>> c = completeness(mitchell(4, 3, even="relay"))
    >>> c.complete, c.opponents["EW 1"]
    (True, 4)
    >>> completeness(mitchell(5, 2, half_table=True)).opponents["EW 1"]
    4
    """
    order = {pair: i for i, pair in enumerate(m.pairs)}
    met = {frozenset((p.ns, p.ew)) for p in m.plays}
    missed = {
        tuple(sorted((a, b), key=order.__getitem__))
        for a in m.pairs
        for b in _opponents(m, a)
        if frozenset((a, b)) not in met
    }
    ordered = sorted(missed, key=lambda two: (order[two[0]], order[two[1]]))
    counts = {pair: len(_opponents(m, pair)) for pair in m.pairs}
    return Completeness(counts, tuple((a, b) for a, b in ordered))


@dataclass(frozen=True, slots=True)
class Alternative:
    """A complete movement for the same pairs (:func:`alternatives`)."""

    name: str
    options: Mapping[str, object]
    """How to ask for it: ``movement`` (``mitchell`` or ``howell``), ``tables`` or ``pairs``,
    ``boards_per_round``, ``rounds`` (``None``: all), and a Mitchell's ``even``,
    ``arrow_switch`` and ``half_table``, the names of :func:`mitchell`'s and :func:`howell`'s
    arguments and of ``bridgescore movement``'s options."""
    movement: Movement

    def summary(self) -> str:
        """What it is, in a few words.

        >>> print(alternatives(mitchell(4, 3))[1].summary())
        Howell: 8 pairs, 7 rounds of 3 boards, 21 boards (4 tables)
        """
        return str(self.sentence())

    def sentence(self) -> Sentence:
        """:meth:`summary` as a :class:`Sentence` (its name one too)."""
        m = self.movement
        return Sentence("alternative", {"name": Sentence(_NAMES[self.name]),
            "pairs": len(m.pairs), "rounds": m.rounds, "per_round": m.boards_per_round,
            "boards": m.boards, "tables": m.tables})  # fmt: skip


_NAMES = {
    "Mitchell, all rounds": "alt_mitchell_all",
    "Share-and-relay Mitchell": "alt_share_relay",
    "Howell": "alt_howell",
    "Howell, all rounds": "alt_howell_all",
}
"""The code of each alternative's name in :data:`~._sentences.REPORTS`."""


def alternatives(m: Movement) -> tuple[Alternative, ...]:
    """Complete movements for the pairs of an incomplete Mitchell or Howell (none for one that
    is complete, or typed in): all its rounds; for an even number of tables the share-and-relay
    Mitchell, which plays them all; and a Howell of the same pairs (4 to 20).

    >>> for a in alternatives(mitchell(7, 3, rounds=5)):
    ...     print(a.summary())
    Mitchell, all rounds: 14 pairs, 7 rounds of 3 boards, 21 boards (7 tables)
    Howell: 14 pairs, 13 rounds of 3 boards, 39 boards (7 tables)
    >>> alternatives(mitchell(7, 3))
    ()
    """
    if m.kind not in ("mitchell", "howell") or completeness(m).complete:
        return ()
    per_round, pairs = m.boards_per_round, len(m.pairs)
    found: list[tuple[str, dict[str, object], Callable[[], Movement]]] = []
    if m.kind == "mitchell":
        # The options that built it, read back from the movement itself.
        relay = bool(m.shares) or any(r.place.startswith("relay stand") for r in m.relays)
        switch, half = bool(m.arrow_switched), f"NS {m.tables}" not in m.pairs
        own: dict[str, object] = {"movement": "mitchell", "tables": m.tables,
            "boards_per_round": per_round, "rounds": None, "even": "relay" if relay else "skip",
            "arrow_switch": switch, "half_table": half}  # fmt: skip

        def whole(even: Even) -> Callable[[], Movement]:
            return lambda: mitchell(m.tables, per_round, even=even, arrow_switch=switch,
                                    half_table=half)  # fmt: skip

        found.append(("Mitchell, all rounds", own, whole("relay" if relay else "skip")))
        if m.tables % 2 == 0 and not relay:
            found.append(("Share-and-relay Mitchell", own | {"even": "relay"}, whole("relay")))
    howell_options: dict[str, object] = {"movement": "howell", "pairs": pairs,
                                         "boards_per_round": per_round, "rounds": None}  # fmt: skip
    name = "Howell" if m.kind == "mitchell" else "Howell, all rounds"
    found.append((name, howell_options, lambda: howell(pairs, per_round)))
    chosen = []
    for title, options, build in found:
        try:
            built = build()
        except MovementError:  # no such movement (a Howell of more than 20 pairs)
            continue
        if completeness(built).complete:
            chosen.append(Alternative(title, options, built))
    return tuple(chosen)

"""The sentences of the movement reports (fairness, completeness, moves, alternatives): each a
:class:`Sentence`, a code naming an English template in :data:`REPORTS` and its values, as the
core's errors carry theirs (:data:`bridgescore.errors.MESSAGES`). The core says them in
English; the web pages and the CLI say them in the reader's language
(:func:`bridgescore.locale.sentence_text`).

>>> str(Sentence("fair_compared", {"boards": span(4, 6)}))
'Every pair is compared with every other on 4 to 6 boards.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from bridgescore.errors import N_

__all__ = ["REPORTS", "Sentence", "span"]

REPORTS: Final[Mapping[str, str]] = {
    "range": N_("{low} to {high}"),
    "meeting": N_("{first} v {second}"),
    # who meets whom (Fairness)
    "fair_meet_all_once": N_("Every pair meets every other pair once."),
    "fair_meet_all_twice": N_("Every pair meets every other pair twice."),
    "fair_meet_all_times": N_("Every pair meets every other pair {count} times."),
    "fair_meet_field_once": N_("Every pair meets every pair of the other field once."),
    "fair_meet_field_twice": N_("Every pair meets every pair of the other field twice."),
    "fair_meet_field_times": N_("Every pair meets every pair of the other field {count} times."),
    "fair_meet_some_once": N_("Each pair meets {number} other pairs, once each."),
    "fair_meet_some_more": N_("Each pair meets {number} other pairs, some more than once."),
    "fair_meet_field_some_once": N_(
        "Each pair meets {number} pairs of the other field, once each."
    ),
    "fair_meet_field_some_more": N_(
        "Each pair meets {number} pairs of the other field, some more than once."
    ),
    # on how many boards they are compared, and Manning's balance
    "fair_fields": N_("{count} fields, each ranked on its own: {groups}."),
    "fair_compared_field": N_(
        "Within a field every pair is compared with every other on {boards} boards."
    ),
    "fair_compared_some": N_(
        "Pairs are compared on {boards} boards; {never} pairs of pairs never are."
    ),
    "fair_compared": N_("Every pair is compared with every other on {boards} boards."),
    "fair_balanced": N_(
        "Balance (Manning's competition score): {score} for every two pairs, the ideal: "
        "perfectly balanced."
    ),
    "fair_balance": N_(
        "Balance (Manning's competition score): {least} to {most}, mean {mean}, standard "
        "deviation {deviation}; the ideal is every two pairs at the mean (deviation 0)."
    ),
    "fair_balance_unreached": N_(
        "Balance (Manning's competition score): {least} to {most}, mean {mean}, standard "
        "deviation {deviation}; the ideal is every two pairs at the mean (deviation 0), a mean "
        "no whole score reaches."
    ),
    # whether every pair meets every opponent it could (Completeness)
    "complete": N_("Complete: every pair meets every one of its opponents."),
    "incomplete_every": N_(
        "Incomplete: every pair misses {missed} of its {opponents} opponents ({named})."
    ),
    "incomplete_every_more": N_(
        "Incomplete: every pair misses {missed} of its {opponents} opponents ({named} and "
        "{more} more)."
    ),
    "incomplete_pairs": N_(
        "Incomplete: pairs miss {missed} of their {opponents} opponents ({named})."
    ),
    "incomplete_pairs_more": N_(
        "Incomplete: pairs miss {missed} of their {opponents} opponents ({named} and {more} more)."
    ),
    # the complete movements instead (Alternative)
    "alternative": N_(
        "{name}: {pairs} pairs, {rounds} rounds of {per_round} boards, {boards} boards "
        "({tables} tables)"
    ),
    "alt_mitchell_all": N_("Mitchell, all rounds"),
    "alt_share_relay": N_("Share-and-relay Mitchell"),
    "alt_howell": N_("Howell"),
    "alt_howell_all": N_("Howell, all rounds"),
    # the movement at a glance (report.describe)
    "movement_title": N_(
        "{kind}: {tables} tables, {pairs} pairs, {rounds} rounds of {per_round} boards, "
        "{boards} boards"
    ),
    "kind_mitchell": N_("Mitchell"),
    "kind_howell": N_("Howell"),
    "kind_movement": N_("Movement"),
    "legend": N_("Each cell: NS pair-EW pair, boards."),
    "legend_mitchell": N_("Each cell: NS pair-EW pair, boards (N3 = NS 3, E3 = EW 3)."),
    "grid_round": N_("Round"),
    "grid_table": N_("Table {table}"),
    "one_round": N_("round {rounds}"),
    "some_rounds": N_("rounds {rounds}"),
    "pair_number": N_("pair {pair}"),
    "arrow_switched": N_("Arrow switch (EW pairs play the NS cards) in {rounds}."),
    "sits_out": N_("{pair} in round {round}"),
    "sitting_out": N_("Sitting out: {who}."),
    "tables_share": N_("Tables {tables} and {last} share their boards in {rounds}."),
    "fairness_heading": N_("Fairness:"),
    # boards waiting at a relay (report.describe)
    "relay_set": N_("{boards} (round {round})"),
    "relays_waiting": N_("Boards waiting at the {place}: {sets}."),
    "relays_counted": N_(
        "Boards waiting at the {place}: {count} in {rounds} (the table cards say which)."
    ),
    "one_set": N_("a set"),
    "sets": N_("{count} sets"),
    "up_to_sets": N_("up to {count} sets"),
    # the table and guide cards (report.cards): headings, columns and cells
    "card_table": N_("Table {number}"),
    "card_pair": N_("Pair {number}"),
    "col_round": N_("Round"),
    "col_table": N_("Table"),
    "col_seat": N_("Seat"),
    "col_against": N_("Against"),
    "col_boards": N_("Boards"),
    "col_ns_next": N_("NS next"),
    "col_ew_next": N_("EW next"),
    "col_boards_next": N_("Boards next"),
    "col_arrow": N_("Arrow"),
    "ns": N_("NS"),
    "ew": N_("EW"),
    "at_seat": N_("table {table} {seat}"),
    "at_table": N_("table {table}"),
    "at_tables": N_("tables {tables}"),
    "both": N_("{first} and {second}"),
    "half_table": N_("half table {table}"),
    "relay_between": N_("relay stand between tables {first} and {second}"),
    "relay_before": N_("relay stand before table {table}"),
    "wait_then": N_("wait, then table {table} (round {round})"),
    "not_in_play": N_("not in play"),
    "card_sits_out": N_("sits out"),
    "card_switch": N_("switch"),
    "seat_switched": N_("{seat} (arrow switch)"),
    # how the room follows it (Moves)
    "moves_fixed": N_(
        "Moves: every table sends its NS pair, its EW pair and its boards to the same place "
        "each round."
    ),
    "moves_changing": N_(
        "Moves: {seats} seats and {tables} tables' boards go somewhere else from round to "
        "round; give every pair a guide card."
    ),
    "moves_stays": N_("Pair {pair} stays {seat} at table {table}"),
    "moves_stay": N_("Pairs {pairs} stay {seat} at tables {tables}"),
    "moves_others": N_("{stationary}; the others sit NS in {ns} of their {rounds} rounds."),
    "moves_every": N_("Every pair moves; they sit NS in {ns} of their {rounds} rounds."),
    "moves_switches": N_(
        "Arrow switches at single tables: {count}, on the table cards (they make it more "
        "balanced; a version without them is simpler)."
    ),
    # an individual at a glance (individual.describe_individual)
    "ind_title": N_(
        "Individual: {players} players, {tables} tables, {rounds} rounds of {per_round} boards, "
        "{boards} boards"
    ),
    "ind_title_board": N_(
        "Individual: {players} players, {tables} tables, {rounds} rounds of {per_round} board, "
        "{boards} boards"
    ),
    "ind_legend": N_(
        "Each cell: North-South v East-West, boards; every table plays the round's boards."
    ),
    "ind_cell": N_("{north}-{south} v {east}-{west} {boards}"),
    "ind_sits_out": N_("round {round}: {players}"),
    "ind_sitting_out": N_("Sitting out: {rounds}."),
    # an individual's fairness (IndividualFairness)
    "ind_partners": N_(
        "Nobody partners anyone twice: each player partners {number} others, once each."
    ),
    "ind_partners_twice": N_(
        "Some players partner twice: each player partners {number} others, once each."
    ),
    "ind_meets_once": N_("Each player meets {number} others as opponents, once each."),
    "ind_meets_twice": N_("Each player meets {number} others as opponents, twice each."),
    "ind_meets_times": N_("Each player meets {number} others as opponents, {times} times each."),
    "ind_plays": N_("Each player plays {rounds} rounds ({boards} boards)."),
}
"""The English template of each report sentence, by its code; its ``{names}`` are the
sentence's :attr:`~Sentence.params`. The outer layers translate the template, then fill it."""


def _same(text: str) -> str:
    return text


def _two(number: float) -> str:
    return f"{number:.2f}"


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence of a report: its code in :data:`REPORTS` and its values (a value may be a
    number, a text such as a pair's label, another :class:`Sentence`, or a tuple of them, said
    joined by ``', '``). A float is said with two decimals.

    >>> s = Sentence("incomplete_every", {"missed": 1, "opponents": 4,
    ...     "named": (Sentence("meeting", {"first": "NS 1", "second": "EW 3"}),)})
    >>> str(s)
    'Incomplete: every pair misses 1 of its 4 opponents (NS 1 v EW 3).'
    >>> s.say(lambda t: t.replace("Incomplete", "Unvollständig"))[:15]
    'Unvollständig: '
    """

    code: str
    params: Mapping[str, object] = field(default_factory=dict)

    def say(
        self, translate: Callable[[str], str] = _same, number: Callable[[float], str] = _two
    ) -> str:
        """The sentence with its template passed through ``translate`` (a page's gettext; by
        default English) and its values filled, each said the same way (floats by
        ``number``). A translation naming a value it is not given falls back to English."""

        def value(v: object) -> object:
            if isinstance(v, Sentence):
                return v.say(translate, number)
            if isinstance(v, tuple):
                return ", ".join(str(value(item)) for item in v)
            if isinstance(v, float):
                return number(v)
            return v

        english = REPORTS[self.code]
        values = {k: value(v) for k, v in self.params.items()}
        try:
            return translate(english).format(**values)
        except (KeyError, IndexError, ValueError):
            return english.format(**values)

    def __str__(self) -> str:
        return self.say()


def span(low: int, high: int) -> int | Sentence:
    """A number, or a range ``'4 to 6'`` when ``low`` and ``high`` differ.

    >>> span(3, 3), str(span(3, 5))
    (3, '3 to 5')
    """
    return low if low == high else Sentence("range", {"low": low, "high": high})


def span_of(values: Iterable[int]) -> int | Sentence:
    """The range of some numbers (0 for none).

    >>> str(span_of([4, 2, 3])), span_of([])
    ('2 to 4', 0)
    """
    numbers = sorted(set(values))
    return span(numbers[0], numbers[-1]) if numbers else 0

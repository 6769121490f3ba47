"""The English templates (:data:`CLUB`) of the errors a director or a player meets through the
web and the CLI outside the file readers: an evening's and a movement's own checks, the club's
stores and mail, the web's forms, the home game pads, events, grades and masterpoints.
:mod:`bridgescore._messages` merges them into :data:`bridgescore.errors.MESSAGES`.

>>> CLUB["result_twice"].split(":")[0]
'board {board}, NS {ns} v EW {ew} was entered twice with different results'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from bridgescore._n import N_

__all__ = ["CLUB"]

CLUB: Final[Mapping[str, str]] = {
    # a board's scores, datums, cross-IMPs and VPs (bridgescore.duplicate.field)
    "board_score_type": N_(
        "a board score must be an integer, an Adjusted or a WeightedScore, got {got}"
    ),
    "board_results_over": N_("{count} results on a board that expects only {expected}"),
    "weighted_combinations": N_(
        "the weighted scores of a board make {count} combinations of results; at most {most} are "
        "scored"
    ),
    "rounding_unknown": N_("unknown rounding {got}; expected 'half-even' or 'half-up'"),
    "datum_no_score": N_("a datum needs at least one score"),
    "cross_imp_divisor": N_("unknown cross-IMP divisor {got}; expected 'n-1', 'n' or 'raw'"),
    "vp_boards": N_("boards must be a positive whole number, got {got}"),
    # a movement built, stored or typed as a table (bridgescore.duplicate.movement)
    "mitchell_even": N_("even must be 'skip' or 'relay', got {got}"),
    "arrow_switch_round": N_("arrow_switch names rounds 1 to {rounds}, got {got}"),
    "arrow_switches_flag": N_("arrow_switches must be True or False, got {got}"),
    "movement_data": N_("not a movement: {why}"),
    "individual_data": N_("not an individual movement: {why}"),
    "csv_row_boards_one": N_(
        "row {row}, column 'boards': every table plays 1 board a round (as in row 2), got {got}: "
        "{boards!r}"
    ),
    "csv_row_boards": N_(
        "row {row}, column 'boards': every table plays {count} boards a round (as in row 2), got "
        "{got}: {boards!r}"
    ),
    "movement_table_boards_one": N_(
        "table {table} in round {round} plays boards {boards!r}; every table plays 1 different "
        "board a round"
    ),
    "movement_table_boards": N_(
        "table {table} in round {round} plays boards {boards!r}; every table plays {count} "
        "different boards a round"
    ),
    "movement_meet_twice": N_("pairs {ns!r} and {ew!r} meet twice (rounds {rounds})"),
    "movement_meet_more": N_(
        "pairs {ns!r} and {ew!r} meet {times} times (rounds {rounds}), more than the movement's "
        "{most}"
    ),
    # a session's data, sections and results (bridgescore.duplicate.session)
    "artificial_rules": N_("unknown artificial-score rules in {got}"),
    "session_data": N_("not a session: {why}"),
    "individual_names": N_("an individual's names map players to names"),
    "individual_names_number": N_("players are named by number, not {why}"),
    "individual_partnerships": N_(
        "the section has {pairs} pairs, the movement {partnerships} partnerships"
    ),
    "pair_no_side": N_(
        "pair {pair} in section {section} has no side: in a Mitchell each pair sits NS or EW"
    ),
    "pair_side_howell": N_("pair {pair} in section {section} has a side: a Howell pair has none"),
    "result_twice": N_(
        "board {board}, NS {ns} v EW {ew} was entered twice with different results: {first} and "
        "{second}"
    ),
    # a live evening's results and an event's swaps (bridgescore.live, bridgescore.events)
    "outdated_no_version": N_(
        "board {board} is {now} now and this change names no version of the result it "
        "replaces: the change is kept for the director"
    ),
    "outdated_changed": N_(
        "board {board} is {now} now and it was changed since this phone read it: the change is "
        "kept for the director"
    ),
    "entered_already": N_(
        "table {table} has already entered board {board} in round {round}: {now}"
    ),
    "entered_already_change": N_(
        "table {table} has already entered board {board} in round {round}: {now}; change that "
        "result instead"
    ),
    "repeat_meeting": N_(
        "the swap makes a repeat meeting in round {round}: {met}; send it again with confirm to "
        "swap"
    ),
    "repeat_met": N_("{first} and {second} met in round {round}"),
    "repeat_met_more": N_("{first} and {second} met in round {round}; {more}"),
}
"""The English template of each code (its ``{names}`` the error's params)."""

"""Where a table's boards go after a round: one function (``boards_next``) for the table cards
and the phones (issue 31: move instructions name boards and tables)."""

from __future__ import annotations

from bridgescore.duplicate.movement import howell, mitchell, table_cards
from bridgescore.duplicate.movement.report import boards_next


def test_a_mitchells_boards_go_down_a_table() -> None:
    going = boards_next(mitchell(3, 2))
    assert going == {(1, 1): "table 3", (1, 2): "table 1", (1, 3): "table 2",
                     (2, 1): "table 3", (2, 2): "table 1", (2, 3): "table 2"}  # fmt: skip


def test_the_table_cards_say_what_the_phones_say() -> None:
    m = howell(8, 2)
    going = boards_next(m)
    for card in (c for c in table_cards(m).split("\n\n")):
        table = int(card.split()[1])
        for row in card.splitlines()[2:]:
            r = int(row.split()[0])
            if r < m.rounds:
                assert row.rstrip().endswith(going[r, table]), (row, going[r, table])

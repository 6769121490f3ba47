"""The double-dummy tags: what the library writes it reads back, in the layout others write."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridgescore import par
from bridgescore.pbn import (
    ANALYSIS_TAGS,
    DDTable,
    Game,
    analysis_tags,
    dd_tricks_from_tag,
    read_games,
    write_games,
)

tables = st.tuples(*[st.tuples(*[st.integers(0, 13)] * 5)] * 4)


@given(tables)
def test_the_tricks_tag_reads_back(table: DDTable) -> None:
    tags = analysis_tags(table, par(table, "None", "N"))
    assert tuple(t.name for t in tags) == ANALYSIS_TAGS
    assert dd_tricks_from_tag(tags[0].value) == table


def test_the_layout_other_programs_write() -> None:
    # Declarers N S E W, each NT S H D C: North makes 10 in notrump, South 9 in spades.
    table = dd_tricks_from_tag("A7777899993333344444")
    assert table is not None
    north, east, south, west = table
    assert north == (7, 7, 7, 7, 10)  # C D H S NT
    assert south == (9, 9, 9, 9, 8)
    assert east == (3, 3, 3, 3, 3)
    assert west == (4, 4, 4, 4, 4)


def test_the_tags_survive_a_file() -> None:
    table = ((7, 7, 7, 9, 9), (6, 6, 6, 4, 4), (7, 7, 7, 8, 8), (6, 5, 6, 4, 4))
    [game] = read_games('[Board "1"]\n')
    written = Game(game.tags + analysis_tags(table, par(table, "None", "N")))
    [back] = read_games(write_games([written]))
    assert back.get("OptimumScore") == "NS 400"
    assert back.get("ParContract") == "3NTN"
    assert dd_tricks_from_tag(back.get("DoubleDummyTricks") or "") == table


def test_what_is_not_a_tricks_tag() -> None:
    for text in ("", "?", "99777887774466644", "9977788777446664465e", "g" * 20, "9" * 21):
        assert dd_tricks_from_tag(text) is None

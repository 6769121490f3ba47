"""The opening lead's cost against double dummy (bridgescore.boards.leads, ``bridgescore analyse``
with a LIN or PBN file and a Parquet output), on BBO's real LIN file of a robots' board."""

from __future__ import annotations

import random
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import Seat, Strain
from bridgescore.batch import BOARD_COLUMNS, DD_COLUMNS, LEAD_COLUMNS
from bridgescore.boards.dd import dd_table, lead_tricks
from bridgescore.boards.deal import Deal
from bridgescore.boards.leads import LeadCost, opening_lead
from bridgescore.lin import read_lin, to_games
from bridgescore.pbn import dd_tricks_from_tag, read_games
from tests.conftest import DATA, run

ROBOTS = DATA / "real" / "bbo_aba_robots.lin"
"""Board 9 of a BBO tournament: West declares 5H, North leads a club (the C3)."""


def _rows(path: Path) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = pq.read_table(path).to_pylist()
    return rows


def _check_lead_columns(row: dict[str, object]) -> None:
    """A row's lead columns agree with its double-dummy table (solved by another DDS call,
    CalcAllTables): declarer's fewest tricks after any lead are the table's, and the cost is
    the lead made's tricks less those."""
    after = {name[5:].upper(): row[name] for name in LEAD_COLUMNS if row[name] is not None}
    deal = Deal.parse(str(row["deal"]))
    declarer = Seat.parse(str(row["declarer"]))
    leader = tuple(Seat)[(tuple(Seat).index(declarer) + 1) % 4]
    hand = deal[leader]
    assert hand is not None
    assert set(after) == set(hand.cards())
    strain = Strain.parse(str(row["contract"])[1:].rstrip("X") or "NT")
    column = f"dd_{declarer.value.lower()}_{strain.value.lower()}"
    assert min(after.values()) == row[column]  # type: ignore[type-var]
    assert row["lead_tricks"] == after[str(row["lead"])]
    assert row["lead_cost"] == after[str(row["lead"])] - row[column]  # type: ignore[operator]


def test_a_real_lin_file_to_parquet(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "leads.parquet"
    code, text = run(runner, "analyse", str(ROBOTS), "-o", str(out), "--no-progress")
    assert code == 0, text
    assert pq.read_schema(out).names == list(BOARD_COLUMNS)
    (row,) = _rows(out)
    assert (row["board"], row["contract"], row["declarer"], row["tricks"], row["lead"]) == (
        9, "5H", "W", 12, "C3")  # fmt: skip
    _check_lead_columns(row)
    # A LIN file into PBN: the analysis tags, the play kept.
    tagged = tmp_path / "robots-analysed.pbn"
    code, text = run(runner, "analyse", str(ROBOTS), "-o", str(tagged), "--no-progress")
    assert code == 0, text
    (game,) = read_games(tagged.read_text())
    assert game.get("DoubleDummyTricks")
    assert game.get("Play") == "N"
    table = dd_tricks_from_tag(game.get("DoubleDummyTricks") or "")
    assert table is not None
    assert [t for r in table for t in r] == [row[c] for c in DD_COLUMNS]


def test_a_board_without_play_has_no_lead(tmp_path: Path, runner: CliRunner) -> None:
    lin = tmp_path / "deal.lin"
    lin.write_text("md|1SAKQJHAKQDAKQCAKQ,S2345H2345D234C23,S6789H6789D5678C4,|sv|o|ah|Board 1|")
    out = tmp_path / "deal.parquet"
    code, text = run(runner, "analyse", str(lin), "-o", str(out), "--no-progress")
    assert code == 0, text
    (row,) = _rows(out)
    assert row["contract"] is None
    assert row["lead"] is None
    assert row["lead_cost"] is None
    assert all(row[name] is None for name in LEAD_COLUMNS)
    assert row["dd_s_nt"] == 13  # South holds every ace, king, queen and jack


@pytest.mark.parametrize(
    ("lin", "expected"),
    [
        # North leads against West's 5H: the lead.
        ("md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|mb|p|mb|1S|mb|p|mb|5H|"
         "mb|p|mb|p|mb|p|pc|C3|", (Seat.NORTH, "C3", Strain.HEARTS)),
        # No play: no lead.
        ("md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|mb|p|mb|1S|mb|p|mb|5H|"
         "mb|p|mb|p|mb|p|", None),
        # A pass-out has no lead.
        ("md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|mb|p|mb|p|mb|p|mb|p|",
         None),
    ],
)  # fmt: skip
def test_opening_lead(lin: str, expected: tuple[Seat, str, Strain] | None) -> None:
    (game,) = to_games(read_lin(lin))
    lead = opening_lead(game)
    assert (None if lead is None else (lead.leader, lead.card, lead.strain)) == expected


@given(st.lists(st.tuples(st.sampled_from(["SA", "SK", "H2", "D7", "CT"]), st.integers(0, 13)),
                min_size=1, max_size=5, unique_by=lambda x: x[0]), st.data())  # fmt: skip
def test_a_lead_costs_what_it_gives_away(
    tricks: list[tuple[str, int]], data: st.DataObject
) -> None:
    lead = data.draw(st.sampled_from([c for c, _ in tricks]))
    cost = LeadCost(Seat.EAST, lead, tuple(sorted(tricks)))
    assert cost.cost >= 0
    assert cost.lead_tricks == cost.best + cost.cost
    assert (cost.cost == 0) == (lead in cost.best_leads)
    assert all(dict(tricks)[c] == cost.best for c in cost.best_leads)


def test_lead_tricks_agree_with_the_table() -> None:
    """Two random deals, spades and notrump, East leading against North: the best lead's tricks are
    the double-dummy table's (DDS's SolveBoard against its CalcDDtable)."""
    rng = random.Random(22)
    for deal in (Deal.random(rng), Deal.random(rng)):
        table = dd_table(deal)
        wanted = [(deal, strain, Seat.EAST) for strain in (Strain.SPADES, Strain.NOTRUMP)]
        for (_, strain, _), after in zip(wanted, lead_tricks(wanted), strict=True):
            assert min(after.values()) == table[0][tuple(Strain).index(strain)]
            hand = deal[Seat.EAST]
            assert hand is not None
            assert set(after) == set(hand.cards())

"""A section's checks made at once (duplicate/session/_bulk.py) say what the plain loops say."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore.duplicate.session._bulk import declared_alone, pairs_clean, unique
from bridgescore.model import Contract, Result, Seat

RESULTS = [Result.parse(t) for t in ("4SN=", "4SS-1", "4SE=", "4SW+1", "3NTN=", "4SXE-2")]
RESULTS.append(Result.parse("Pass"))
ROWS = st.lists(
    st.builds(
        SimpleNamespace,
        board=st.integers(-1, 3),  # a board below 0: the checks by tuples, not ints
        ns=st.integers(1, 3),
        ew=st.integers(1, 4),
        round=st.none() | st.integers(1, 2),
        result=st.sampled_from([*RESULTS, None]),
    ),
    max_size=12,
)


def _pairs_clean(rows: list[Any], mitchell: bool) -> bool:
    """The plain loop: each pair once a board, at one table a round."""
    on_board: set[tuple[int, str, int]] = set()
    in_round: dict[tuple[int, str, int], set[tuple[int, int]]] = {}
    for r in rows:
        if not mitchell and r.ns == r.ew:
            return False
        for number, side in ((r.ns, "NS" if mitchell else ""), (r.ew, "EW" if mitchell else "")):
            if (r.board, side, number) in on_board:
                return False
            on_board.add((r.board, side, number))
            if r.round is not None:
                in_round.setdefault((r.round, side, number), set()).add((r.ns, r.ew))
    return all(len(tables) == 1 for tables in in_round.values())


def _declared_alone(rows: list[Any]) -> list[tuple[int, int, int]]:
    """The plain loop: per board, each contract's count by NS and by EW."""
    played: dict[int, tuple[dict[Any, list[int]], list[tuple[int, list[int], int]]]] = {}
    for i, r in enumerate(rows):
        result = r.result
        if result is None or not isinstance(result.contract, Contract) or not result.declarer:
            continue
        counts, lines = played.setdefault(r.board, ({}, []))
        side = 0 if result.declarer in (Seat.NORTH, Seat.SOUTH) else 1
        count = counts.setdefault(result.contract, [0, 0])
        count[side] += 1
        lines.append((i, count, side))
    return [(i, side, count[1 - side]) for _, (_, lines) in played.items()
            for i, count, side in lines if count[side] == 1 and count[1 - side] >= 2]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(ROWS, st.booleans())
def test_the_checks_at_once_say_what_the_loops_say(rows: list[Any], mitchell: bool) -> None:
    keys = [(r.board, r.ns, r.ew) for r in rows]
    assert unique(rows) == (len(set(keys)) == len(keys))
    if unique(rows):
        assert pairs_clean(rows, mitchell) == _pairs_clean(rows, mitchell)
    assert declared_alone(rows) == _declared_alone(rows)


def test_a_contract_declared_alone_is_found_board_by_board_in_first_seen_order() -> None:
    played = ((2, "4SE="), (1, "4SN="), (2, "4SN="), (1, "4SE="), (2, "4SS+1"), (1, "4SW-1"))
    rows = [SimpleNamespace(board=b, result=Result.parse(t)) for b, t in played]
    assert declared_alone(rows) == [(0, 1, 2), (1, 0, 2)]


def test_a_pair_at_two_tables_in_a_round_is_found_on_either_side() -> None:
    def row(board: int, ns: int, ew: int, round_: int | None) -> SimpleNamespace:
        return SimpleNamespace(board=board, ns=ns, ew=ew, round=round_)

    ns_twice = [row(1, 1, 5, 1), row(2, 1, 6, 1), row(3, 2, 7, None)]
    ew_twice = [row(1, 1, 5, 1), row(2, 2, 5, 1), row(3, 3, 5, 2)]
    apart = [row(1, 1, 5, 1), row(2, 2, 5, 2), row(2, 1, 6, None)]
    for rows, clean in ((ns_twice, False), (ew_twice, False), (apart, True)):
        assert pairs_clean(rows, True) is clean is _pairs_clean(rows, True)

"""Par from a double-dummy table, against DDS's par (through endplay)."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from bridgescore import InvalidResultError, NotationError, Seat, Vulnerability
from bridgescore.boards.dd import dd_tables, dds_par, from_dds_par, session_tables
from bridgescore.boards.deal import Deal, Hand
from bridgescore.boards.par import Par, par
from tests.data.make_par_cases import permuted
from tests.helpers import random_deal

CASES = Path(__file__).parents[1] / "data" / "par_cases.json.gz"
DDS_VULS = ("None", "All", "NS", "EW")  # DDS's numbering


def table_of(hexes: str) -> list[list[int]]:
    return [[int(hexes[5 * r + c], 16) for c in range(5)] for r in range(4)]


def read_cases() -> list[str]:
    with gzip.open(CASES, "rt") as f:
        return f.read().splitlines()


def key(p: Par) -> tuple[int, frozenset[str]]:
    return p.score, frozenset(str(c) for c in p.contracts)


@pytest.mark.slow  # 120,000 pars compared: about 6 s
def test_ten_thousand_deals_against_dds() -> None:
    """tests/data/make_par_cases.py stored DDS's answers for 10,000 random deals, each solved by
    DDS (a fixed seed), for every vulnerability: both sides' par (SidesParBin) and the par for a
    dealer drawn at random (DealerParBin)."""
    lines = read_cases()
    assert len(lines) >= 10_000
    compared = differ = 0
    several = sacrifices = 0
    for line in lines:
        row = json.loads(line)
        table = table_of(row[0])
        for vul, (ns, ew, dealer, dealer_par) in zip(DDS_VULS, row[1:], strict=True):
            seat = tuple(Seat)[dealer]
            ours = par(table, vul, seat)
            theirs = from_dds_par(dealer_par[0], dealer_par[1], seat)
            both = par(table, vul)
            assert both.ew_first is not None
            ns_dds = from_dds_par(ns[0], ns[1])
            ew_dds = from_dds_par(-ew[0], ew[1])
            compared += 3
            differ += key(ours) != key(theirs)
            differ += key(both) != key(ns_dds)
            differ += key(both.ew_first) != key(ew_dds)
            several += len(ours.contracts) > 1
            sacrifices += any(c.offset < 0 for c in ours.contracts)
    assert (compared, differ) == (3 * 4 * len(lines), 0)
    # The file has the hard cases: sacrifices, and several par contracts at once.
    assert sacrifices > 1000
    assert several > 1000


def renamed(deal: str, turn: int, suits: tuple[int, ...]) -> str:
    """The deal turned ``turn`` seats clockwise, clubs renamed ``suits[0]`` ... spades too."""
    hands: list[Hand | None] = [None] * 4
    for p, hand in enumerate(Deal.parse(deal).hands):
        assert hand is not None
        old = (hand.clubs, hand.diamonds, hand.hearts, hand.spades)
        new = [""] * 4
        for s in range(4):
            new[suits[s]] = old[s]
        hands[(p + turn) % 4] = Hand(new[3], new[2], new[1], new[0])
    return str(Deal((hands[0], hands[1], hands[2], hands[3])))


@pytest.mark.slow
def test_fresh_deals_live_through_endplay() -> None:
    # Solving is the slow part (0.1 s a deal a core, more on a busy machine): one chunk of 24,
    # 12 fresh deals (new ones each run) and each turned with its suits renamed, which must give
    # the table that make_par_cases.py derives (it can make up a count that way when solving
    # takes too long).
    rng = random.Random()
    deals = [random_deal(rng) for _ in range(12)]
    changes = [(rng.randrange(4), tuple(rng.sample(range(4), 4))) for _ in deals]
    others = [renamed(d, t, s) for d, (t, s) in zip(deals, changes, strict=True)]
    tables = list(dd_tables(deals + others))
    for table, other, (turn, suits) in zip(tables, tables[12:], changes, strict=False):
        assert permuted([list(r) for r in table], turn, suits) == [list(r) for r in other]
    for table in tables:
        for vul in Vulnerability:
            dealer = rng.choice(list(Seat))
            assert par(table, vul, dealer) == dds_par(table, vul, dealer)
            assert par(table, vul) == dds_par(table, vul)


def test_a_sessions_deals_are_solved_once() -> None:
    deals = tuple(random_deal(random.Random(seed)) for seed in range(3))
    first = session_tables(deals)
    assert first == tuple(dd_tables(deals))
    assert session_tables(tuple(deals)) is first  # each pair's analysis asks again: remembered


def test_stored_tables_live_through_dds_par() -> None:
    # DDS's par itself is quick: ask it again, now, for every dealer on 1,000 stored tables.
    lines = read_cases()
    for line in random.Random().sample(lines, 1000):
        table = table_of(json.loads(line)[0])
        vul = random.choice(list(Vulnerability))
        for dealer in Seat:
            assert par(table, vul, dealer) == dds_par(table, vul, dealer)
        assert par(table, vul) == dds_par(table, vul)


TABLE = [(4, 6, 10, 9, 8), (9, 7, 2, 4, 3), (4, 6, 10, 9, 8), (9, 7, 2, 2, 3)]


@pytest.mark.parametrize(
    ("table", "vul", "dealer", "expected"),
    [
        (TABLE, "None", "N", "NS 300: 5CXEW-2"),
        (TABLE, "EW", "N", "NS 420: 4HNS"),
        (TABLE, "NS", "E", "NS 300: 5CXEW-2"),
        ([(6,) * 5] * 4, "None", "N", "pass"),
        ([(7,) * 5, (6,) * 5, (6,) * 5, (6,) * 5], "None", "E", "NS 90: 1NTN"),
        ([(7,) * 5, (7,) * 5, (6,) * 5, (6,) * 5], "None", "N", "NS 90: 1NTN"),
        ([(7,) * 5, (7,) * 5, (6,) * 5, (6,) * 5], "None", "E", "EW 90: 1NTE"),
        ([(9, 9, 9, 9, 9), (4,) * 5, (9, 9, 9, 9, 9), (4,) * 5], "None", "N", "NS 400: 3NTNS"),
        ([(13,) * 5, (0,) * 5, (13,) * 5, (0,) * 5], "All", "S", "NS 2220: 7NTNS"),
    ],
    ids=[
        "sacrifice",
        "vulnerable-sacrifice-too-dear",
        "sacrifice-dealer-east",
        "pass-out",
        "partscore",
        "hot-north-deals",
        "hot-east-deals",
        "game-at-lowest",
        "grand",
    ],
)
def test_known_pars(table: list[tuple[int, ...]], vul: str, dealer: str, expected: str) -> None:
    got = par(table, vul, dealer)
    assert str(got) == expected
    assert got.dealer is Seat(dealer)


def test_both_sides_par_when_hot() -> None:
    table = [(7,) * 5, (7,) * 5, (6,) * 5, (6,) * 5]
    both = par(table, Vulnerability.NONE)
    assert both.dealer is None
    assert both.ew_first is not None
    assert (str(both), str(both.ew_first)) == ("NS 90: 1NTN", "EW 90: 1NTE")
    assert par(table, "None", "N").ew_first is None


def test_par_contract_fields() -> None:
    (c,) = par(TABLE, "None", "N").contracts
    assert (c.contract.notation(), c.declarers, c.tricks, c.offset, c.side.value) == (
        "5CX",
        (Seat.EAST, Seat.WEST),
        9,
        -2,
        "EW",
    )


@pytest.mark.parametrize(
    ("table", "error", "message"),
    [
        ([(7,) * 5] * 3, InvalidResultError, "4 rows"),
        ([(7,) * 4] * 4, InvalidResultError, "4 rows"),
        ([(14,) * 5] * 4, InvalidResultError, "from 0 to 13, got 14"),
        ([(7.0,) * 5] * 4, InvalidResultError, "got 7.0"),
    ],
    ids=["three-rows", "four-strains", "fourteen", "float"],
)
def test_bad_tables(table: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message) as info:
        par(table, "None")  # type: ignore[arg-type]
    assert getattr(info.value, "field", None) == "tricks"


def test_bad_vulnerability_and_dealer() -> None:
    with pytest.raises(NotationError, match="invalid vulnerability"):
        par(TABLE, "Some")
    with pytest.raises(NotationError, match="invalid seat"):
        par(TABLE, "None", "Q")

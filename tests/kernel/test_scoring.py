"""One-deal scoring against SCORING.md §1 (Law 77, 2017) and the source documents."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgescore import (
    PART_NAMES,
    PASS_OUT,
    Contract,
    Doubling,
    InvalidResultError,
    NotationError,
    Result,
    RulesError,
    Seat,
    Side,
    Strain,
    UndertrickRule,
    Vulnerability,
    score,
    score_result,
    undertrick_penalty,
)

# SCORING.md §1.6, worked duplicate examples D1..D34: (id, contract, vulnerable, tricks, total).
WORKED = [
    ("D1", "1C", False, 9, 110),
    ("D2", "1H", False, 9, 140),
    ("D3", "1NT", False, 7, 90),
    ("D4", "2H", False, 10, 170),
    ("D5", "2NT", False, 8, 120),
    ("D6", "3NT", False, 9, 400),
    ("D7", "3NT", True, 9, 600),
    ("D8", "3NT", False, 12, 490),
    ("D9", "4H", False, 10, 420),
    ("D10", "4S", True, 10, 620),
    ("D11", "5C", False, 11, 400),
    ("D12", "5D", True, 11, 600),
    ("D13", "6S", True, 12, 1430),
    ("D14", "6NT", False, 12, 990),
    ("D15", "7NT", True, 13, 2220),
    ("D16", "2CX", False, 8, 180),
    ("D17", "2CX", False, 9, 280),
    ("D18", "2CX", True, 9, 380),
    ("D19", "1NTXX", True, 8, 1160),
    ("D20", "7NTXX", False, 13, 2280),
    ("D21", "7NTXX", True, 13, 2980),
    ("D22", "2SX", False, 8, 470),
    ("D23", "1CXX", False, 7, 230),
    ("D24", "1DXX", True, 7, 230),
    ("D25", "1NTX", False, 7, 180),
    ("D26", "3DX", True, 9, 670),
    ("D27", "4SXX", False, 10, 880),
    ("D28", "6HX", False, 13, 1310),
    ("D29", "6C", False, 11, -50),
    ("D30", "4H", True, 7, -300),
    ("D31", "4SX", True, 8, -500),
    ("D32", "5CX", False, 6, -1100),
    ("D33", "3NTXX", False, 5, -1600),
    ("D34", "7NTXX", True, 0, -7600),
]


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "total"),
    [case[1:] for case in WORKED],
    ids=[case[0] for case in WORKED],
)
def test_worked_examples(contract: str, vulnerable: bool, tricks: int, total: int) -> None:
    assert score(contract, tricks, vulnerable=vulnerable).total == total


# The breakdowns SCORING.md §1.6 prints, part by part.
BREAKDOWNS = [
    ("D1", "1C", False, 9, {"trick_points": 20, "overtricks": 40, "part_score": 50}),
    ("D8", "3NT", False, 12, {"trick_points": 100, "overtricks": 90, "game": 300}),
    ("D13", "6S", True, 12, {"trick_points": 180, "game": 500, "slam": 750}),
    (
        "D17",
        "2CX",
        False,
        9,
        {"trick_points": 80, "overtricks": 100, "part_score": 50, "insult": 50},
    ),
    ("D19", "1NTXX", True, 8, {"trick_points": 160, "overtricks": 400, "game": 500, "insult": 100}),
    ("D22", "2SX", False, 8, {"trick_points": 120, "game": 300, "insult": 50}),
    ("D23", "1CXX", False, 7, {"trick_points": 80, "part_score": 50, "insult": 100}),
    (
        "D28",
        "6HX",
        False,
        13,
        {"trick_points": 360, "overtricks": 100, "game": 300, "slam": 500, "insult": 50},
    ),
    ("D31", "4SX", True, 8, {"undertricks": -500}),
]


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "parts"),
    [case[1:] for case in BREAKDOWNS],
    ids=[case[0] for case in BREAKDOWNS],
)
def test_breakdowns(contract: str, vulnerable: bool, tricks: int, parts: dict[str, int]) -> None:
    s = score(contract, tricks, vulnerable=vulnerable)
    assert {p.name: p.points for p in s.parts} == parts
    assert [p.name for p in s.parts] == [n for n in PART_NAMES if n in parts]


# Source documents: the calculator page (seed 004) and the encyclopedia table (seed 001).
SEEDS = [
    ("calc 4H=", "4H", False, 10, 420),
    ("calc 3NT+1 vul", "3NT", True, 10, 630),
    ("calc 4SX= nv", "4SX", False, 10, 590),
    ("calc 4HX-3 vul", "4HX", True, 7, -800),
    ("calc 6S= vul", "6S", True, 12, 1430),
    ("calc 7NT= nv", "7NT", False, 13, 1520),
    ("calc 1NT=", "1NT", False, 7, 90),
    ("wiki 2H= nv", "2H", False, 8, 110),
    ("wiki 2H= vul", "2H", True, 8, 110),
    ("wiki 2HX= nv", "2HX", False, 8, 470),
    ("wiki 3NT+2 vul", "3NT", True, 11, 660),
    ("wiki 1DX+1 nv", "1DX", False, 8, 240),
    ("wiki 5SXX+1 vul", "5SXX", True, 12, 1600),
    ("wiki 6NT+1 nv", "6NT", False, 13, 1020),
    ("wiki 4D-3 nv", "4D", False, 7, -150),
    ("wiki 4DX-3 nv", "4DX", False, 7, -500),
    ("wiki 4DX-3 vul", "4DX", True, 7, -800),
]


@pytest.mark.parametrize(
    ("contract", "vulnerable", "tricks", "total"),
    [case[1:] for case in SEEDS],
    ids=[case[0] for case in SEEDS],
)
def test_source_document_examples(contract: str, vulnerable: bool, tricks: int, total: int) -> None:
    assert score(contract, tricks, vulnerable=vulnerable).total == total


def test_calculator_page_parts() -> None:
    # Seed 004: "4 hearts doubled and down 3, vulnerable, scores the defenders 200 + 300 + 300".
    (part,) = score("4HX", 7, vulnerable=True).parts
    assert part.label.endswith("(200 + 300 + 300)")
    # "3 notrump vulnerable with an overtrick scores 100 trick points + 30 + 500 = 630".
    assert [p.points for p in score("3NT", 10, vulnerable=True).parts] == [100, 30, 500]


# SCORING.md §1.3, the cumulative undertrick table: down -> (NV, NV X, NV XX, V, V X, V XX,
# NV X old, NV XX old).
UNDERTRICKS = {
    1: (50, 100, 200, 100, 200, 400, 100, 200),
    2: (100, 300, 600, 200, 500, 1000, 300, 600),
    3: (150, 500, 1000, 300, 800, 1600, 500, 1000),
    4: (200, 800, 1600, 400, 1100, 2200, 700, 1400),
    5: (250, 1100, 2200, 500, 1400, 2800, 900, 1800),
    6: (300, 1400, 2800, 600, 1700, 3400, 1100, 2200),
    7: (350, 1700, 3400, 700, 2000, 4000, 1300, 2600),
    8: (400, 2000, 4000, 800, 2300, 4600, 1500, 3000),
    9: (450, 2300, 4600, 900, 2600, 5200, 1700, 3400),
    10: (500, 2600, 5200, 1000, 2900, 5800, 1900, 3800),
    11: (550, 2900, 5800, 1100, 3200, 6400, 2100, 4200),
    12: (600, 3200, 6400, 1200, 3500, 7000, 2300, 4600),
    13: (650, 3500, 7000, 1300, 3800, 7600, 2500, 5000),
}
COLUMNS: list[tuple[str, bool, Doubling, UndertrickRule]] = [
    ("NV", False, Doubling.UNDOUBLED, "modern"),
    ("NV X", False, Doubling.DOUBLED, "modern"),
    ("NV XX", False, Doubling.REDOUBLED, "modern"),
    ("V", True, Doubling.UNDOUBLED, "modern"),
    ("V X", True, Doubling.DOUBLED, "modern"),
    ("V XX", True, Doubling.REDOUBLED, "modern"),
    ("NV X old", False, Doubling.DOUBLED, "pre-1987"),
    ("NV XX old", False, Doubling.REDOUBLED, "pre-1987"),
]


@pytest.mark.parametrize("down", range(1, 14))
@pytest.mark.parametrize(
    ("column", "vulnerable", "doubling", "rule"), COLUMNS, ids=[c[0] for c in COLUMNS]
)
def test_undertrick_table(
    down: int, column: str, vulnerable: bool, doubling: Doubling, rule: UndertrickRule
) -> None:
    expected = UNDERTRICKS[down][[c[0] for c in COLUMNS].index(column)]
    penalty = undertrick_penalty(
        down, vulnerable=vulnerable, doubling=doubling, undertrick_rule=rule
    )
    assert penalty == expected
    # Through score(): 7NT with 13 - down tricks goes exactly `down` down.
    contract = Contract(7, Strain.NOTRUMP, doubling)
    assert (
        score(contract, 13 - down, vulnerable=vulnerable, undertrick_rule=rule).total == -expected
    )


@pytest.mark.parametrize("down", range(1, 14))
@pytest.mark.parametrize(
    ("vulnerable", "doubling"),
    [
        (False, Doubling.UNDOUBLED),
        (True, Doubling.UNDOUBLED),
        (True, Doubling.DOUBLED),
        (True, Doubling.REDOUBLED),
    ],
)
def test_pre_1987_differs_only_when_not_vulnerable_and_doubled(
    down: int, vulnerable: bool, doubling: Doubling
) -> None:
    old = undertrick_penalty(
        down, vulnerable=vulnerable, doubling=doubling, undertrick_rule="pre-1987"
    )
    assert old == undertrick_penalty(down, vulnerable=vulnerable, doubling=doubling)


def _reference(level: int, strain: str, dbl: str, vul: bool, t: int) -> int:
    """SCORING.md §1.5's algorithm, transcribed independently of the library."""
    need = 6 + level
    m = {"": 1, "X": 2, "XX": 4}[dbl]
    if t < need:
        u = need - t
        if dbl == "":
            return -u * (100 if vul else 50)
        doubled = 200 + 300 * (u - 1) if vul else 100 + 200 * min(u - 1, 2) + 300 * max(u - 3, 0)
        return -doubled * m // 2
    per = {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30}[strain]
    ts = (per * level + (10 if strain == "NT" else 0)) * m
    if dbl == "":
        over = (t - need) * per
    else:
        over = (t - need) * {("X", False): 100, ("X", True): 200, ("XX", False): 200,
                             ("XX", True): 400}[(dbl, vul)]  # fmt: skip
    prem = (500 if vul else 300) if ts >= 100 else 50
    prem += {6: 750 if vul else 500, 7: 1500 if vul else 1000}.get(level, 0)
    prem += {"": 0, "X": 50, "XX": 100}[dbl]
    return ts + over + prem


ALL_DEALS = list(
    itertools.product(range(1, 8), ["C", "D", "H", "S", "NT"], ["", "X", "XX"], [False, True],
                      range(14))
)  # fmt: skip


def test_all_2940_combinations_agree_with_the_formula() -> None:
    assert len(ALL_DEALS) == 2940
    mismatches = [
        (level, strain, dbl, vul, t)
        for level, strain, dbl, vul, t in ALL_DEALS
        if score(f"{level}{strain}{dbl}", t, vulnerable=vul).total
        != _reference(level, strain, dbl, vul, t)
    ]
    assert mismatches == []


def test_every_score_lists_its_parts_in_order_and_they_add_up() -> None:
    for level, strain, dbl, vul, t in ALL_DEALS:
        s = score(f"{level}{strain}{dbl}", t, vulnerable=vul)
        names = [p.name for p in s.parts]
        assert names == sorted(names, key=PART_NAMES.index)
        assert s.total == sum(p.points for p in s.parts)
        assert s.made == (t >= 6 + level)
        assert ("undertricks" in names) != s.made
        assert ("game" in names) != ("part_score" in names) or not s.made
        assert all(p.label for p in s.parts)


contracts = st.builds(
    Contract, st.integers(1, 7), st.sampled_from(Strain), st.sampled_from(Doubling)
)


@given(contracts, st.integers(0, 12), st.booleans())
def test_one_more_trick_never_scores_less(contract: Contract, tricks: int, vul: bool) -> None:
    assert (
        score(contract, tricks + 1, vulnerable=vul).total
        > score(contract, tricks, vulnerable=vul).total
    )


@given(st.integers(1, 7), st.sampled_from(Strain), st.integers(0, 13), st.booleans())
def test_doubling_a_made_contract_never_scores_less(
    level: int, strain: Strain, tricks: int, vul: bool
) -> None:
    totals = [score(Contract(level, strain, d), tricks, vulnerable=vul).total for d in Doubling]
    if tricks >= 6 + level:
        assert totals == sorted(totals)
    else:
        assert totals == sorted(totals, reverse=True)


@given(contracts, st.integers(0, 13))
def test_vulnerability_never_helps_a_failed_contract(contract: Contract, tricks: int) -> None:
    nv = score(contract, tricks, vulnerable=False).total
    v = score(contract, tricks, vulnerable=True).total
    assert v >= nv if tricks >= contract.tricks_needed else v <= nv


def test_passed_out_scores_zero() -> None:
    s = score("Pass", 0, vulnerable=True)
    assert (s.total, s.parts, s.scorer, s.made) == (0, (), "nobody", False)
    assert score(PASS_OUT, 0, vulnerable=False).total == 0
    assert score_result("Pass", "All").total == 0
    assert score_result("Pass", "All").for_side(Side.EW) == 0
    with pytest.raises(InvalidResultError, match="passed-out"):
        score("Pass", 3, vulnerable=False)


@pytest.mark.parametrize(
    ("result", "vulnerability", "vulnerable", "total", "ns"),
    [
        ("4HXS-2", "NS", True, -500, -500),
        ("4HXE-2", "NS", False, -300, 300),
        ("3NTN=", "EW", False, 400, 400),
        ("3NTW=", "EW", True, 600, -600),
        ("6SE=", "All", True, 1430, -1430),
        ("1NTS=", "None", False, 90, 90),
    ],
)
def test_score_result_uses_the_declarers_vulnerability(
    result: str, vulnerability: str, vulnerable: bool, total: int, ns: int
) -> None:
    s = score_result(result, vulnerability)
    assert (s.vulnerable, s.total, s.for_side(Side.NS), s.for_side(Side.EW)) == (
        vulnerable,
        total,
        ns,
        -ns,
    )
    assert s == score_result(Result.parse(result), Vulnerability(vulnerability))


def test_score_result_needs_a_declarer() -> None:
    with pytest.raises(InvalidResultError, match=r"'4H-1' has no declarer.*e\.g\. '4HS-1'"):
        score_result("4H-1", "NS")
    with pytest.raises(InvalidResultError, match="no declarer"):
        score("4H", 9, vulnerable=False).for_side(Side.NS)


@pytest.mark.parametrize("tricks", [14, -1, 9.5, "9", True, None])
def test_bad_tricks(tricks: object) -> None:
    with pytest.raises(InvalidResultError, match=r"tricks must be a whole number from 0 to 13"):
        score("4H", tricks, vulnerable=False)  # type: ignore[arg-type]


def test_bad_contract_and_rule() -> None:
    with pytest.raises(NotationError, match="'4Z'"):
        score("4Z", 10, vulnerable=False)
    with pytest.raises(NotationError, match="expected a contract"):
        score(4, 10, vulnerable=False)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"'1932'.*'modern' or 'pre-1987'"):
        score("4H", 10, vulnerable=False, undertrick_rule="1932")  # type: ignore[arg-type]


def test_json_shape() -> None:
    data = score("4HX", 8, vulnerable=True).to_dict()
    assert data == {
        "contract": "4HX",
        "tricks": 8,
        "vulnerable": True,
        "total": -500,
        "parts": [
            {
                "name": "undertricks",
                "label": "Undertricks: 2 down, doubled, vulnerable (200 + 300)",
                "points": -500,
            }
        ],
        "undertrick_rule": "modern",
    }
    with_declarer = score_result("4HXS-2", "NS").to_dict()
    assert (with_declarer["declarer"], with_declarer["result"], with_declarer["ns_total"]) == (
        "S",
        "4HXS-2",
        -500,
    )


def test_labels_say_how_the_points_were_worked_out() -> None:
    labels = [p.label for p in score("2NTX", 9, vulnerable=True).parts]
    assert labels == [
        "Trick points: (40 + 1 × 30) × 2, doubled",
        "Overtricks: 1 × 200, doubled, vulnerable",
        "Game premium, vulnerable",
        "Insult: making a doubled contract",
    ]
    assert score("6C", 12, vulnerable=False).parts[0].label == "Trick points: 6 × 20"
    assert score("1NT", 7, vulnerable=False).parts[0].label == "Trick points: 40"


def test_scores_are_shared_values() -> None:
    assert score("4H", 10, vulnerable=False) is score(Contract.parse("4h"), 10, vulnerable=False)
    assert score_result("4HN=", "None").declarer is Seat.NORTH


def test_score_result_without_declarer_when_vulnerability_is_the_same_for_both() -> None:
    assert score_result("4H-1", "None").total == -50
    assert score_result("4H-1", "All").total == -100

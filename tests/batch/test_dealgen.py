"""Dealing to order: the deals meet the condition (checked here with the Hand API alone), come
back the same from a seed, and are random in the ways bridge probabilities say."""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import islice, product
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import Deal, Hand, Seat, Side, pbn
from bridgescore.batch import DealBatch, DealingError, deal_batches, deal_where
from bridgescore.boards.condition import Condition, ConditionError
from bridgescore.cli import cli


def hcp(hand: Hand | None) -> int:
    assert hand is not None
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(r, 0) for suit in hand.suits for r in suit)


def lengths(hand: Hand | None) -> list[int]:
    assert hand is not None
    return [len(suit) for suit in hand.suits]


def balanced(hand: Hand | None) -> bool:
    return sorted(lengths(hand)) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def test_the_deals_meet_the_condition() -> None:
    deals = deal_where("hcp(N) in 15..17 and balanced(N) and spades(S) >= 5", 200, seed=11)
    assert len(deals) == 200
    for deal in deals:
        n, _, s, _ = deal.hands
        assert 15 <= hcp(n) <= 17, deal
        assert balanced(n), deal
        assert lengths(s)[0] >= 5, deal
        assert deal.is_complete
        assert Deal.parse(str(deal)) == deal  # a valid deal, read back the same


def test_a_python_predicate_over_the_feature_columns() -> None:
    deals = deal_where(
        lambda b: (b.hcp(Side.NS) >= 26) & (b.length(Seat.SOUTH, "H") >= 5) & ~b.balanced("S"),
        50,
        seed=2,
    )
    for deal in deals:
        n, _, s, _ = deal.hands
        assert hcp(n) + hcp(s) >= 26, deal
        assert lengths(s)[1] >= 5, deal
        assert not balanced(s), deal


def test_the_same_seed_deals_the_same_deals() -> None:
    text = "hcp(E) >= 12 or shape(W, any 5431)"
    first = deal_where(text, 30, seed=99)
    assert deal_where(text, 30, seed=99) == first
    assert deal_where(Condition.parse(text), 30, seed=99) == first
    assert deal_where(text, 30, seed=100) != first
    # the seed fixes a stream of deals: a stricter condition picks from the same stream
    stricter = deal_where(f"({text}) and hcp(N) >= 10", 5, seed=99)
    assert all(d in deal_where(text, 2_000, seed=99) for d in stricter)


def test_without_a_seed_the_deals_differ() -> None:
    assert deal_where("hcp(N) >= 0", 5) != deal_where("hcp(N) >= 0", 5)


def test_the_batch_is_whole_deals() -> None:
    batch = next(deal_batches(seed=4, size=5_000))
    masks = batch.masks
    assert masks.shape[:2] == (4, 4)
    assert 4_970 < masks.shape[2] <= 5_000  # a deal in about 800 is dropped (a tie)
    every = masks[0] | masks[1] | masks[2] | masks[3]
    assert (every == 0x1FFF).all()  # every card dealt ...
    assert ((masks[0] & masks[1]) | (masks[2] & masks[3]) | (masks[0] & masks[2])).max() == 0
    total = np.sum([batch.length(seat, suit) for seat in "NESW" for suit in "SHDC"], axis=0)
    assert (total == 52).all()  # ... once
    for seat in "NESW":
        hand = np.sum([batch.length(seat, suit) for suit in "SHDC"], axis=0)
        assert (hand == 13).all()


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_the_features_equal_the_hands(seed: int) -> None:
    deals = [Deal.random(random.Random(seed + i)) for i in range(20)]
    batch = DealBatch.from_deals(deals)
    assert batch.deals() == deals
    for seat_index, seat in enumerate("NESW"):
        hands = [d.hands[seat_index] for d in deals]
        assert batch.hcp(seat).tolist() == [hcp(h) for h in hands]
        assert batch.spades(seat).tolist() == [lengths(h)[0] for h in hands]
        assert batch.hearts(seat).tolist() == [lengths(h)[1] for h in hands]
        assert batch.diamonds(seat).tolist() == [lengths(h)[2] for h in hands]
        assert batch.clubs(seat).tolist() == [lengths(h)[3] for h in hands]
        assert batch.balanced(seat).tolist() == [balanced(h) for h in hands]
        controls = [sum(2 * s.count("A") + s.count("K") for s in h.suits) for h in hands if h]
        assert batch.controls(seat).tolist() == controls
    assert batch.hcp("EW").tolist() == [hcp(d.hands[1]) + hcp(d.hands[3]) for d in deals]


CONDITIONS = [
    "hcp(N) in 15..17 and balanced(N) and spades(S) >= 5",
    "ltc(N) + ltc(S) <= 14 or controls(EW) >= 6",
    "not semibalanced(E) and shape(W, any 5431 + 4xxx - 4333)",
    "hcp(NS) - hcp(EW) > 4 and (hearts(N) >= 4 or diamonds(S) == 0)",
    "shape(S, x5xx) and clubs(NS) <= 6",
]


@pytest.mark.parametrize("text", CONDITIONS)
def test_the_vectorised_test_equals_the_deal_by_deal_test(text: str) -> None:
    condition = Condition.parse(text)
    batch = next(deal_batches(seed=8, size=3_000))
    got = batch.where(condition)
    assert got.tolist() == [condition.holds(d) for d in batch.deals()]
    assert 0 < got.sum() < len(batch)  # the condition tells deals apart


def points_distribution() -> dict[int, float]:
    """The exact chance of each number of high-card points in a hand, by counting: how many
    aces, kings, queens and jacks (4 of each), the rest from the 36 other cards."""
    chance: dict[int, float] = {}
    for a, k, q, j in product(range(5), repeat=4):
        if a + k + q + j <= 13:
            ways = comb(4, a) * comb(4, k) * comb(4, q) * comb(4, j) * comb(36, 13 - a - k - q - j)
            points = 4 * a + 3 * k + 2 * q + j
            chance[points] = chance.get(points, 0.0) + ways / comb(52, 13)
    return chance


def test_the_probabilities_of_bridge() -> None:
    """A million deals against the known probabilities, within 5 standard errors."""
    batches = list(islice(deal_batches(seed=2026), 31))
    n = sum(len(b) for b in batches)
    assert n > 1_000_000

    def near(observed: float, p: float, draws: int = n) -> None:
        assert abs(observed - p) < 5 * (p * (1 - p) / draws) ** 0.5, (observed, p)

    def share(f: Callable[[DealBatch], npt.NDArray[np.bool_]]) -> float:
        return sum(int(np.count_nonzero(f(b))) for b in batches) / n

    # a balanced hand: 47.6% (4333 10.54%, 4432 21.55%, 5332 15.52%)
    assert 0.0008 < 1 - n / (31 * 32_768) < 0.0017  # the deals dropped for a tie: 1 in 800
    near(share(lambda b: b.balanced("N")), 0.47604)
    near(share(lambda b: b.shape("E", "any 4432")), 0.21551)
    near(share(lambda b: b.spades("S") == 5), comb(13, 5) * comb(39, 8) / comb(52, 13))
    chance = points_distribution()
    near(share(lambda b: b.hcp("W") >= 20), sum(p for k, p in chance.items() if k >= 20))
    near(share(lambda b: b.hcp("N") == 10), chance[10])
    mean = sum(k * p for k, p in chance.items())
    sd = sum((k - mean) ** 2 * p for k, p in chance.items()) ** 0.5
    assert abs(mean - 10) < 1e-12
    assert abs(sd - 4.13) < 0.01
    points = np.concatenate([b.hcp("N") for b in batches])  # one hand: the four sum to 40
    assert abs(points.mean() - 10) < 5 * sd / n**0.5
    assert abs(points.std() - sd) < 0.02
    # every card is in each hand a quarter of the time
    few = batches[:6]
    drawn = sum(len(b) for b in few)
    for b in few[:1]:
        assert b.masks.dtype == np.uint16
    counts = sum(((b.masks[:, :, None, :] >> np.arange(13)[:, None]) & 1).sum(axis=3) for b in few)
    shares = np.asarray(counts) / drawn
    assert abs(shares - 0.25).max() < 5 * (0.25 * 0.75 / drawn) ** 0.5


def test_bad_requests_are_refused() -> None:
    with pytest.raises(DealingError, match="count"):
        deal_where("hcp(N) > 1", -1)
    with pytest.raises(ConditionError, match="position 7"):
        deal_where("hcp(N) 15", 1)
    with pytest.raises(DealingError, match="one bool a deal"):
        deal_where(lambda b: b.hcp("N"), 1)
    with pytest.raises(DealingError, match="too rare"):
        deal_where("hcp(N) > 37", 1, max_deals=50_000)
    with pytest.raises(DealingError, match="a seat"):
        next(deal_batches(seed=1, size=10)).hcp("X")
    with pytest.raises(DealingError, match="a suit"):
        next(deal_batches(seed=1, size=10)).length("N", "Z")
    with pytest.raises(ConditionError, match="expected '\\+', '-' or the end"):
        next(deal_batches(seed=1, size=10)).shape("N", "4333) or hcp(N")
    with pytest.raises(DealingError, match="expected a condition or a function"):
        deal_where(42, 1)  # type: ignore[arg-type]
    assert deal_where("hcp(N) > 37", 0) == []
    assert len(deal_where("1 < 2", 3, seed=1)) == 3  # a condition of numbers alone
    with pytest.raises(DealingError, match="too rare"):
        deal_where("2 < 1", 1, max_deals=5_000)


def test_the_command_writes_boards_that_meet_it(tmp_path: Path) -> None:
    out = tmp_path / "nt.pbn"
    text = "hcp(N) in 15..17 and balanced(N)"
    args = ["deal", "--where", text, "--count", "12", "--seed", "5", "-o", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    games = pbn.read_games(pbn.decode(out.read_bytes()))
    assert [g.get("Board") for g in games] == [str(i) for i in range(1, 13)]
    assert [g.get("Dealer") for g in games[:5]] == ["N", "E", "S", "W", "N"]
    assert [g.get("Vulnerable") for g in games[:5]] == ["None", "NS", "EW", "All", "NS"]
    deals = [Deal.parse(g.get("Deal") or "") for g in games]
    assert deals == deal_where(text, 12, seed=5)
    again = CliRunner().invoke(cli, ["deal", "--where", text, "--count", "12", "--seed", "5"])
    assert again.exit_code == 0
    assert again.output.replace("\n", "\r\n") == out.read_bytes().decode()


def test_the_command_names_the_error_position() -> None:
    result = CliRunner().invoke(cli, ["deal", "--where", "hcp(N) > 15 and spades(Q) > 4"])
    assert result.exit_code == 2
    assert "at position 23" in result.output
    assert "expected a seat" in result.output


def test_the_stream_of_deals_does_not_depend_on_the_blocks() -> None:
    def stream(**sizes: int) -> list[Deal]:
        out: list[Deal] = []
        for batch in deal_batches(seed=31, **sizes):
            out.extend(batch.deals())
            if len(out) >= 5_000:
                return out[:5_000]
        raise AssertionError  # pragma: no cover - the stream has no end

    assert stream(size=5_000) == stream(size=700) == stream(size=4_096, first=3)


_SEATS = st.sampled_from(["N", "E", "S", "W"])
_NUMBER = st.one_of(
    st.integers(0, 40).map(str),
    st.builds(lambda f, w: f"{f}({w})",
              st.sampled_from(["hcp", "spades", "hearts", "diamonds", "clubs", "controls", "ltc"]),
              st.sampled_from(["N", "E", "S", "W", "NS", "EW"])),
)  # fmt: skip
_SUM = st.builds(
    lambda first, rest: first + "".join(f" {op} {x}" for op, x in rest),
    _NUMBER,
    st.lists(st.tuples(st.sampled_from("+-"), _NUMBER), max_size=2),
)
_SIMPLE = st.one_of(
    st.builds(lambda a, op, b: f"{a} {op} {b}", _SUM,
              st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), _SUM),
    st.builds(lambda a, lo, hi: f"{a} in {lo}..{hi}", _SUM, _SUM, _SUM),
    st.builds(lambda f, w: f"{f}({w})", st.sampled_from(["balanced", "semibalanced"]), _SEATS),
    st.builds(lambda w, p: f"shape({w}, {p})", _SEATS,
              st.sampled_from(["any 4432", "5xxx", "any 5431 + 4xxx - 4333", "xx3x", "4333"])),
)  # fmt: skip
_CONDITION = st.recursive(
    _SIMPLE,
    lambda inner: st.one_of(
        inner.map(lambda c: f"not ({c})"),
        st.builds(lambda a, op, b: f"({a}) {op} ({b})", inner, st.sampled_from(["and", "or"]),
                  inner),
    ),
    max_leaves=6,
)  # fmt: skip
_BATCH = next(deal_batches(seed=77, size=300))
_DEALS = _BATCH.deals()


@settings(max_examples=150, deadline=None)
@given(_CONDITION)
def test_any_condition_means_the_same_in_numpy_and_on_a_deal(text: str) -> None:
    condition = Condition.parse(text)
    assert _BATCH.where(condition).tolist() == [condition.holds(d) for d in _DEALS]

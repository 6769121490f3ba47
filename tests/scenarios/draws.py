"""What the whole nights' machines share (``test_whole_nights.py``,
``test_individual_nights.py``): how long they play (``BRIDGESCORE_SOAK=1``), and what
hypothesis draws for a table's or the director's entry."""

from __future__ import annotations

import os
import time
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, run_state_machine_as_test

# --- how long: a minute normally, about ten with BRIDGESCORE_SOAK=1 ------------------------------

SOAK = os.environ.get("BRIDGESCORE_SOAK", "") == "1"
SOAK_SECONDS = float(os.environ.get("BRIDGESCORE_SOAK_SECONDS", "520"))
"""The soak's time, shared by the machines (``make soak``: about ten minutes in all, a batch
of nights more at most, or the time hypothesis takes to shrink a failure)."""

NIGHT = settings(
    max_examples=3,
    stateful_step_count=40 if SOAK else 14,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None if SOAK else settings().database,
)
"""The normal run's nights, or one batch of the soak's (longer nights, fresh random choices
each batch). A night costs its steps (every output rendered after each) and its club's
director's login (Argon2)."""


def play(machine: type[RuleBasedStateMachine], share: float) -> None:
    """Run the machine: one batch of nights, or batches until the soak's share of time is up."""
    deadline = time.monotonic() + SOAK_SECONDS * share
    while True:
        run_state_machine_as_test(machine, settings=NIGHT)
        if not SOAK or time.monotonic() > deadline:
            break


# --- what hypothesis draws ----------------------------------------------------------------------

STRAINS = ("C", "D", "H", "S", "NT")
ARTIFICIAL = ("A+/A-", "A/A", "A-/A+", "A/A-", "A-/A", "A+/A")


@st.composite
def played(draw: st.DrawFn) -> dict[str, Any]:
    """A table's result: a contract, its declarer and the tricks taken (within four of the
    contract, as boards go), now and then a lead; or passed out."""
    if draw(st.integers(0, 15)) == 0:
        return {"contract": "Pass"}
    level = draw(st.integers(1, 7))
    body: dict[str, Any] = {
        "contract": f"{level}{draw(st.sampled_from(STRAINS))}"
        f"{draw(st.sampled_from(('', '', '', 'X', 'XX')))}",
        "declarer": draw(st.sampled_from("NESW")),
        "tricks": draw(st.integers(max(0, level + 2), min(13, level + 10))),
    }
    if draw(st.integers(0, 4)) == 0:
        body["lead"] = draw(st.sampled_from(("SK", "HA", "D2", "CT")))
    return body


def notation(body: dict[str, Any]) -> str:
    """A result's text as the API writes it (``4HXS-2``, ``Pass``)."""
    if body["contract"] == "Pass":
        return "Pass"
    over = body["tricks"] - int(body["contract"][0]) - 6
    return f"{body['contract']}{body['declarer']}{'=' if over == 0 else f'{over:+d}'}"


@st.composite
def ruled(draw: st.DrawFn, weighted: bool) -> dict[str, Any]:
    """What the director enters on a board: a result, an artificial score, a weighted score
    (two results; only while ``weighted``) or a split score."""
    kinds = ["result", "result", "artificial", "split"] + (["weighted"] if weighted else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "result":
        return draw(played())
    if kind == "artificial":
        return {"artificial": draw(st.sampled_from(ARTIFICIAL))}
    one, two = (notation(draw(played().filter(lambda b: b["contract"] != "Pass")))
                for _ in range(2))  # fmt: skip
    if kind == "split":
        return {"split": {"ns": one, "ew": two}}
    share = draw(st.integers(1, 99))
    return {"weighted": f"{share}% {one}, {100 - share}% {two}"}


def same_score(stored: dict[str, Any], body: dict[str, Any]) -> bool:
    """Whether a table's entry says what the stored result says (the lead aside)."""
    plain = stored["artificial"] is None and stored["weighted"] is None and not stored.get("split")
    return plain and stored["result"] == notation(body)

"""What a table enters for one board of a live session, and a stored entry.

A :class:`TableEntry` is where (round, table, board), who (the pairs' numbers) and one of a
result, an artificial score or a weighted score, with the opening lead; :class:`LiveResult` is
one stored, with its id and times. :func:`read_result` and :func:`read_lead` read their parts
as forms and the API give them. The rules about entries are :mod:`bridgescore.live`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final, Literal

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import BoardResult, Pair, Split
from bridgescore.duplicate.weighted import Weighted
from bridgescore.errors import SessionError, for_field
from bridgescore.model import PASS_OUT, Result, Seat, parse_contract

__all__ = ["FORMS", "Form", "LiveResult", "TableEntry", "read_lead", "read_result"]

Form = Literal["result", "artificial", "weighted", "split"]
"""What a board's entry holds: a result, or one of the director's adjusted scores."""

FORMS: Final[frozenset[Form]] = frozenset({"result", "artificial", "weighted", "split"})
"""Every form of entry (a pairs evening takes them all)."""


def read_lead(text: str | None) -> str | None:
    """An opening lead as typed (``sk``, ``H10``) in its canonical form (``SK``, ``HT``).

    >>> read_lead(" h10 "), read_lead(""), read_lead(None)
    ('HT', None, None)
    >>> read_lead("X9")
    Traceback (most recent call last):
    ...
    bridgescore.errors.SessionError: invalid lead 'X9'; expected a suit and a card, as SK or H7
    """
    if text is None or not text.strip():
        return None
    lead = text.strip().upper().replace("10", "T")
    if len(lead) != 2 or lead[0] not in "SHDC" or lead[1] not in "AKQJT98765432":
        raise SessionError.coded("lead_notation", field="lead", value=text, lead=text)
    return lead


def read_result(contract: str | None, declarer: str | None, tricks: int | None) -> Result:
    """A result from its parts as a form or the API gives them: ``Pass`` needs nothing more,
    a contract its declarer and tricks taken (errors name the part).

    >>> read_result("4hx", "s", 8), read_result("pass", None, None)
    (Result.parse('4HXS-2'), Result.parse('Pass'))
    >>> read_result("4H", None, 10)
    Traceback (most recent call last):
    ...
    bridgescore.errors.SessionError: 4H needs its declarer (N, E, S or W) and the tricks taken
    """
    if contract is None:
        raise SessionError.coded("entry_no_contract", field="contract")
    with for_field("contract"):
        parsed = parse_contract(contract)
    if parsed is PASS_OUT:
        return Result(PASS_OUT, None, 0)
    if declarer is None or tricks is None:
        raise SessionError.coded(
            "entry_needs_declarer",
            field="declarer" if declarer is None else "tricks",
            contract=str(parsed),
        )
    with for_field("declarer"):
        seat = Seat.parse(declarer)
    with for_field("tricks"):
        return Result(parsed, seat, tricks)


@dataclass(frozen=True, slots=True)
class TableEntry:
    """What a table enters for one board: where (round, table, board), who (the pairs'
    numbers), and one of a result, an artificial score (the director's) or a weighted score
    (the director's, Law 12C1(c)); the opening lead if known.

    >>> e = TableEntry(1, 2, 3, 2, 2, result=Result.parse("4HXS-2"), lead="SK")
    >>> e.board_result().text, e.describe()
    ('4HXS-2', '4HX by S, 8 tricks')
    """

    round: int
    table: int
    board: int
    ns: int
    """The number of the pair sitting NS."""
    ew: int
    """The number of the pair sitting EW."""
    result: Result | None = None
    artificial: Adjusted | None = None
    """An artificial score (``A+/A-``), instead of a result."""
    weighted: Weighted | None = None
    """A weighted score, instead of a result."""
    lead: str | None = None
    """The opening lead (``SK``), in canonical form."""
    split: Split | None = None
    """An assigned split score (the director's, Law 12C1(b)), instead of a result."""

    def __post_init__(self) -> None:
        given = sum(x is not None for x in (self.result, self.artificial, self.weighted,
                                            self.split))  # fmt: skip
        if given != 1:
            raise SessionError.coded("entry_one_score", field="contract")

    @property
    def form(self) -> Form:
        """Which of a result, an artificial, a weighted and a split score the entry holds."""
        if self.artificial is not None:
            return "artificial"
        if self.weighted is not None:
            return "weighted"
        return "result" if self.split is None else "split"

    def board_result(self) -> BoardResult:
        """The entry as the core's result on the board."""
        return BoardResult(self.board, self.ns, self.ew, self.result, artificial=self.artificial,
                           weighted=self.weighted, round=self.round,
                           table=self.table, split=self.split, lead=self.lead)  # fmt: skip

    def describe(self) -> str:
        """In words, for a message: ``4HX by S, 8 tricks``, ``passed out``, ``A+/A-``."""
        if self.artificial is not None:
            return f"an artificial score {self.artificial}"
        if self.weighted is not None:
            return f"a weighted score {self.weighted}"
        if self.split is not None:
            return f"a split score {self.split}"
        assert self.result is not None
        if self.result.contract is PASS_OUT:
            return "passed out"
        assert self.result.declarer is not None
        return (
            f"{self.result.contract} by {self.result.declarer.value}, {self.result.tricks} tricks"
        )

    def same_score(self, other: TableEntry) -> bool:
        """Whether the two say the same about the board (the lead aside)."""
        return (self.result, self.artificial, self.weighted, self.split) == (
            other.result,
            other.artificial,
            other.weighted,
            other.split,
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, in the words of the API: the contract, declarer and tricks apart, and
        the result's canonical text (``4HXS-2``)."""
        r = self.result
        return {
            "round": self.round,
            "table": self.table,
            "board": self.board,
            "ns": self.ns,
            "ew": self.ew,
            "contract": None if r is None else str(r.contract),
            "declarer": None if r is None or r.declarer is None else r.declarer.value,
            "tricks": None if r is None else (0 if r.contract is PASS_OUT else r.tricks),
            "lead": self.lead,
            "artificial": None if self.artificial is None else str(self.artificial),
            "weighted": None if self.weighted is None else str(self.weighted),
            "result": None if r is None else str(r),
        } | (
            {}
            if self.split is None
            else {"split": {"ns": str(self.split.ns), "ew": str(self.split.ew)}}
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableEntry:
        """Back from :meth:`to_dict` (also an entry stored before the renames: pairs as
        labels such as ``NS 3``, ``adjusted`` for ``artificial``).

        >>> e = TableEntry(1, 2, 3, 2, 2, result=Result.parse("3NTN="))
        >>> TableEntry.from_dict(e.to_dict()) == e
        True
        """
        artificial = data.get("artificial", data.get("adjusted"))
        weighted = data.get("weighted")
        split = data.get("split")
        if isinstance(split, str):  # as a stored row keeps it: NS's result, a space, EW's
            split = dict(zip(("ns", "ew"), split.split(), strict=True))
        result = None
        if artificial is None and weighted is None and split is None:
            contract = parse_contract(data.get("contract") or "")
            declarer = data.get("declarer")
            seat = None if contract is PASS_OUT or declarer is None else Seat(declarer)
            result = Result(contract, seat, data.get("tricks") or 0)
        return cls(
            int(data["round"]),
            int(data["table"]),
            int(data["board"]),
            Pair.parse(str(data["ns"])).number,
            Pair.parse(str(data["ew"])).number,
            result,
            None if artificial is None else Adjusted.parse(artificial),
            None if weighted is None else Weighted.parse(weighted),
            data.get("lead"),
            None if split is None else Split.parse(split["ns"], split["ew"]),
        )


@dataclass(frozen=True, slots=True)
class LiveResult:
    """A stored entry: its id, the entry, and when it was entered and last changed."""

    id: int
    entry: TableEntry
    created_at: datetime
    updated_at: datetime

    @property
    def version(self) -> str:
        """This result's version, as a table names it to change it (``replaces``): the time
        it was last written, as the API answers it (``updated_at``).

        >>> from bridgescore.live.state import NOW
        >>> LiveResult(1, TableEntry(1, 1, 1, 1, 1, Result.parse("4HS=")), NOW, NOW).version
        '2026-01-01T00:00:00+00:00'
        """
        return self.updated_at.isoformat()

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``id``, the entry's fields, and the times."""
        return {"id": self.id, **self.entry.to_dict(), "text": self.entry.describe(),
                "created_at": self.created_at.isoformat(),
                "updated_at": self.updated_at.isoformat()}  # fmt: skip

"""The score of one deal (Law 77, 2017) and the IMP scale (Law 78B).

:func:`score` returns a :class:`Score`: the total from the declaring side's view and every part
it is made of, in the order the scoring table lists them.

>>> s = score("4HX", 7, vulnerable=True)
>>> s.total, s.scorer, [(p.name, p.points) for p in s.parts]
(-800, 'defenders', [('undertricks', -800)])
>>> score_result("3NTN+1", "NS").total
630

Every :class:`Score` is built once per distinct deal and then shared (it is immutable), so
scoring in a loop costs a dictionary look-up after the first call.
"""

from __future__ import annotations

import bisect
import dataclasses
import functools
import itertools
from dataclasses import dataclass, field
from typing import Final, Literal, get_args

from bridgescore.errors import N_, InvalidResultError, NotationError, RulesError, for_field
from bridgescore.inputs import read_tricks
from bridgescore.model import (
    PASS_OUT,
    Contract,
    Doubling,
    PassOut,
    Result,
    Seat,
    Side,
    Strain,
    Vulnerability,
    check_tricks,
    parse_contract,
)

__all__ = [
    "IMP_THRESHOLDS",
    "PART_LABELS",
    "PART_NAMES",
    "PartName",
    "Score",
    "ScorePart",
    "UndertrickRule",
    "check_honors",
    "check_undertrick_rule",
    "honors_label",
    "honors_template",
    "imps",
    "score",
    "score_request",
    "score_result",
    "undertrick_penalty",
]

UndertrickRule = Literal["modern", "pre-1987"]
"""``'modern'`` is Law 77 since 1987; ``'pre-1987'`` has no extra 100 (200 redoubled) for each
non-vulnerable doubled undertrick from the fourth on (PBN's ``OldMP``)."""

PartName = Literal[
    "trick_points", "overtricks", "game", "part_score", "slam", "insult", "undertricks"
]
"""The machine name of a score's part."""

PART_NAMES: Final[tuple[PartName, ...]] = get_args(PartName)
"""The machine names of a score's parts, in the order they are listed."""


@dataclass(frozen=True, slots=True)
class ScorePart:
    """One component of a score: ``ScorePart('game', 'Game premium, vulnerable', 500)``."""

    name: PartName
    """A stable machine name, one of :data:`PART_NAMES`."""
    label: str
    """What a player reads: the part and how it was worked out (``'Undertricks: 3 down,
    doubled, vulnerable (200 + 300 + 300)'``)."""
    points: int
    """Signed from the declaring side's view: undertricks are negative."""
    template: str = field(default="", compare=False, repr=False)
    """The English template of :attr:`label` (marked for translation), or ``''``."""
    params: dict[str, object] = field(default_factory=dict, compare=False, repr=False)
    """The values :attr:`template` names: ``template.format(**params) == label``."""


@dataclass(frozen=True, slots=True)
class Score:
    """The duplicate score of one deal, with the parts it is made of."""

    contract: Contract | PassOut
    """The contract played, or :data:`~bridgescore.PASS_OUT`."""
    tricks: int
    """Tricks taken by declarer's side."""
    vulnerable: bool
    """Whether the declaring side was vulnerable."""
    parts: tuple[ScorePart, ...]
    """Every component, in the order of :data:`PART_NAMES`; empty for a pass-out."""
    undertrick_rule: UndertrickRule = "modern"
    """The undertrick table used."""
    declarer: Seat | None = None
    """Declarer's seat when known, which gives :meth:`for_side`."""
    vulnerability: Vulnerability | None = None
    """The board's vulnerability, when the score was worked out from it."""
    total: int = field(init=False)
    """The score from the declaring side's view: ``+420``, ``-800``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "total", sum(p.points for p in self.parts))

    @property
    def made(self) -> bool:
        """Whether the contract was made (False for a pass-out): :attr:`Result.made`."""
        return Result(self.contract, self.declarer, self.tricks).made

    @property
    def scorer(self) -> Literal["declarer", "defenders", "nobody"]:
        """Who scores the points: the declaring side, the defenders, or nobody (a pass-out)."""
        if self.total > 0:
            return "declarer"
        return "defenders" if self.total < 0 else "nobody"

    def for_side(self, side: Side) -> int:
        """The score from a side's view: ``score_result('4HXS-2', 'NS').for_side(Side.EW)``.

        >>> score_result("4HXS-2", "NS").for_side(Side.EW)
        500

        :raises InvalidResultError: if the declarer is not known (a pass-out scores 0).
        """
        if self.contract is PASS_OUT:
            return 0
        if self.declarer is None:
            raise InvalidResultError.coded(
                "score_no_declarer", field="declarer", contract=str(self.contract)
            )
        return self.total if self.declarer.side is side else -self.total

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready dict: the CLI's ``--json`` and the web API's shape."""
        data: dict[str, object] = {
            "contract": str(self.contract),
            "tricks": self.tricks,
            "vulnerable": self.vulnerable,
            "total": self.total,
            "parts": [{"name": p.name, "label": p.label, "points": p.points} for p in self.parts],
            "undertrick_rule": self.undertrick_rule,
        }
        if self.declarer is not None:
            data["declarer"] = self.declarer.value
            data["result"] = str(Result(self.contract, self.declarer, self.tricks))
            data["ns_total"] = self.for_side(Side.NS)
        if self.vulnerability is not None:
            data["vulnerability"] = self.vulnerability.value
        return data


def undertrick_penalty(
    down: int, *, vulnerable: bool, doubling: Doubling, undertrick_rule: UndertrickRule = "modern"
) -> int:
    """The penalty for ``down`` undertricks, as a positive number (Law 77).

    >>> [undertrick_penalty(n, vulnerable=False, doubling=Doubling.DOUBLED) for n in (1, 2, 3, 4)]
    [100, 300, 500, 800]
    >>> x2 = Doubling.DOUBLED
    >>> undertrick_penalty(4, vulnerable=False, doubling=x2, undertrick_rule="pre-1987")
    700
    """
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * (down - 1)
        if undertrick_rule == "modern":
            doubled += 100 * max(down - 3, 0)
    return doubled * (doubling.multiplier // 2)


def check_undertrick_rule(undertrick_rule: str) -> UndertrickRule:
    """Check the name of an undertrick table: ``'modern'`` or ``'pre-1987'``.

    :raises RulesError: for any other name.
    """
    if undertrick_rule == "modern":
        return "modern"
    if undertrick_rule == "pre-1987":
        return "pre-1987"
    raise RulesError.coded(
        "undertrick_rule", field="undertrick_rule", value=undertrick_rule, rule=undertrick_rule
    )


def score(
    contract: Contract | PassOut | str,
    tricks: int,
    *,
    vulnerable: bool,
    undertrick_rule: UndertrickRule = "modern",
) -> Score:
    """Score one deal as duplicate does, from the declaring side's view.

    ``contract`` is a :class:`Contract`, :data:`~bridgescore.PASS_OUT` or their notation;
    ``tricks`` is what declarer's side took, 0 to 13 (give 0 for a pass-out).

    >>> score("4H", 10, vulnerable=False).total
    420
    >>> [p.points for p in score("6HX", 13, vulnerable=False).parts]
    [360, 100, 300, 500, 50]

    :raises NotationError: if ``contract`` is text that is not a contract.
    :raises InvalidResultError: if ``tricks`` is not a whole number from 0 to 13.
    :raises RulesError: for an unknown ``undertrick_rule``.
    """
    # The fast path: the same arguments as an earlier call give the same Score. Only a plain
    # int (never a bool) can match a key, and only arguments that were checked are ever stored.
    # A Contract is keyed by its fields' values: equal contracts are often different objects,
    # and comparing those through the dataclass's __eq__ would cost more than the rest.
    if contract.__class__ is Contract:
        what: object = (contract.level, contract.strain._value_, contract.doubling._value_)
    else:
        what = contract
    if tricks.__class__ is int:
        try:
            return _SEEN[what, tricks, vulnerable, undertrick_rule]
        except (KeyError, TypeError):  # not seen yet, or unhashable (which the checks reject)
            pass
    if isinstance(contract, str):
        parsed = parse_contract(contract)
    elif isinstance(contract, Contract | PassOut):
        parsed = contract
    else:
        raise NotationError.coded(
            "contract_expected", field="contract", value=contract, contract=contract
        )
    result = _score(
        parsed, check_tricks(tricks), bool(vulnerable), check_undertrick_rule(undertrick_rule)
    )
    if vulnerable.__class__ is bool:
        if len(_SEEN) >= _SEEN_MAX:  # odd spellings of contracts must not grow it for ever
            _SEEN.clear()
        _SEEN[what, tricks, vulnerable, undertrick_rule] = result
    return result


_SEEN: Final[dict[tuple[object, int, bool, str], Score]] = {}
_SEEN_MAX: Final = 1 << 16


def score_result(
    result: Result | str,
    vulnerability: Vulnerability | str,
    *,
    undertrick_rule: UndertrickRule = "modern",
) -> Score:
    """Score a result on a board, working out the declarer's vulnerability.

    The declarer may be left out when the board's vulnerability is None or All.

    >>> s = score_result("4HXS-2", "NS")
    >>> s.vulnerable, s.total, s.for_side(Side.NS)
    (True, -500, -500)

    :raises NotationError: for bad notation.
    :raises InvalidResultError: if the contract is not passed out and has no declarer.
    """
    if isinstance(result, str):
        result = Result.parse(result)
    if isinstance(vulnerability, str):
        vulnerability = Vulnerability.parse(vulnerability)
    rule = check_undertrick_rule(undertrick_rule)
    declarer = result.declarer
    if declarer is None:
        if not (result.is_pass_out or vulnerability in (Vulnerability.NONE, Vulnerability.BOTH)):
            raise InvalidResultError.coded(
                "result_vulnerability_unknown",
                field="declarer",
                result=str(result),
                contract=str(result.contract),
                outcome=result.outcome,
            )
        vulnerable = vulnerability is Vulnerability.BOTH and not result.is_pass_out
    else:
        vulnerable = vulnerability.is_vulnerable(declarer)
    return _score_on(result.contract, result.tricks, vulnerable, rule, declarer, vulnerability)


@functools.cache
def _score_on(
    contract: Contract | PassOut,
    tricks: int,
    vulnerable: bool,
    undertrick_rule: UndertrickRule,
    declarer: Seat | None,
    vulnerability: Vulnerability,
) -> Score:
    s = _score(contract, tricks, vulnerable, undertrick_rule)
    return Score(contract, tricks, vulnerable, s.parts, undertrick_rule, declarer, vulnerability)


def score_request(
    result: str | Result | None = None,
    *,
    contract: str | Contract | PassOut | None = None,
    tricks: int | str | None = None,
    declarer: str | Seat | None = None,
    vulnerable: bool | None = None,
    vulnerability: str | Vulnerability | None = None,
    board: int | None = None,
    undertrick_rule: str = "modern",
) -> Score:
    """Score a deal described the way people ask: the one path of ``bridgescore score`` and
    ``POST /api/score``.

    Give a ``result`` (``'4HXS-2'``, ``'3NT+1'``, ``'4HX 8'``) or a ``contract`` and the
    ``tricks`` declarer took (and the ``declarer`` if known), then at most one of
    ``vulnerable`` (the declaring side's), ``vulnerability`` (the board's: None, NS, EW, All) or
    ``board`` (its number gives the vulnerability, Law 2). With none, nobody is vulnerable.

    >>> s = score_request("4HXS-2", vulnerable=True)
    >>> s.total, s.for_side(Side.NS)
    (-500, -500)
    >>> score_request(contract="3NT", tricks=10, declarer="N", board=7).to_dict()["ns_total"]
    630

    Every error names its input in :attr:`~bridgescore.BridgeError.field`: ``'result'``,
    ``'contract'``, ``'tricks'``, ``'declarer'``, ``'vulnerability'``, ``'board'`` or
    ``'undertrick_rule'``.

    :raises BridgeError: for a bad or missing input, or inputs that contradict each other.
    """
    rule = check_undertrick_rule(undertrick_rule)
    deal = _request_result(result, contract, tricks, declarer)
    given = [name for name, v in (("vulnerable", vulnerable), ("vulnerability", vulnerability),
                                  ("board", board)) if v is not None]  # fmt: skip
    if len(given) > 1:
        raise InvalidResultError.coded(
            "vulnerability_given_twice" if len(given) == 2 else "vulnerability_given_thrice",
            field=given[1],
            **dict(zip(("first", "second", "third"), given, strict=False)),
        )
    if board is not None:
        vulnerability = Vulnerability.from_board(board)
    elif vulnerability is None:  # the declaring side's vulnerability, or nobody's
        if deal.declarer is None:
            return score(
                deal.contract, deal.tricks, vulnerable=bool(vulnerable), undertrick_rule=rule
            )
        vulnerability = (
            Vulnerability(deal.declarer.side.value) if vulnerable else Vulnerability.NONE
        )
        s = score_result(deal, vulnerability, undertrick_rule=rule)
        return dataclasses.replace(s, vulnerability=None)
    with for_field("vulnerability"):
        vulnerability = (
            Vulnerability.parse(vulnerability) if isinstance(vulnerability, str) else vulnerability
        )
    return score_result(deal, vulnerability, undertrick_rule=rule)


def _request_result(
    result: str | Result | None,
    contract: str | Contract | PassOut | None,
    tricks: int | str | None,
    declarer: str | Seat | None,
) -> Result:
    """The result a score request describes."""
    seat = _seat(declarer)
    if result is not None:
        if contract is not None or tricks is not None:
            raise InvalidResultError.coded(
                "result_and_contract", field="contract" if contract is not None else "tricks"
            )
        deal = Result.parse(result) if isinstance(result, str) else result
        if seat is None or deal.is_pass_out:
            return deal
        if deal.declarer not in (None, seat):
            raise InvalidResultError.coded(
                "result_declarer_differs",
                field="declarer",
                value=declarer,
                result=str(deal),
                declarer=deal.declarer.value,
                seat=seat.value,
            )
        return dataclasses.replace(deal, declarer=seat)
    if contract is None:
        raise InvalidResultError.coded("result_missing", field="result")
    if isinstance(contract, str):
        contract = parse_contract(contract)
    if tricks is None and contract is not PASS_OUT:
        raise InvalidResultError.coded("tricks_missing", field="tricks", contract=str(contract))
    if contract is PASS_OUT:
        return Result(PASS_OUT, None, read_tricks(tricks or 0))
    return Result(contract, seat, read_tricks(tricks))  # type: ignore[arg-type]


def _seat(declarer: str | Seat | None) -> Seat | None:
    if declarer is None or isinstance(declarer, Seat):
        return declarer
    if not declarer.strip():
        return None
    with for_field("declarer"):
        return Seat.parse(declarer)


@functools.cache
def _score(
    contract: Contract | PassOut, tricks: int, vulnerable: bool, undertrick_rule: UndertrickRule
) -> Score:
    return Score(
        contract,
        tricks,
        vulnerable,
        _parts(contract, tricks, vulnerable, undertrick_rule),
        undertrick_rule,
    )


def _parts(
    contract: Contract | PassOut, tricks: int, vulnerable: bool, undertrick_rule: UndertrickRule
) -> tuple[ScorePart, ...]:
    """The parts of a score, worked out from Law 77's table (SCORING.md §1)."""
    if isinstance(contract, PassOut):
        if tricks:
            raise InvalidResultError.coded(
                "pass_out_tricks", field="tricks", value=tricks, tricks=tricks
            )
        return ()
    doubling = contract.doubling
    need = contract.tricks_needed
    if tricks < need:
        down = need - tricks
        steps = [0] + [
            undertrick_penalty(
                n, vulnerable=vulnerable, doubling=doubling, undertrick_rule=undertrick_rule
            )
            for n in range(1, down + 1)
        ]
        detail = " + ".join(str(b - a) for a, b in itertools.pairwise(steps))
        return (_part("undertricks", -steps[-1], (doubling, vulnerable), down=down, detail=detail),)

    parts = [_trick_part(contract)]
    over = tricks - need
    if over:
        if doubling is Doubling.UNDOUBLED:
            each = 20 if contract.strain.is_minor else 30
        else:
            each = (200 if vulnerable else 100) * (doubling.multiplier // 2)
        parts.append(_part("overtricks", over * each, (doubling, vulnerable), over=over, each=each))
    if contract.is_game:
        parts.append(_part("game", 500 if vulnerable else 300, vulnerable))
    else:
        parts.append(_part("part_score", 50, None))
    if contract.level == 6:
        parts.append(_part("slam", 750 if vulnerable else 500, ("small", vulnerable)))
    elif contract.level == 7:
        parts.append(_part("slam", 1500 if vulnerable else 1000, ("grand", vulnerable)))
    if doubling is not Doubling.UNDOUBLED:
        parts.append(_part("insult", 50 * (doubling.multiplier // 2), doubling))
    return tuple(parts)


_X, _XX, _U = Doubling.DOUBLED, Doubling.REDOUBLED, Doubling.UNDOUBLED
PART_LABELS: Final[dict[tuple[PartName, object], str]] = {
    ("undertricks", (_U, False)): N_(
        "Undertricks: {down} down, undoubled, not vulnerable ({detail})"
    ),
    ("undertricks", (_U, True)): N_("Undertricks: {down} down, undoubled, vulnerable ({detail})"),
    ("undertricks", (_X, False)): N_(
        "Undertricks: {down} down, doubled, not vulnerable ({detail})"
    ),
    ("undertricks", (_X, True)): N_("Undertricks: {down} down, doubled, vulnerable ({detail})"),
    ("undertricks", (_XX, False)): N_(
        "Undertricks: {down} down, redoubled, not vulnerable ({detail})"
    ),
    ("undertricks", (_XX, True)): N_("Undertricks: {down} down, redoubled, vulnerable ({detail})"),
    ("trick_points", _U): N_("Trick points: {how}"),
    ("trick_points", _X): N_("Trick points: {how} × 2, doubled"),
    ("trick_points", _XX): N_("Trick points: {how} × 4, redoubled"),
    ("overtricks", (_U, False)): N_("Overtricks: {over} × {each}"),
    ("overtricks", (_U, True)): N_("Overtricks: {over} × {each}"),
    ("overtricks", (_X, False)): N_("Overtricks: {over} × {each}, doubled, not vulnerable"),
    ("overtricks", (_X, True)): N_("Overtricks: {over} × {each}, doubled, vulnerable"),
    ("overtricks", (_XX, False)): N_("Overtricks: {over} × {each}, redoubled, not vulnerable"),
    ("overtricks", (_XX, True)): N_("Overtricks: {over} × {each}, redoubled, vulnerable"),
    ("game", False): N_("Game premium, not vulnerable"),
    ("game", True): N_("Game premium, vulnerable"),
    ("part_score", None): N_("Part-score premium"),
    ("slam", ("small", False)): N_("Small slam premium, not vulnerable"),
    ("slam", ("small", True)): N_("Small slam premium, vulnerable"),
    ("slam", ("grand", False)): N_("Grand slam premium, not vulnerable"),
    ("slam", ("grand", True)): N_("Grand slam premium, vulnerable"),
    ("insult", _X): N_("Insult: making a doubled contract"),
    ("insult", _XX): N_("Insult: making a redoubled contract"),
}
"""The English template of each part's label, by its name and case (SCORING.md §1): the outer
layers translate the template and fill it with the part's :attr:`ScorePart.params`."""


def _part(name: PartName, points: int, case: object, **params: object) -> ScorePart:
    template = PART_LABELS[name, case]
    return ScorePart(name, template.format(**params), points, template, params)


def _trick_part(contract: Contract) -> ScorePart:
    """``'Trick points: 4 × 30 × 2, doubled'``, ``'Trick points: 40 + 2 × 30'``."""
    level, strain, doubling = contract.level, contract.strain, contract.doubling
    if strain is Strain.NOTRUMP:
        how = "40" if level == 1 else f"40 + {level - 1} × 30"
    else:
        how = f"{level} × {20 if strain.is_minor else 30}"
    if doubling is not Doubling.UNDOUBLED and "+" in how:
        how = f"({how})"
    return _part("trick_points", contract.trick_points, doubling, how=how)


def check_honors(contract: Contract | PassOut, points: int) -> int:
    """Check an honors claim against the contract and return its points.

    In a suit contract 4 of the 5 trump honors in one hand score 100 and all 5 score 150; at
    notrump only the four aces in one hand count, for 150 (SCORING.md §3.1 R-5).

    >>> check_honors(Contract.parse("4H"), 100), check_honors(Contract.parse("3NT"), 150)
    (100, 150)

    :raises InvalidResultError: for any other value, 100 at notrump, or honors on a pass-out.
    """
    if isinstance(contract, PassOut):
        raise InvalidResultError.coded("pass_out_honors", field="honors", value=points)
    if isinstance(points, bool) or points not in (100, 150):
        raise InvalidResultError.coded("honors_points", field="honors", value=points, points=points)
    if contract.strain is Strain.NOTRUMP and points == 100:
        raise InvalidResultError.coded(
            "honors_notrump", field="honors", value=points, contract=str(contract)
        )
    return points


def honors_template(contract: Contract | PassOut, points: int) -> tuple[str, dict[str, object]]:
    """What an honors claim was for: the English template (marked) and its values.

    >>> honors_template(Contract.parse("4S"), 150)
    ('Honors: {count} trump honors in one hand', {'count': 5})
    """
    if isinstance(contract, Contract) and contract.strain is Strain.NOTRUMP:
        return N_("Honors: the 4 aces in one hand"), {}
    return N_("Honors: {count} trump honors in one hand"), {"count": 4 if points == 100 else 5}


def honors_label(contract: Contract | PassOut, points: int) -> str:
    """What an honors claim was for, as a pad line says it.

    >>> honors_label(Contract.parse("4H"), 100), honors_label(Contract.parse("3NT"), 150)
    ('Honors: 4 trump honors in one hand', 'Honors: the 4 aces in one hand')
    """
    template, params = honors_template(contract, points)
    return template.format(**params)


IMP_THRESHOLDS: Final = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip
"""The WBF IMP scale (Law 78B): a difference of at least ``IMP_THRESHOLDS[k]`` is worth
``k + 1`` IMPs, so 20-40 is 1 IMP and 4000 or more is 24."""


def imps(difference: int) -> int:
    """Convert a point difference to IMPs on the WBF scale, keeping its sign.

    >>> imps(250), imps(-450), imps(10), imps(620 - -100)
    (6, -10, 0, 12)
    """
    n = bisect.bisect_right(IMP_THRESHOLDS, abs(difference))
    return n if difference >= 0 else -n

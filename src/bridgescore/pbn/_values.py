"""Tag values (§3.4, §4.2): contracts, declarers, results, scores, artificial scores, pair
numbers, dealers, vulnerabilities, movements and the ``Scoring`` tag.

Each reader takes the text and the :class:`Location` it came from, and fails there with the
tag or column as the error's ``field``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

from bridgescore.duplicate.field import ARTIFICIAL, Adjusted, Artificial, Award, Divisor, Rounding
from bridgescore.duplicate.session import Method, SectionKind, Session
from bridgescore.errors import BridgeError
from bridgescore.model import PASS_OUT, Contract, PassOut, Result, Seat, Side, Vulnerability
from bridgescore.model import parse_contract as _parse_contract
from bridgescore.pbn._location import Location, quote
from bridgescore.scoring import UndertrickRule

__all__ = [
    "INTEGER",
    "Scoring",
    "absent",
    "adjusted",
    "award",
    "bare_award",
    "dealer",
    "direction",
    "integer",
    "known_result",
    "known_results",
    "movement",
    "ns_score",
    "pair_id",
    "percent_award",
    "read_scoring",
    "result",
    "scoring_tag",
    "sides",
    "vulnerability",
]

INTEGER: Final = re.compile(r"[0-9]{1,9}", re.ASCII)
_SIDE_VALUE: Final = re.compile(r"\s*(NS|EW)\s+(\S+)\s*(?:(NS|EW)\s+(\S+)\s*)?", re.IGNORECASE)
_OPPOSITE: Final[dict[Award, Award]] = {"A+": "A-", "A": "A", "A-": "A+"}


def absent(value: str | None) -> bool:
    """An unknown (``?``) or irrelevant (``-``, ``""``) value.

    >>> [absent(v) for v in (None, "", " ? ", "-", "4S")]
    [True, True, True, True, False]
    """
    return value is None or value.strip() in ("", "?", "-")


def integer(text: str, what: str, at: Location, *, field: str, least: int = 0) -> int:
    """A whole number (at least ``least``); ``what`` names it in the message."""
    t = text.strip()
    if not INTEGER.fullmatch(t) or int(t) < least:
        kind = "a positive whole number" if least else "a whole number"
        at.fail(f"bad {what} {text!r}: expected {kind}", field=field, value=text)
    return int(t)


def pair_id(text: str, field: str, at: Location) -> int:
    """A pair number from the tag or column ``field`` (``PairId_NS``, ``PairNS`` ...)."""
    t = text.strip()
    if not INTEGER.fullmatch(t) or int(t) < 1:
        at.refuse("pbn_pair_id", field=field, value=text, text=text, tag=field)
    return int(t)


def dealer(text: str, at: Location) -> Seat:
    """A ``Dealer`` value."""
    try:
        return Seat.parse(text)
    except BridgeError:
        at.refuse("pbn_dealer", field="Dealer", value=text, text=text)


def vulnerability(text: str, at: Location) -> Vulnerability:
    """A ``Vulnerable`` value (``Love``, ``-`` and ``Both`` too)."""
    try:
        return Vulnerability.parse(text)
    except BridgeError:
        at.refuse("pbn_vulnerable", field="Vulnerable", value=text, text=text)


def direction(text: str) -> Side | None:
    """A ``Direction`` element of a ``TotalScoreTable``: ``NS``, ``EW``, or as Magic Contest
    writes them ``N-S``, ``E-W`` (a column of their own, §5.2); None if absent or not one.

    >>> direction("N-S"), direction("ew"), direction("up")
    (Side.NS, Side.EW, None)
    """
    letters = "".join(c for c in text.upper() if c.isalpha())
    return Side(letters) if letters in ("NS", "EW") else None


def movement(text: str, at: Location) -> SectionKind:
    """A ``Movement`` value: ``Mitchell`` or ``Howell``, in any case."""
    value = text.strip().lower()
    if value not in ("mitchell", "howell"):
        at.refuse("pbn_movement", field="Movement", value=text, text=text)
    return "mitchell" if value == "mitchell" else "howell"


def _contract(text: str, at: Location) -> Contract | PassOut:
    try:
        return _parse_contract(text)
    except BridgeError:
        at.refuse("pbn_contract", field="Contract", value=text, text=text)


def _declarer(text: str, at: Location) -> tuple[Seat | None, bool]:
    """The declarer, and whether the value says declarer and dummy were swapped (``^S``)."""
    t = text.strip()
    swapped = t.startswith("^")
    if absent(t[swapped:]):
        return None, swapped
    try:
        return Seat.parse(t[swapped:]), swapped
    except BridgeError:
        at.refuse("pbn_declarer", field="Declarer", value=text, text=text)


def _tricks(text: str, contract: Contract, at: Location) -> int:
    """Tricks from a ``Result``: a number, or (leniently) ``=``, ``+1``, ``-2``."""
    t = text.strip().lstrip("^")
    m = re.fullmatch(r"([0-9]{1,2})|=|([+-])\s*([0-9]{1,2})", t, re.ASCII)
    if m is None:
        at.refuse("pbn_result", field="Result", value=text, text=text)
    if m[1] is not None:
        tricks = int(m[1])
    elif t == "=":
        tricks = contract.tricks_needed
    else:
        tricks = contract.tricks_needed + (int(m[3]) if m[2] == "+" else -int(m[3]))
    if not 0 <= tricks <= 13:
        at.refuse("pbn_result_tricks", field="Result", value=text, text=text,
                  contract=str(contract))  # fmt: skip
    return tricks


def result(
    contract_text: str, declarer_text: str, result_text: str, at: Sequence[Location]
) -> tuple[Result, bool]:
    """A result from the Contract, Declarer and Result values (found at ``at``, one place
    each); and whether declarer and dummy were swapped.

    >>> at = (Location(),) * 3
    >>> result("4S", "^N", "=", at)
    (Result.parse('4SN='), True)
    """
    key = (contract_text, declarer_text, result_text)
    known = _RESULTS.get(key)
    if known is not None:  # a file repeats its few contracts: each read once
        return known
    read = _result(contract_text, declarer_text, result_text, at)
    if len(_RESULTS) >= 4096:
        _RESULTS.clear()  # bounded: a file of distinct junk cannot grow it
    _RESULTS[key] = read
    return read


_RESULTS: dict[tuple[str, str, str], tuple[Result, bool]] = {}
"""Results already read, by their three texts (a ``Result`` is immutable)."""


def known_result(
    contract_text: str, declarer_text: str, result_text: str
) -> tuple[Result, bool] | None:
    """What :func:`result` read from these three texts lately, or None (not read, or not a
    result): a reader's fast path asks, and reads the texts itself where this is None."""
    return _RESULTS.get((contract_text, declarer_text, result_text))


def known_results(
    contracts: Sequence[str], declarers: Sequence[str], results: Sequence[str]
) -> list[tuple[Result, bool]] | None:
    """:func:`known_result` of each row's three texts, or None if any is not known.

    >>> at = (Location(),) * 3
    >>> _ = result("4S", "N", "10", at)
    >>> known_results(["4S", "4S"], ["N", "N"], ["10", "10"])
    [(Result.parse('4SN='), False), (Result.parse('4SN='), False)]
    >>> known_results(["4S"], ["N"], ["14"]) is None
    True
    """
    found = list(map(_RESULTS.get, zip(contracts, declarers, results, strict=True)))
    return None if None in found else found  # type: ignore[return-value]


def _result(
    contract_text: str, declarer_text: str, result_text: str, at: Sequence[Location]
) -> tuple[Result, bool]:
    contract = _contract(contract_text, at[0])
    declarer, swapped = _declarer(declarer_text, at[1])
    if isinstance(contract, PassOut):
        if declarer is not None or (not absent(result_text) and result_text.strip() != "0"):
            given = f"{contract_text} {declarer_text} {result_text}"
            at[1].refuse("pbn_pass_out_played", field="Declarer", value=declarer_text,
                         given=quote(given))  # fmt: skip
        return Result(PASS_OUT, None, 0), False
    if declarer is None:
        at[1].refuse("pbn_no_declarer", field="Declarer", value=declarer_text,
                     contract=str(contract), text=declarer_text)  # fmt: skip
    if absent(result_text):
        at[2].refuse("pbn_no_result", field="Result", value=result_text, contract=str(contract),
                     declarer=declarer.value, text=result_text)  # fmt: skip
    return Result(contract, declarer, _tricks(result_text, contract, at[2])), swapped


def sides(text: str) -> dict[Side | None, str] | None:
    """Split a value in one of the five formats of §4.2.1 (and §3.4.15): ``'<v>'``,
    ``'NS <v>'``, ``'EW <v>'``, ``'NS <v> EW <v>'``, ``'EW <v> NS <v>'``; None if none.

    >>> sides("EW 420 NS -420"), sides("NS 1 NS 2")
    ({Side.EW: '420', Side.NS: '-420'}, None)
    """
    t = text.strip()
    if t and " " not in t:
        return {None: t}
    m = _SIDE_VALUE.fullmatch(t)
    if m is None or (m[3] is not None and m[3].upper() == m[1].upper()):
        return None
    out: dict[Side | None, str] = {Side(m[1].upper()): m[2]}
    if m[3] is not None:
        out[Side(m[3].upper())] = m[4]
    return out


def award(text: str) -> Award | None:
    """An artificial score's name (``A+``, ``Ave-`` ...), or None."""
    if len(text) > 20:
        return None
    try:
        return Adjusted.parse(text).ns
    except BridgeError:
        return None


def bare_award(text: str | None) -> Award | None:
    """An artificial score written without PBN's ``^`` (``A+``, as Magic Contest writes it),
    or None.

    >>> bare_award(" A+ "), bare_award("^A+"), bare_award("420")
    ('A+', None, None)
    """
    t = (text or "").strip()
    return award(t) if t[:1].upper() == "A" else None


def adjusted(ns: Award | None, ew: Award | None) -> Adjusted | None:
    """The artificial scores of a table, one side's following from the other's if missing."""
    if ns is None and ew is None:
        return None
    return Adjusted(ns or _OPPOSITE[ew or "A"], ew or _OPPOSITE[ns or "A"])


def percent_award(text: str) -> Award | None:
    """The artificial score a ``^`` percentage stands for (above 50: A+), or None."""
    if "^" not in text:  # the common case, a plain percentage or none, without a regex
        return None
    m = re.fullmatch(r"\^\s*([0-9]{1,3}(?:\.[0-9]*)?)\s*%?", text.strip(), re.ASCII)
    if m is None:
        return None
    p = Fraction(m[1])
    return "A+" if p > 50 else "A" if p == 50 else "A-"


def _score_value(text: str, what: str, at: Location, field: str) -> int | Award:
    """A score element: an integer (signed), or an artificial ``^A+``."""
    t = text.strip()
    if t.startswith("^"):
        found = award(t[1:])
        if found is not None:
            return found
        t = t[1:]
    m = re.fullmatch(r"([+-]?)\s*([0-9]{1,6})", t, re.ASCII)
    if m is None:
        at.fail(f"bad {what} {text!r}: expected a score such as 420 or -50 "
                "(or ^A+, ^A, ^A- for an artificial score)", field=field, value=text)  # fmt: skip
    return -int(m[2]) if m[1] == "-" else int(m[2])


def ns_score(
    values: Mapping[Side | None, str],
    declarer: Seat | None,
    at: Location,
    what: str,
    fields: Mapping[Side | None, str],
) -> int | Adjusted:
    """The NS score of a ``Score`` value (or the artificial one); ``what`` names it in
    messages, ``fields`` names the tag or column of each side's value."""
    got: dict[Side, int | Award] = {}
    for side, text in values.items():
        value = _score_value(text, what, at, fields[side])
        if side is None:
            if declarer is None and value != 0:
                at.fail(f"{what} {text!r} gives no side and there is no declarer",
                        field=fields[side], value=text)  # fmt: skip
            side = declarer.side if declarer else Side.NS
        got[side] = value
    field, given = fields[None], " ".join(values.values())
    awards = {s: v for s, v in got.items() if isinstance(v, str)}
    if awards:
        if len(awards) != len(got):
            at.fail(f"bad {what}: an artificial score on one side only", field=field, value=given)
        found = adjusted(awards.get(Side.NS), awards.get(Side.EW))
        assert found is not None
        return found
    ns, ew = got.get(Side.NS), got.get(Side.EW)
    assert not isinstance(ns, str)
    assert not isinstance(ew, str)
    if ns is not None and ew is not None and ns != -ew:
        at.fail(f"{what}: NS {ns} and EW {ew} do not agree (one is the other's negative)",
                field=field, value=given)  # fmt: skip
    return ns if ns is not None else -(ew or 0)


# --------------------------------------------------------------------------------------------
# The Scoring tag (§3.4.12)


@dataclass(frozen=True, slots=True)
class Scoring:
    """How a file says its session is scored, and the notes on what was not understood."""

    method: Method = "mp"
    undertrick_rule: UndertrickRule = "modern"
    drop: int | str = 1
    rounding: Rounding = "half-even"
    divisor: Divisor = "n-1"
    artificial: Artificial = ARTIFICIAL
    notes: tuple[str, ...] = ()


def _number(x: Fraction | float) -> str:
    f = Fraction(x)
    return str(f.numerator) if f.denominator == 1 else str(f)


def scoring_tag(session: Session) -> str:
    """The ``Scoring`` value (§3.4.12) that says how a session is scored.

    >>> from bridgescore.duplicate.session import Session
    >>> scoring_tag(Session()), scoring_tag(Session(method="butler", drop=0))
    ('MatchPoints;MP1', 'IMP;Butler')
    >>> scoring_tag(Session(method="cross-imps", undertrick_rule="pre-1987"))
    'IMP;Cross2;OldMP'
    """
    fields: list[str]
    if session.method == "mp":
        fields = ["MatchPoints", "MP1"]
    elif session.method == "butler":
        drop = session.drop
        if isinstance(drop, str):
            extreme = f"{_number(2 * Fraction(drop.strip()[:-1]))}%"
        else:
            extreme = str(2 * drop)
        fields = ["IMP", "Butler" if drop == 0 else f"Butler-{extreme}"]
        if session.rounding == "half-up":
            fields.append("HalfUp")
    else:
        fields = ["IMP", {"n-1": "Cross2", "n": "Cross1", "raw": "Cross"}[session.divisor]]
    if session.undertrick_rule == "pre-1987":
        fields.append("OldMP")
    a = session.artificial
    if a != ARTIFICIAL:
        rules = (
            ""
            if (a.plus_rule, a.minus_rule) == ("fixed", "fixed")
            else (f",{a.plus_rule},{a.minus_rule}")
        )  # the EBU's and ACBL's averages: a pair's own %
        fields.append(f"Artificial={_number(a.plus)},{_number(a.average)},{_number(a.minus)},"
                      f"{a.imps}{rules}")  # fmt: skip
    return ";".join(fields)


def read_scoring(value: str, at: Location) -> Scoring:
    """Read a ``Scoring`` value; the fields it does not use become notes.

    >>> s = read_scoring("IMP;Butler-4;Median", Location())
    >>> s.method, s.drop, s.notes
    ('butler', 2, ("Scoring field 'Median' is not used",))
    """
    base: str | None = None
    method: Method | None = None
    s = Scoring()
    notes = []
    for raw in value.split(";"):
        key = raw.strip().upper()
        if not key or key == "?":
            continue
        if key in ("MP", "MATCHPOINTS", "MATCHPOINT"):
            base = "mp"
        elif key == "IMP":
            base = "imp"
        elif key in ("MP1", "MP2"):
            pass  # bridgescore scores MP1 and shows percentages; MP2 is half of MP1
        elif key == "BUTLER":
            method, s = "butler", replace(s, drop=0)
        elif m := re.fullmatch(r"BUTLER-([0-9]{1,3}(?:\.[0-9]+)?)(%?)", key, re.ASCII):
            method, s = "butler", replace(s, drop=_butler_drop(m, raw.strip(), at))
        elif key in ("CROSS", "CROSS1", "CROSS2"):
            divisor: Divisor = {"CROSS": "raw", "CROSS1": "n", "CROSS2": "n-1"}[key]  # type: ignore[assignment]
            method, s = "cross-imps", replace(s, divisor=divisor)
        elif key == "OLDMP":
            s = replace(s, undertrick_rule="pre-1987")
        elif key == "HALFUP":
            s = replace(s, rounding="half-up")
        elif key.startswith("ARTIFICIAL="):
            s = replace(s, artificial=_read_artificial(raw.strip(), at))
        else:
            notes.append(f"Scoring field {raw.strip()!r} is not used")
    if method is None:
        method = _default_method(base, value, notes)
    return replace(s, method=method, notes=tuple(notes))


def _butler_drop(m: re.Match[str], text: str, at: Location) -> int | str:
    """The scores a ``Butler-N`` (or ``Butler-N%``) field drops at each end."""
    extreme = Fraction(m[1]) / 2
    if m[2]:
        return f"{_number(extreme)}%"
    if extreme.denominator != 1:
        at.fail(f"bad Scoring field {text!r}: Butler-N drops N/2 scores at each end, so N must "
                "be even", field="Scoring", value=text)  # fmt: skip
    return int(extreme)


def _default_method(base: str | None, value: str, notes: list[str]) -> Method:
    """The method of a ``Scoring`` that names no Butler or Cross field."""
    if base == "imp":
        notes.append("Scoring says IMP without Butler or Cross: scored as Butler")
        return "butler"
    if base is None and value.strip() not in ("", "?"):
        notes.append(f"Scoring {value!r} is not a pairs method: scored by matchpoints")
    return "mp"


def _read_artificial(text: str, at: Location) -> Artificial:
    parts = text.partition("=")[2].split(",")
    number = r"[0-9]{1,3}(?:\.[0-9]{1,6}|/0*[1-9][0-9]{0,5})?"  # Fraction reads each
    rules = [p.strip() for p in parts[4:]] or ["fixed", "fixed"]
    if (
        len(parts) not in (4, 6)
        or not all(re.fullmatch(number, p.strip(), re.ASCII) for p in parts[:3])
        or rules[0] not in ("fixed", "if-better")
        or rules[1] not in ("fixed", "if-worse")
    ):
        at.fail(f"bad Scoring field {text!r}: expected Artificial=A+,A,A-,IMPs such as "
                "Artificial=60,50,40,3, then the rules of A+ and A- if not fixed "
                "(Artificial=60,50,40,3,if-better,if-worse)", field="Scoring",
                value=text)  # fmt: skip
    plus, average, minus = (Fraction(p.strip()) for p in parts[:3])
    return Artificial(plus, average, minus,
                      integer(parts[3], "artificial IMPs", at, field="Scoring"),
                      "if-better" if rules[0] == "if-better" else "fixed",
                      "if-worse" if rules[1] == "if-worse" else "fixed")  # fmt: skip

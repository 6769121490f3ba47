"""The one-deal calculator page, ``/``.

Without JavaScript the form is posted and redirected to the result's shareable URL,
``/?r=4HXS-2&vul=NS``. With JavaScript, the page for the new inputs is fetched as they change
and its result panel and field errors are swapped in: one template renders both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar
from urllib.parse import urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from bridgescore import (
    PASS_OUT,
    BridgeError,
    Contract,
    Doubling,
    Result,
    Score,
    Seat,
    Side,
    Strain,
    Vulnerability,
    score_result,
)
from bridgescore.errors import N_
from bridgescore.inputs import read_tricks
from bridgescore.locale import error_text, gettext
from bridgescore.web.common import page
from bridgescore.web.deps import PostedForm
from bridgescore.web.score_table import table_version

__all__ = ["router"]

router = APIRouter(tags=["calculator"], include_in_schema=False)

STRAINS = [(s.value, s.symbol if s is not Strain.NOTRUMP else "NT") for s in Strain]
DOUBLINGS = [("", "—"), ("X", "X"), ("XX", "XX")]
SEATS = [("", "—"), *((s.value, s.value) for s in Seat)]
VULS = [
    ("None", N_("None")),
    ("NS", N_("NS")),
    ("EW", N_("EW")),
    ("All", N_("Both")),
]


T = TypeVar("T")


@dataclass
class CalculatorForm:
    """The calculator's inputs as text, and what is wrong with them."""

    level: str = "4"
    strain: str = "H"
    doubling: str = ""
    declarer: str = ""
    tricks: str = "10"
    vul: str = "None"
    passed_out: bool = False
    errors: dict[str, str] = field(default_factory=dict)

    @classmethod
    def read(cls, params: dict[str, str]) -> CalculatorForm:
        """Read the inputs: ``r`` (a result) and ``vul``, or one field per input."""
        deal = cls(vul=params.get("vul", "None"))
        text = params.get("r", "").strip()
        if text:
            try:
                result = Result.parse(text)
            except BridgeError as exc:
                deal.errors["r"] = error_text(exc)
                return deal
            deal.passed_out = result.is_pass_out
            if isinstance(result.contract, Contract):
                deal.level = str(result.contract.level)
                deal.strain = result.contract.strain.value
                deal.doubling = result.contract.doubling.value
            deal.declarer = result.declarer.value if result.declarer else ""
            deal.tricks = str(result.tricks)
            return deal
        for name in ("level", "strain", "doubling", "declarer", "tricks"):
            if name in params:
                setattr(deal, name, params[name].strip())
        deal.passed_out = deal.level.lower() == "pass"
        return deal

    def _read(self, name: str, read: Callable[[str], T]) -> T | None:
        try:
            return read(getattr(self, name))
        except (BridgeError, ValueError) as exc:
            self.errors[name] = error_text(exc)
            return None

    def result(self) -> Result | None:
        """The result these inputs describe; None, with :attr:`errors` filled, if they are wrong."""
        if self.errors:
            return None
        if self.passed_out:
            return Result(PASS_OUT, None, 0)
        level = self._read(
            "level",
            lambda t: Contract(int(t) if len(t) == 1 and t in "1234567" else t, Strain.CLUBS),  # type: ignore[arg-type]
        )
        strain = self._read("strain", Strain.parse)
        doubling = self._read("doubling", lambda t: Doubling(t.upper()))
        declarer = self._read("declarer", lambda t: Seat.parse(t) if t else None)
        tricks = self._read("tricks", read_tricks)
        if level is None or strain is None or doubling is None or tricks is None or self.errors:
            return None
        return Result(Contract(level.level, strain, doubling), declarer, tricks)

    def score(self) -> Score | None:
        """The score; None, with :attr:`errors` filled, if the inputs are wrong."""
        result = self.result()
        if result is None:
            return None
        try:
            return score_result(result, self.vul)
        except BridgeError as exc:  # no declarer on a board where one side is vulnerable
            self.errors["declarer" if exc.field == "declarer" else "vul"] = error_text(exc)
            return None

    @property
    def need(self) -> int:
        """Tricks needed by the contract in the form (10 if the level is not valid)."""
        return 6 + int(self.level) if len(self.level) == 1 and self.level in "1234567" else 10


def _context(deal: CalculatorForm) -> dict[str, Any]:
    s = deal.score()
    share = None
    if s is not None:
        result = Result(s.contract, s.declarer, s.tricks)
        share = "/?" + urlencode({"r": str(result), "vul": deal.vul})
    return {
        "deal": deal,
        "score": s,
        "share": share,
        "ns": s.for_side(Side.NS) if s is not None and s.declarer is not None else None,
        "strains": [(value, gettext(label)) for value, label in STRAINS],
        "doublings": DOUBLINGS,
        "seats": SEATS,
        "vuls": [(v, gettext(label)) for v, label in VULS],
        "vulnerability": Vulnerability,
        "bar": _bar(s),
        "table_version": table_version(),
    }


def _bar(s: Score | None) -> str:
    """The one line the result bar keeps in view: the contract and who scores what."""
    if s is None:
        return gettext("Fix the highlighted field to see the score.")
    if s.contract.notation() == "Pass":
        return gettext("Passed out: 0")
    values = {"contract": s.contract.notation(symbols=True), "tricks": s.tricks}
    values["points"] = abs(s.total)
    if s.total < 0:
        return gettext("%(contract)s, %(tricks)s tricks: Defenders %(points)s") % values
    return gettext("%(contract)s, %(tricks)s tricks: Declarer's side %(points)s") % values


@router.get("/", response_class=HTMLResponse)
def calculator(request: Request) -> Response:
    """The calculator, showing the result of the inputs in the URL."""
    deal = CalculatorForm.read(dict(request.query_params))
    context = _context(deal)
    return page(request, "calculator.html", context, 422 if deal.errors else 200)


@router.post("/")
async def calculator_post(request: Request, form: PostedForm) -> Response:
    """The form posted without JavaScript: redirect to the result's shareable URL."""
    deal = CalculatorForm.read(form)
    context = _context(deal)
    if context["share"] is None:
        return page(request, "calculator.html", context, 422)
    return RedirectResponse(context["share"], status_code=303)

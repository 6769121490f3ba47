"""A split score (Law 12C1(b)): one result for NS, another for EW."""

from __future__ import annotations

from dataclasses import dataclass

from bridgescore.errors import SessionError, for_field
from bridgescore.model import Result, Side, Vulnerability
from bridgescore.scoring import UndertrickRule, score_result

__all__ = ["Split"]


@dataclass(frozen=True, slots=True)
class Split:
    """An assigned split score (Law 12C1(b)): one real result for NS, another for EW; each
    side's score is matchpointed against the other results for its side (SCORING.md §19).

    >>> sp = Split.parse("4SN=", "4SN-1")
    >>> str(sp), sp.ns_scores("None")
    ('NS 4SN= / EW 4SN-1', (420, -50))
    """

    ns: Result
    """The result NS are scored on."""
    ew: Result
    """The result EW are scored on."""

    @classmethod
    def parse(cls, ns: str, ew: str) -> Split:
        """Read the two results (``4SN=``, ``4SN-1``).

        :raises NotationError: (field ``split``) for a result that cannot be read.
        """
        with for_field("split"):
            return cls(Result.parse(ns), Result.parse(ew))

    @classmethod
    def read(cls, text: str) -> Split:
        """Read the written form, ``NS 4SN= / EW 4SN-1`` (as :func:`str` gives it).

        >>> Split.read("ns 4SN= / ew 4SN-1") == Split.parse("4SN=", "4SN-1")
        True

        :raises SessionError: (field ``split``) for anything else.
        """
        ns_part, slash, ew_part = text.strip().partition("/")
        ns_words, ew_words = ns_part.split(), ew_part.split()
        if not slash or len(text) > 60 or [w.upper() for w in (ns_words + ew_words)[::2]] != [
                "NS", "EW"] or len(ns_words) != 2 or len(ew_words) != 2:  # fmt: skip
            raise SessionError.coded("split_notation", field="split", value=text, text=text)
        return cls.parse(ns_words[1], ew_words[1])

    def ns_scores(self, vulnerability: Vulnerability | str,
                  undertrick_rule: UndertrickRule = "modern") -> tuple[int, int]:  # fmt: skip
        """The two results' scores, each from NS's side of the table (EW's own is the second
        negated)."""
        vul = Vulnerability(vulnerability) if isinstance(vulnerability, str) else vulnerability
        return (
            score_result(self.ns, vul, undertrick_rule=undertrick_rule).for_side(Side.NS),
            score_result(self.ew, vul, undertrick_rule=undertrick_rule).for_side(Side.NS),
        )

    def __str__(self) -> str:
        return f"NS {self.ns} / EW {self.ew}"

"""The ABF's masterpoints (Masterpoint Manual, SCORING.md §25.1): the session winners' award of
clause 3.1.1, the outright winners' award of clause 3.1.2, the placings of clause 4.2.

Awards are per player, in masterpoints to the hundredth (a club Mitchell at weight 1.5 gives its
winners three hundredths a table):

>>> session_winner(10, one_winner=False, weight=Fraction(3, 2))
Decimal('0.30')
>>> [str(a) for a in placings(session_winner(8, one_winner=True, weight=Fraction(1)), 16)]
['0.32', '0.22', '0.16', '0.11', '0.08', '0.06', '0.05', '0.05']
"""

from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction

from bridgescore.errors import MasterpointError
from bridgescore.masterpoints._spec import round_to

__all__ = ["QUANTUM", "kind", "outright_winner", "placings", "session_winner"]

QUANTUM = Decimal("0.01")
"""Awards are kept to the hundredth of a masterpoint."""


def _dec(weight: Fraction) -> Decimal:
    return Decimal(weight.numerator) / Decimal(weight.denominator)


def _exp(x: Decimal) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 28
        return x.exp()


def session_winner(tables: int, *, one_winner: bool, weight: Fraction) -> Decimal:
    """The winners' award of a session of ``tables`` tables (clause 3.1.1): ``0.02WT`` up to
    30 tables and ``W(1 - exp(-T/32))`` above in a two-winner movement (a Mitchell);
    ``0.04WT`` up to 15 and ``W(1 - exp(-T/16))`` above in a one-winner movement (a Howell).

    >>> session_winner(40, one_winner=False, weight=Fraction(1))
    Decimal('0.71')
    """
    if tables < 1:
        raise MasterpointError.coded("abf_session_tables", field="tables", value=tables,
                                     tables=tables)  # fmt: skip
    w, t = _dec(weight), Decimal(tables)
    limit, rate, scale = (15, Decimal("0.04"), 16) if one_winner else (30, Decimal("0.02"), 32)
    if tables <= limit:
        return round_to(rate * w * t, QUANTUM)
    return round_to(w * (1 - _exp(-t / scale)), QUANTUM)


def outright_winner(tables: int, sessions: int, weight: Fraction) -> Decimal:
    """The outright winner's award of an event of ``sessions`` sessions and ``tables`` tables
    (clause 3.1.2): ``4.2W[1 - exp(-T(S-1)/105) + 0.65 exp(-800/(T(S-1)))]``.

    The manual adjusts this formula for 2 and 3 sessions with figures not available here
    (SCORING.md §25.1), so those are refused rather than guessed:

    >>> outright_winner(10, 4, Fraction(1))
    Decimal('1.04')
    >>> outright_winner(10, 2, Fraction(1))
    Traceback (most recent call last):
    ...
    bridgescore.errors.MasterpointError: sessions 2: the ABF adjusts its outright awards for \
2 and 3 sessions (Tables 3A-3C), which bridgescore does not have; 4 sessions or more are computed
    """
    if sessions < 4:
        raise MasterpointError.coded("abf_sessions", field="sessions", value=sessions,
                                     sessions=sessions)  # fmt: skip
    if tables < 1:
        raise MasterpointError.coded("abf_event_tables", field="tables", value=tables,
                                     tables=tables)  # fmt: skip
    w, x = _dec(weight), Decimal(tables * (sessions - 1))
    award = Decimal("4.2") * w * (1 - _exp(-x / 105) + Decimal("0.65") * _exp(-800 / x))
    return round_to(award, QUANTUM)


def placings(winner: Decimal, field: int) -> list[Decimal]:
    """The awards of the places of a field of ``field`` pairs (clause 4.2.1): the top half,
    rounded down; the runners-up 70 % of the winners' award, place ``p`` from the third the
    winners' award over ``p - 1``, each to the hundredth.

    >>> placings(Decimal("0.30"), 9)
    [Decimal('0.30'), Decimal('0.21'), Decimal('0.15'), Decimal('0.10')]
    """
    out = []
    for place in range(1, field // 2 + 1):
        if place == 1:
            out.append(winner)
        elif place == 2:
            out.append(round_to(winner * Decimal("0.7"), QUANTUM))
        else:
            out.append(round_to(Fraction(winner) / (place - 1), QUANTUM))
    return out


def kind(weight: Fraction) -> str:
    """The colour of the points as Compscore writes it in USEBIO: green below weight 2.5 (club
    sessions), red from 2.5.

    >>> kind(Fraction(3, 2)), kind(Fraction(5, 2))
    ('GREEN', 'RED')
    """
    return "GREEN" if weight < Fraction(5, 2) else "RED"

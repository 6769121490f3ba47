"""A player's percentages over time as an inline SVG, drawn on the server (no script): the
geometry here, the markup in ``templates/site/_plot.html``.

>>> plot = percent_plot([PercentPoint("2026.11.03", 48.5), PercentPoint("2026.11.10", 61.25)])
>>> plot.low, plot.high, [round(d.y) for d in plot.dots]
(40, 70, [125, 58])
>>> percent_plot([]) is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Final

__all__ = ["HEIGHT", "WIDTH", "PercentPoint", "Plot", "PlotDot", "percent_plot"]

WIDTH: Final = 360
"""The SVG's width in its own units: a phone's (text of 12 units is then about 12 px)."""
HEIGHT: Final = 200
_LEFT, _RIGHT, _TOP, _BOTTOM = 40, 14, 12, 30
_INSET = 18  # the first and last points this far inside the axes, their dates not cut


@dataclass(frozen=True, slots=True)
class PercentPoint:
    """One session: its date (as shown) and the player's pair's percentage."""

    date: str
    """The session's date as the page writes it under the axis (PBN's ``2026.11.03``)."""
    percent: float
    """The player's pair's percentage that session, 0 to 100 (a session scored in IMPs has
    none, and no point)."""


@dataclass(frozen=True, slots=True)
class PlotDot:
    """A point as drawn, with its label."""

    x: float
    """Across, in the SVG's units: the sessions evenly spread in order inside the axes (a
    single one in the middle)."""
    y: float
    """Down from the top, in the SVG's units (a higher percentage is higher up)."""
    point: PercentPoint
    """The session it stands for."""


@dataclass(frozen=True, slots=True)
class Plot:
    """The plot's geometry, in the SVG's own units (``WIDTH`` by ``HEIGHT``)."""

    dots: tuple[PlotDot, ...]
    """The sessions' points, in order."""
    low: int
    """The percentage at the bottom of the plot (whole tens, at least 20 below ``high``)."""
    high: int
    """The percentage at the top of the plot."""
    ticks: tuple[tuple[float, int], ...]
    """Each horizontal grid line: its y and its percentage."""
    fifty: float | None
    """The y of the 50% line, if in range."""
    width: int = WIDTH
    height: int = HEIGHT
    left: int = _LEFT
    right: int = WIDTH - _RIGHT

    @property
    def line(self) -> str:
        """The polyline's ``points``."""
        return " ".join(f"{d.x:.1f},{d.y:.1f}" for d in self.dots)

    @property
    def labels(self) -> tuple[PlotDot, ...]:
        """The dots whose dates are written under the axis (at most 6, evenly spread)."""
        if len(self.dots) <= 6:
            return self.dots
        step = (len(self.dots) - 1) / 5
        return tuple(self.dots[round(i * step)] for i in range(6))


def percent_plot(points: list[PercentPoint]) -> Plot | None:
    """The plot of these sessions (in order), from a low to a high of whole tens around
    them; None without any."""
    if not points:
        return None
    values = [p.percent for p in points]
    low = max(0, math.floor(min(values) / 10) * 10 - (10 if min(values) % 10 < 2 else 0))
    high = min(100, math.ceil(max(values) / 10) * 10 + (10 if max(values) % 10 > 8 else 0))
    if high - low < 20:
        low, high = max(0, low - 10), min(100, high + 10)
    span_x = WIDTH - _LEFT - _RIGHT - 2 * _INSET
    span_y = HEIGHT - _TOP - _BOTTOM

    def y(value: float) -> float:
        return _TOP + span_y * (high - value) / (high - low)

    n = len(points)
    dots = tuple(
        PlotDot(_LEFT + _INSET + (span_x * i / (n - 1) if n > 1 else span_x / 2), y(p.percent), p)
        for i, p in enumerate(points)
    )
    ticks = tuple((y(v), v) for v in range(low, high + 1, 10))
    return Plot(dots, low, high, ticks, y(50) if low < 50 < high else None)

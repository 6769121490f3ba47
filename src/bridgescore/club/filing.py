"""Masterpoints filed with a national body, once the results are final (SCORING.md §29).

A club's live evening awards masterpoints by the club's scheme
(:attr:`~bridgescore.club.Club.masterpoints`); :func:`evening_awards` asks the core
(:func:`bridgescore.masterpoints.awards`) for them, and :func:`filing` writes the file a body
takes, after :func:`check_final` (the correction period of SCORING.md §22 has ended):

- ``abf``: the ABF Masterpoint Centre's *masterpoint credit file* (:func:`abf_credit_file`):
  a line of 13 digits a player, the ABF number (7) and the points in hundredths (6), each
  left-filled with zeros, no heading; the file's extension names the colour of the points
  (``.grn`` green, ``.red``, ``.gld``);
- ``ebu``: USEBIO 1.2 with the EBU's charge code (``P2P_CHARGE_RATE``: :data:`EBU_CHARGE_CODES`)
  and each player's national number and award (:func:`ebu_usebio`).

A player without a national number the body can read is not written: :attr:`Filing.unfiled`
names them, for the director to add by hand.

>>> from decimal import Decimal
>>> from bridgescore.duplicate.session import Pair
>>> from bridgescore.masterpoints import Award
>>> from bridgescore.players import Player
>>> pair = Pair(1, names="A & B", players=(Player("A", "123456"), Player("B", "2288")))
>>> abf_credit_file({pair: Award(Decimal("0.42"), "green")})
(b'0002288000042\\r\\n0123456000042\\r\\n', 'grn', ())
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from decimal import Decimal
from typing import Final, Literal

from bridgescore.club.clubs import Club, is_provisional, provisional_until
from bridgescore.duplicate.session import Pair, SectionScores, Session
from bridgescore.errors import BridgeError, MasterpointError
from bridgescore.events.pairs import EventRankRow
from bridgescore.masterpoints import Award, MasterpointSpec, Scheme, awards, event_awards

__all__ = [
    "ABF_EXTENSIONS",
    "EBU_CHARGE_CODES",
    "FILING_FORMATS",
    "Filing",
    "FilingError",
    "NotFinalError",
    "abf_credit_file",
    "check_final",
    "ebu_usebio",
    "evening_awards",
    "filing",
    "filing_format",
    "outright_awards",
]

FilingFormat = Literal["abf", "ebu"]
FILING_FORMATS: Final = ("abf", "ebu")
"""The files :func:`filing` writes: the ABF's credit file, the EBU's USEBIO."""

EBU_CHARGE_CODES: Final = {
    "10": "a club session (the usual rate)",
    "03": "the club's annual free session",
    "04": "a teaching session of up to 16 boards",
    "22": "a licensed novice session, at half rate",
    "30": "a licensed affiliated event",
    "40": "a licensed affiliated charity event",
    "50": "an affiliated or associated blue-pointed event",
    "60": "a licensed county green-pointed event",
}
"""The EBU's Universal Membership (P2P) charge codes a results file names, as the EBU
published them (SCORING.md §29.2); a club evening is ``10``."""

_BODY_FORMAT: Final[dict[Scheme, FilingFormat]] = {Scheme.ABF: "abf", Scheme.EBU: "ebu"}
"""The file each scheme's national body takes (the ACBL's is not published)."""

ABF_EXTENSIONS: Final = {"green": "grn", "red": "red", "gold": "gld"}
"""The extension of an ABF credit file by the colour of its points."""

_ABF_NUMBER_DIGITS: Final = 7
_ABF_POINT_DIGITS: Final = 6


class FilingError(BridgeError, ValueError):
    """Masterpoints that cannot be filed as asked (no scheme, a body's format that cannot say
    them, an unknown charge code)."""


class NotFinalError(BridgeError):
    """The results are not final yet: the evening is open, or its correction period runs."""


def check_final(closed_at: datetime | None, period: timedelta, now: datetime) -> None:
    """Nothing if an evening closed at ``closed_at`` is final at ``now`` (SCORING.md §22:
    its correction period ``period`` has ended); masterpoints are filed only then.

    >>> from datetime import UTC
    >>> closed = datetime(2026, 12, 1, 22, 30, tzinfo=UTC)
    >>> check_final(closed, timedelta(hours=24), closed + timedelta(hours=24))
    >>> check_final(closed, timedelta(hours=24), closed)
    Traceback (most recent call last):
    ...
    bridgescore.club.filing.NotFinalError: the results are provisional until 2026-12-02 22:30 \
UTC (the correction period): masterpoints are filed after it

    :raises NotFinalError: (field ``closed_at``) if the evening is open or still provisional.
    """
    if closed_at is None:
        raise NotFinalError.coded("filing_not_closed", field="closed_at", value=None)
    if is_provisional(closed_at, period, now):
        until = provisional_until(closed_at, period)
        raise NotFinalError.coded("filing_provisional", field="closed_at",
                                  value=until.isoformat(),
                                  until=f"{until:%Y-%m-%d %H:%M}")  # fmt: skip


def filing_format(spec: MasterpointSpec) -> FilingFormat | None:
    """The file the scheme's body takes: ``abf`` for the ABF's, ``ebu`` for the EBU's; None
    for the ACBL's (its club game files are not published).

    >>> from bridgescore.masterpoints import parse_spec
    >>> filing_format(parse_spec("abf")), filing_format(parse_spec("acbl"))
    ('abf', None)
    """
    return _BODY_FORMAT.get(spec.scheme)


def evening_awards(
    spec: MasterpointSpec | None, scored: Sequence[SectionScores]
) -> dict[Pair, Award] | None:
    """Each pair's award for an evening by the club's scheme: the core's
    :func:`~bridgescore.masterpoints.awards`; None without a scheme, or for a scheme whose
    session awards the core does not have (the EBU's two-winner sessions: SCORING.md §25),
    so that the pages show no awards rather than fail."""
    if spec is None:
        return None
    try:
        return awards(spec, scored)
    except MasterpointError:
        return None


def outright_awards(
    spec: MasterpointSpec | None, rows: Sequence[EventRankRow], sessions: int
) -> dict[Pair, Award] | None:
    """Each pair's outright award for a pairs event of ``sessions`` sessions, ranked as
    ``rows`` (the core's :func:`~bridgescore.masterpoints.event_awards`); None without a
    scheme, or for one whose outright awards the core does not have (SCORING.md §25)."""
    if spec is None or not rows:
        return None
    try:
        return event_awards(spec, rows, sessions)
    except MasterpointError:
        return None


@dataclass(frozen=True, slots=True)
class Filing:
    """A file for a national body: its name's extension, media type and bytes, and the
    players it could not hold (no national number the body reads), by name."""

    extension: str
    media_type: str
    data: bytes
    unfiled: tuple[str, ...]


def _players(found: Mapping[Pair, Award]) -> list[tuple[str, str | None, Award]]:
    """Each awarded player: name, national number, award (a pair without players: its names)."""
    out: list[tuple[str, str | None, Award]] = []
    for pair, award in found.items():
        if pair.players:
            out += [(p.name, p.number, award) for p in pair.players]
        else:
            out += [(name.strip(), None, award) for name in pair.names.split(" & ") if name.strip()]
    return out


def abf_credit_file(found: Mapping[Pair, Award]) -> tuple[bytes, str, tuple[str, ...]]:
    """The ABF masterpoint credit file of these awards: a line a player awarded points,
    ``NNNNNNNPPPPPP`` (the ABF number in 7 digits, the points in hundredths in 6, both
    left-filled with zeros), a player's points summed, in ABF-number order, DOS line ends;
    its extension (the points' colour) and the players left out (no ABF number of at most 7
    digits), by name.

    >>> from decimal import Decimal
    >>> from bridgescore.masterpoints import Award
    >>> from bridgescore.players import Player
    >>> p = Pair(1, players=(Player("Ann", "88249"), Player("Bob")))
    >>> abf_credit_file({p: Award(Decimal("1.45"), "green")})
    (b'0088249000145\\r\\n', 'grn', ('Bob',))

    :raises FilingError: for awards of several colours, or of one the ABF's files do not take.
    """
    kinds = {award.kind.lower() for award in found.values() if award.points > 0}
    if len(kinds) > 1 or not kinds <= ABF_EXTENSIONS.keys():
        raise FilingError.coded("abf_one_colour", field="kind", value=sorted(kinds),
                                kinds=", ".join(sorted(kinds)))  # fmt: skip
    extension = ABF_EXTENSIONS[kinds.pop() if kinds else "green"]
    points: dict[int, Decimal] = {}
    unfiled: list[str] = []
    for name, number, award in _players(found):
        if award.points <= 0:
            continue
        if number is None or not (number.isdigit() and len(number) <= _ABF_NUMBER_DIGITS):
            unfiled.append(name)
            continue
        points[int(number)] = points.get(int(number), Decimal(0)) + award.points
    lines = []
    for abf, total in sorted(points.items()):
        hundredths = int((total * 100).to_integral_value())
        if hundredths >= 10**_ABF_POINT_DIGITS:
            raise FilingError.coded("abf_points_digits", field="points", value=str(total),
                                    abf=abf, points=total)  # fmt: skip
        lines.append(f"{abf:0{_ABF_NUMBER_DIGITS}d}{hundredths:0{_ABF_POINT_DIGITS}d}\r\n")
    return "".join(lines).encode("ascii"), extension, tuple(unfiled)


def ebu_usebio(session: Session, scored: Sequence[SectionScores], spec: MasterpointSpec,
               charge_code: str = "10") -> tuple[bytes, tuple[str, ...]]:  # fmt: skip
    """The evening as the EBU takes it: the session's USEBIO 1.2 file
    (:func:`bridgescore.usebio.write`: the club's number, each player's name and national
    number) with, in its ``EVENT``, ``MPS_AWARDED_FLAG`` and the EBU's charge code
    (``P2P_CHARGE_RATE``), where Compscore writes them (before ``SESSION_COUNT``, after
    ``SECTION_COUNT``). Each pair's award is the core's writer's (``MASTER_POINTS``, the
    flag ``Y``) when the core has the scheme's awards; the EBU's scales for a two-winner
    session are not the core's (SCORING.md §25), so for one the flag is ``N`` and no pair holds
    an award.
    Also the players without a national number, by name.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.session import BoardResult, Section, score_session
    >>> from bridgescore.masterpoints import parse_spec
    >>> s = Session((Section("A", "howell", results=[BoardResult(1, 1, 2,
    ...     Result.parse("4SS="))]),), event="Tuesday")
    >>> data, unfiled = ebu_usebio(s, score_session(s), parse_spec("ebu"))
    >>> b"<P2P_CHARGE_RATE>10</P2P_CHARGE_RATE>" in data, unfiled
    (True, ())

    :raises FilingError: for a charge code the EBU has not published.
    """
    from bridgescore import usebio

    if charge_code not in EBU_CHARGE_CODES:
        raise FilingError.coded("ebu_charge_code", field="charge_code", value=charge_code,
                                got=repr(charge_code),
                                codes=", ".join(EBU_CHARGE_CODES))  # fmt: skip
    try:  # the awards in each PAIR, when the core has the scheme's (§25)
        data = usebio.write(session, scored, masterpoints=spec)
    except MasterpointError:
        data = usebio.write(session, scored)
    start = data.index(b"<USEBIO")
    root = ET.fromstring(data[start:])  # the writer's own bytes: no entity, no DTD to fetch
    event = root.find("EVENT")
    assert event is not None  # the writer always writes one
    if event.find("MPS_AWARDED_FLAG") is None:
        flag = ET.Element("MPS_AWARDED_FLAG")
        flag.text = "N"
        event.insert([child.tag for child in event].index("SESSION_COUNT"), flag)
    rate = ET.Element("P2P_CHARGE_RATE")
    rate.text = charge_code
    event.insert([child.tag for child in event].index("SECTION_COUNT") + 1, rate)
    ET.indent(root, space=" ")
    text = data[:start] + ET.tostring(root, encoding="utf-8", xml_declaration=False) + b"\n"
    unfiled = tuple(
        player.name
        for s in scored
        for pair in s.section.pairs
        if pair.key in s.pairs
        for player in pair.players
        if player.number is None
    )
    return text, unfiled


def filing(
    format: FilingFormat,
    club: Club,
    session: Session,
    scored: Sequence[SectionScores],
    *,
    closed_at: datetime | None,
    now: datetime,
    charge_code: str = "10",
) -> Filing:
    """The file of an evening's masterpoints for the body of ``format`` (``abf``, ``ebu``), by
    the club's scheme; only once the results are final (:func:`check_final`, first).

    :raises NotFinalError: before the correction period has ended.
    :raises FilingError: for a club without a scheme, or a format it cannot fill.
    """
    check_final(closed_at, club.correction_period, now)
    spec = club.masterpoints
    if spec is None:
        raise FilingError.coded("filing_no_scheme", field="masterpoints", value=None)
    if filing_format(spec) != format:
        raise FilingError.coded("filing_format_scheme", field="format", value=format,
                                scheme=str(spec.scheme).upper(), got=repr(format))  # fmt: skip
    if format == "abf":
        data, extension, unfiled = abf_credit_file(awards(spec, scored))
        return Filing(extension, "text/plain; charset=us-ascii", data, unfiled)
    if format == "ebu":  # the body knows the club by its number: the file names it
        named = replace(session, tags={**session.tags, "Club": club.label,
                                       "ClubNumber": club.number})  # fmt: skip
        data, unfiled = ebu_usebio(named, scored, spec, charge_code)
        return Filing("xml", "application/xml", data, unfiled)
    raise FilingError.coded("filing_format", field="format", value=format, got=repr(format))

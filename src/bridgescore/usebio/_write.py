"""A session written as USEBIO 1.2: the club, the event, each pair's place, score and players,
and every board's traveller lines with their points."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from typing import Final

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import (
    Pair,
    RankRow,
    SectionScores,
    Session,
    heading,
    individual_scores,
    score_session,
)
from bridgescore.errors import UsebioError
from bridgescore.masterpoints import Award, MasterpointSpec, awards, individual_awards
from bridgescore.model import Seat, Side
from bridgescore.usebio._read import SUITS
from bridgescore.usebio._xml import DOCTYPE, add_player, add_result, document, start
from bridgescore.usebio._xml import add as _add

__all__ = ["DOCTYPE", "refusal", "write"]

_EVENT_TYPE: Final = {"mp": "MP_PAIRS", "butler": "BUTLER_PAIRS", "cross-imps": "CROSS_IMP"}
"""``EVENT_TYPE`` as the club programs write it (Compscore, ScoreBridge) and the ABF's and
EBU's services read it."""
_SCORING: Final = {"mp": "MATCH_POINTS", "butler": "BUTLER_IMPS", "cross-imps": "CROSS_IMPS"}
_POINTS: Final = {"mp": "MATCH_POINTS", "butler": "BUTLER_POINTS", "cross-imps": "CROSS_IMP_POINTS"}
_CLUB_LABEL: Final = re.compile(r"(.+) \((?:[A-Z]+) ([A-Za-z0-9]{1,20})\)")
"""A live evening's ``Club`` tag, ``Name (EBU 1234)``: the club's name and number."""


_ASSIGNED: Final = "the points each side scored, the contract fields left out"
"""How a weighted or split score (Law 12C1(c), (b)) is written: a ``TRAVELLER_LINE`` with
the pairs and both sides' points only, as the club programs write an adjusted score that is
no single contract (SCORING.md §21, "Adjusted scores")."""


def refusal(session: Session) -> UsebioError | None:
    """What :func:`write` would refuse in ``session`` (cheaply, without scoring it), or None:
    an artificial score that is not a whole percentage, a board dealt differently in two
    sections. A page links a USEBIO download only when this is None.

    >>> from bridgescore.duplicate.field import Artificial
    >>> from bridgescore.duplicate.session import Section
    >>> refusal(Session((Section("A", "howell"),))) is None
    True
    >>> refusal(Session((Section("A", "howell"),), artificial=Artificial(plus=62.5))).field
    'artificial'
    """
    try:
        art = session.artificial
        for value, what in ((art.plus, "A+"), (art.average, "A"), (art.minus, "A-")):
            _percent(value, what)
        _deals(session)
    except UsebioError as exc:
        return exc
    return None


_INDIVIDUAL: Final = "INDIVIDUAL"
"""An individual's ``EVENT_TYPE`` (SCORING.md §26): as USEBIO 1.2 lists it (scorer-to-usebio's
list of the specification's event types; ImportUsebio reads it as an event of ``PLAYER`` s)."""


def _number(x: float) -> str:
    """Points as a file writes them: two decimals."""
    return f"{x:.2f}"


def _label(pair: Pair) -> str:
    """``3`` in a Howell, ``3NS``/``3EW`` in a Mitchell (unique across the section)."""
    return f"{pair.number}{pair.side.value}" if pair.side else str(pair.number)


def _percent(value: object, what: str) -> str:
    """An artificial score's percentage as the ``A6040`` form writes it: two digits."""
    number = float(value)  # type: ignore[arg-type]
    if number != int(number) or not 0 <= number <= 99:
        raise UsebioError(f"an artificial score of {number:g}% cannot be written as USEBIO's "
                          "A6040 form (whole percentages, two digits)", field="artificial",
                          value=what)  # fmt: skip
    return f"{int(number):02d}"


def write(session: Session, scored: Iterable[SectionScores] | None = None, *,
          masterpoints: MasterpointSpec | None = None) -> bytes:  # fmt: skip
    """The session as a USEBIO 1.2 file (UTF-8), scored by its method (or as ``scored``).

    One section is written as club programs write an evening, the participants and boards in
    the ``EVENT``; several, each in a ``SECTION`` of one ``SESSION``. A Mitchell's pairs are
    ``1NS``, ``1EW`` with a ``DIRECTION``; a Howell's ``1``. Matchpoints are MP1 (2 for a
    win), as :func:`~bridgescore.duplicate.session.score_session` gives them; percentages have two
    decimals. The boards' deals are the ``HANDSET``, a ``HAND`` for each hand known.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.session import BoardResult, Section
    >>> s = Session((Section("A", "mitchell", results=[
    ...     BoardResult(1, 1, 1, Result.parse("4SS=")),
    ...     BoardResult(1, 2, 2, Result.parse("4SS+1"))]),), event="Tuesday")
    >>> text = write(s).decode()
    >>> "<PAIR_NUMBER>2NS</PAIR_NUMBER>" in text, "<NS_MATCH_POINTS>2.00</NS_MATCH_POINTS>" in text
    (True, True)

    A weighted or split score (Law 12C1(c), (b)) is a ``TRAVELLER_LINE`` with the pairs and
    the points each side scored, its contract fields left out, as club programs write an
    adjusted score.

    With ``masterpoints``, each pair that earns an award holds a ``MASTER_POINTS`` with
    ``MASTER_POINTS_AWARDED`` (what each player earns, counted in the scheme's
    :attr:`~bridgescore.masterpoints.Scheme.unit`) and ``MASTER_POINT_TYPE`` (SCORING.md §25.5).

    An individual (SCORING.md §26) is an ``INDIVIDUAL`` event: its ``PARTICIPANTS`` are the
    players, a ``PLAYER`` each with its ``PLAYER_NUMBER``, ``PLAYER_NAME``, place, total and
    percentage; its traveller lines name the partnerships by their numbers in
    :meth:`~bridgescore.duplicate.movement.individual.IndividualMovement.as_pairs`.

    An individual's ``masterpoints`` are Scale F's
    (:func:`~bridgescore.masterpoints.individual_awards`), in each ``PLAYER``.

    :raises UsebioError: for what USEBIO cannot say (:func:`refusal`): an artificial score
        that is not a whole percentage, a board dealt differently in two sections.
    :raises MasterpointError: for a scheme whose awards bridgescore does not have.
    """
    sections = list(scored) if scored is not None else score_session(session)
    tags = dict(session.tags)
    head = heading(session)  # the event, date, club and venue every results file shows
    club_name, club_number = head.club, tags.get("ClubNumber", "")
    m = _CLUB_LABEL.fullmatch(club_name)
    if m and not club_number:
        club_name, club_number = m[1], m[2]
    mitchell = any(s.section.kind == "mitchell" for s in sections)
    kind = _INDIVIDUAL if session.individual is not None else _EVENT_TYPE[session.method]
    root, event = start(kind, head.event, 2 if mitchell else 1,
                        club=club_name, club_number=club_number)  # fmt: skip
    if re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", head.date):
        year, month, day = head.date.split(".")
        _add(event, "DATE", f"{day}/{month}/{year}")
    if head.site:
        _add(event, "VENUE", head.site)
    _add(event, "BOARD_SCORING_METHOD", _SCORING[session.method])
    _add(event, "SESSION_COUNT", 1)
    _add(event, "SECTION_COUNT", len(sections))
    if masterpoints is not None:
        _add(event, "MPS_AWARDED_FLAG", "Y")
    holder = event if len(sections) == 1 else _add(event, "SESSION", None)
    for scores in sections:
        if len(sections) == 1:
            into = holder
        else:
            into = _add(holder, "SECTION")
            into.set("SECTION_ID", scores.section.name)
        if session.individual is not None:
            _players(into, session, scores, masterpoints)
        else:
            _participants(into, session, scores, masterpoints)
        _boards(into, session, scores)
    _handset(root, session)
    return document(root)


def _deals(session: Session) -> dict[int, Deal]:
    """Each board's deal, where known: one a board number, across the sections.

    :raises UsebioError: for a board dealt differently in two sections.
    """
    deals: dict[int, Deal] = {}
    for section in session.sections:
        for board in section.boards:
            if board.deal is None:
                continue
            if deals.setdefault(board.number, board.deal) != board.deal:
                raise UsebioError(f"board {board.number} is dealt differently in two sections, "
                                  "which USEBIO's HANDSET cannot say", field="deal",
                                  value=board.number)  # fmt: skip
    return deals


def _handset(root: ET.Element, session: Session) -> None:
    """The boards' deals, if any: a ``BOARD`` each, its hands by ``DIRECTION``."""
    deals = _deals(session)
    if not deals:
        return
    handset = _add(root, "HANDSET")
    for number, deal in sorted(deals.items()):
        element = _add(handset, "BOARD")
        _add(element, "BOARD_NUMBER", number)
        for seat, hand in zip(Seat, deal.hands, strict=True):
            if hand is None:
                continue
            written = _add(element, "HAND")
            _add(written, "DIRECTION", seat.name.title())
            for name, ranks in zip(SUITS, hand.suits, strict=True):
                _add(written, name, ranks)


def _participants(into: ET.Element, session: Session, scores: SectionScores,
                  spec: MasterpointSpec | None) -> None:  # fmt: skip
    participants = _add(into, "PARTICIPANTS")
    earned = awards(spec, [scores]) if spec is not None else {}
    for rows in scores.rankings.values():
        for row in rows:
            pair = row.pair
            element = _add(participants, "PAIR")
            _add(element, "PAIR_NUMBER", _label(pair))
            if pair.side:
                _add(element, "DIRECTION", pair.side.value)
            _ranked(element, row)
            players = [(p.name, p.number) for p in pair.players] or [
                (name, None) for name in pair.names.split(" & ") if name.strip()]  # fmt: skip
            for name, number in players:
                add_player(element, name, number)
            _awarded(element, earned.get(pair), spec)


def _players(into: ET.Element, session: Session, scores: SectionScores,
             spec: MasterpointSpec | None) -> None:  # fmt: skip
    """An individual's participants: a ``PLAYER`` each, ranked, with its Scale F award
    (SCORING.md §26)."""
    assert session.individual is not None
    participants = _add(into, "PARTICIPANTS")
    players = individual_scores(session.individual, scores)
    earned = individual_awards(spec, players) if spec is not None else {}
    for row in players.rankings:
        element = _add(participants, "PLAYER")
        _add(element, "PLAYER_NUMBER", row.pair.number)
        _add(element, "PLAYER_NAME", session.individual.name(row.pair.number))
        _ranked(element, row)
        _awarded(element, earned.get(row.pair.number), spec)


def _ranked(element: ET.Element, row: RankRow) -> None:
    """A participant's place (if ranked), total, percentage and boards played."""
    if row.ranked:
        _add(element, "PLACE", row.rank)
    _add(element, "TOTAL_SCORE", _number(row.total))
    if row.percent is not None:
        _add(element, "PERCENTAGE", f"{row.percent:.2f}")
    _add(element, "BOARDS_PLAYED", row.boards)


def _awarded(element: ET.Element, award: Award | None, spec: MasterpointSpec | None) -> None:
    """A participant's ``MASTER_POINTS``, if it earns any, in the scheme's units."""
    if award is not None and award.points > 0 and spec is not None:
        held = _add(element, "MASTER_POINTS")
        _add(held, "MASTER_POINTS_AWARDED", int(award.points / spec.scheme.unit))
        _add(held, "MASTER_POINT_TYPE", award.kind)


def _boards(into: ET.Element, session: Session, scores: SectionScores) -> None:
    points = _POINTS[session.method]
    mitchell = scores.section.kind == "mitchell"
    art = session.artificial
    percent = {"A+": _percent(art.plus, "A+"), "A": _percent(art.average, "A"),
               "A-": _percent(art.minus, "A-")}  # fmt: skip
    for number in sorted(scores.travellers):
        board = _add(into, "BOARD")
        _add(board, "BOARD_NUMBER", number)
        vulnerability = scores.section.board(number).vulnerability
        if vulnerability != Board.numbered(number).vulnerability:
            _add(board, "VULNERABILITY", vulnerability.value)
        for line in scores.travellers[number]:
            r = line.result
            element = _add(board, "TRAVELLER_LINE")
            _add(element, "NS_PAIR_NUMBER", f"{r.ns}{Side.NS.value}" if mitchell else r.ns)
            _add(element, "EW_PAIR_NUMBER", f"{r.ew}{Side.EW.value}" if mitchell else r.ew)
            if r.weighted is not None or r.split is not None:
                pass  # an assigned score: the points each side scored, no contract (_ASSIGNED)
            elif isinstance(line.ns_score, Adjusted):
                _add(element, "SCORE", f"A{percent[line.ns_score.ns]}{percent[line.ns_score.ew]}")
            else:
                assert r.result is not None
                add_result(element, r.result, line.ns_score, r.lead)
            _add(element, "NS_" + points, _number(line.ns_points))
            _add(element, "EW_" + points, _number(line.ew_points))

"""A live evening's hand records: the deals the director attaches, their analysis, and who may
see a board's hands.

The director attaches deals (:class:`AttachDeals`: dealt in the app from a seed, or read
from a PBN, dealing-machine or LIN file) while the evening goes on; each board's double-dummy
table and par arrive later from a worker (:class:`Analysed`). Both change the session's
definition (each board holds its deal, double-dummy table and par as fields:
:mod:`bridgescore.boards.hand_record`), so :func:`~bridgescore.live.definition.redefine` passes
them to :func:`attach` and :func:`analysed`, the decisions storage asks inside its write.

Who may see a board's hands, double-dummy table and par is who may see its traveller
(:meth:`LiveState.may_see <bridgescore.live.LiveState.may_see>`, SCORING.md §13): at a table,
once both pairs sitting there now have played the board; the director always; everyone once
the session is closed. :func:`hand_for` applies it.

>>> from bridgescore.deals import deal_set
>>> from bridgescore.live.rules import DIRECTOR
>>> from bridgescore.duplicate.movement import mitchell
>>> from bridgescore.duplicate.session import Section, Session
>>> state = LiveState.start(Session((Section.from_movement(mitchell(3, 2)),)))
>>> dealt = deal_set("1-6", seed="5e" * 32).boards
>>> state = state.redefined(attach(state, DIRECTOR, AttachDeals(dealt)))
>>> [n for n, _ in unsolved(state.definition)]
[1, 2, 3, 4, 5, 6]
>>> hand_for(state, 1, 1) is None, hand_for(state, DIRECTOR, 1).deal == dealt[0].deal
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bridgescore.boards.board import Board
from bridgescore.boards.dd import DDTable
from bridgescore.boards.deal import Deal
from bridgescore.boards.hand_record import HandRecord, with_analysis, with_deal
from bridgescore.deals import DealtBoard
from bridgescore.duplicate.session import Section, Session
from bridgescore.errors import SessionError
from bridgescore.live.rules import LiveState, Who, check_director

__all__ = [
    "Analysed",
    "AttachDeals",
    "analysed",
    "attach",
    "hand_for",
    "progress",
    "unsolved",
]


@dataclass(frozen=True, slots=True)
class AttachDeals:
    """The director attaches deals to boards of the session (replacing any they had)."""

    boards: tuple[DealtBoard, ...]


@dataclass(frozen=True, slots=True)
class Analysed:
    """Boards' double-dummy tables, each solved from the deal it names."""

    boards: tuple[tuple[int, Deal, DDTable], ...]


def _section(state: LiveState, boards: dict[int, Board]) -> Session:
    sec = state.definition
    changed = tuple(boards.get(b.number, b) for b in sec.boards)
    return replace(state.session, sections=(replace(sec, boards=changed),))


def attach(state: LiveState, who: Who, change: AttachDeals) -> Session:
    """The session's definition with the deals attached, if ``who`` may: the director only,
    all or none. Each deal is of a board the session plays, given once, with all four hands
    and Law 2's dealer and vulnerability for its number (a file's board that says otherwise
    is another board).

    :raises NotAllowedError: for a table's token.
    :raises SessionError: (field ``board``, naming it) for the first deal refused.
    """
    check_director(who, "director_deals", "deals")
    if not change.boards:
        raise SessionError.coded("deals_none", field="deals")
    known = {b.number: b for b in state.definition.boards}
    changed: dict[int, Board] = {}
    for dealt in change.boards:
        n = dealt.number
        if n not in known:
            raise SessionError.coded("deals_board_not_played", field="board", value=n,
                                     board=n, boards=_span(sorted(known)))  # fmt: skip
        if n in changed:
            raise SessionError.coded("deals_board_twice", field="board", value=n, board=n)
        if not dealt.board.follows_law_2:
            law = Board.numbered(n)
            raise SessionError.coded("deals_law_2", field="board", value=n, board=n,
                dealer=dealt.dealer.value, vulnerability=dealt.vulnerability.value,
                law_dealer=law.dealer.value, law_vulnerability=law.vulnerability.value)  # fmt: skip
        if not dealt.deal.is_complete:
            raise SessionError.coded("deals_incomplete", field="board", value=n, board=n,
                                     deal=str(dealt.deal))  # fmt: skip
        changed[n] = with_deal(known[n], dealt.deal)
    return _section(state, changed)


def analysed(state: LiveState, who: Who, change: Analysed) -> Session:
    """The session's definition with the boards' double-dummy tables and par, if ``who`` may
    (the director: the worker acts for the director), all or none; each board still holds
    the deal it was solved from.

    :raises NotAllowedError: for a table's token.
    :raises SessionError: (field ``board``) for a board whose deal has changed since.
    """
    check_director(who, "director_analysis", "deals")
    known = {b.number: b for b in state.definition.boards}
    changed: dict[int, Board] = {}
    for number, deal, table in change.boards:
        board = known.get(number)
        if board is None or board.deal != deal:
            raise SessionError.coded("deal_changed", field="board", value=number, board=number)
        changed[number] = with_analysis(board, table)
    return _section(state, changed)


def unsolved(section: Section) -> list[tuple[int, Deal]]:
    """The boards with a deal and no double-dummy table yet, and their deals."""
    out = []
    for board in section.boards:
        if board.deal is not None and board.dd is None:
            out.append((board.number, board.deal))
    return out


def progress(section: Section) -> tuple[int, int, int]:
    """How many boards are solved, how many have a deal, and how many the section plays."""
    dealt = [b for b in section.boards if b.deal is not None]
    return sum(b.dd is not None for b in dealt), len(dealt), len(section.boards)


def hand_for(state: LiveState, who: Who | None, board: int) -> HandRecord | None:
    """The board's hand record (deal, double-dummy table, par) if ``who`` may see it now and
    it has a deal; None otherwise (see :meth:`~bridgescore.live.LiveState.may_see`)."""
    if not state.may_see(who, board):
        return None
    found = next((b for b in state.definition.boards if b.number == board), None)
    return None if found is None else HandRecord.of(found)


def _span(numbers: Sequence[int]) -> str:
    """``1-24``, or the numbers if they are not one run."""
    if numbers and list(numbers) == list(range(numbers[0], numbers[-1] + 1)):
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))

"""The results the handsets enter, as BCS's Data Connector gives them (the vendor's
:class:`ResultDTO`), made the evening's entries and stored through the one write the phones
use: :class:`~bridgescore.storage.live.LiveStore` asks :func:`bridgescore.live.accept` inside
its transaction, as the table whose handset entered it, so conflicts, the audit trail (``table
3 via Bridgemate``) and the versions are a phone's.

:func:`entry_of` reads one ResultDTO (checked first with the vendor's own
``validate_result_dto``); :class:`Bridge` sends the evening to BCS and applies what it polls.

>>> from bridgemate_dataconnector.dto import ResultDTO
>>> dto = ResultDTO(session_guid="A" * 32, section_letters="A", table_number=2,
...                 round_number=1, board_number=3, scoring_direction=3, pair_north_south=2,
...                 pair_east_west=2, declaring_pair=2, declarer_direction=3, level=4,
...                 denomination=3, stake=1, total_tricks=8, lead_card_rank=13,
...                 lead_card_suit=4)
>>> e = entry_of(dto)
>>> e.round, e.table, e.board, e.ns, e.ew, str(e.result), e.lead
(1, 2, 3, 2, 2, '4HXS-2', 'SK')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Literal

from bridgemate_dataconnector import DataConnectorClient, validate_result_dto
from bridgemate_dataconnector.dto import (
    ContinueDTO,
    DataConnectorResponseData,
    InitDTO,
    ResultDTO,
    ScoringProgramResponse,
)

from bridgescore.bridgemate.event import BridgemateError, guid_of, init_dto, letters_of
from bridgescore.duplicate.field import Adjusted, Award
from bridgescore.errors import BridgeError, for_field
from bridgescore.live import AlreadyEnteredError, LiveState, TableEntry, read_lead
from bridgescore.model import PASS_OUT, Result, Seat, parse_contract
from bridgescore.storage.live import LiveStore

__all__ = ["VIA", "Applied", "Bridge", "entry_of"]

VIA: Final = "Bridgemate"
"""What the audit trail says a handset's entry came through (``table 3 via Bridgemate``)."""

_STRAINS: Final = {1: "C", 2: "D", 3: "H", 4: "S", 5: "NT"}
_SEATS: Final = {1: Seat.NORTH, 2: Seat.EAST, 3: Seat.SOUTH, 4: Seat.WEST}
_SUITS: Final = {1: "C", 2: "D", 3: "H", 4: "S"}
_CARDS: Final = "??23456789TJQKA"
_ARTIFICIAL: Final[dict[int, tuple[Award, Award]]] = {
    -1: ("A-", "A-"), -2: ("A-", "A"), -3: ("A-", "A+"), -4: ("A", "A-"), -5: ("A", "A"),
    -6: ("A", "A+"), -7: ("A+", "A-"), -8: ("A+", "A"), -9: ("A+", "A+"),
}  # fmt: skip
"""ResultDTO's negative levels: the artificial score (NS's, EW's) for a result scored NS."""


_TEXT: Final = frozenset({"SessionGuid", "SectionLetters"})


def _check_types(dto: ResultDTO) -> None:
    """Each field of the DTO of the type the wire format gives it (a DTO read from JSON takes
    whatever it was sent): texts, a flag, whole numbers.

    >>> _check_types(ResultDTO(level="4"))  # type: ignore[arg-type]
    Traceback (most recent call last):
    ...
    bridgescore.bridgemate.event.BridgemateError: BCS sent a result whose Level is '4', not a \
whole number
    """
    for name, value in dto.to_dict().items():
        if name == "ValidationMessages":
            continue
        if name in _TEXT:
            ok, code = value is None or isinstance(value, str), "bm_not_text"
        elif name == "IsDeleted":
            ok, code = isinstance(value, bool), "bm_not_bool"
        else:
            ok, code = type(value) is int and abs(value) < 2**31, "bm_not_whole"
        if not ok:
            shown = str(value)[:40]
            raise BridgemateError.coded(code, field=name, value=shown, name=name, shown=shown)


def entry_of(dto: ResultDTO) -> TableEntry:
    """The evening's entry of a handset's result: a contract (``Level`` 1-7, its strain,
    doubling, declarer and tricks), ``Pass`` (level 0) or an artificial score (levels -1 to -9,
    NS's and EW's as the DTO's ``ScoringDirection`` says); the lead if entered. The movement,
    the pairs and who may enter it are :func:`bridgescore.live.accept`'s to check.

    :raises BridgemateError: for a DTO the vendor's validation refuses or whose fields are not
        of their types, or a board not played (level -10: the director's to settle).
    :raises BridgeError: for a result that cannot be (eight tricks short of 7NT), naming it.
    """
    _check_types(dto)
    if not validate_result_dto(dto):
        raise BridgemateError.coded(
            "bm_result_refused", field="result", messages="; ".join(dto.validation_messages or [])
        )
    where = (dto.round_number, dto.table_number, dto.board_number)
    sides = (dto.pair_north_south, dto.pair_east_west)
    if dto.level == ResultDTO.ContractLevel_NoPLay:
        raise BridgemateError.coded(
            "bm_not_played",
            field="level",
            value=dto.level,
            table=dto.table_number,
            board=dto.board_number,
        )
    if dto.level < 0:
        ns, ew = _ARTIFICIAL[dto.level]
        if dto.scoring_direction == ResultDTO.ScoringDirection_EW:
            ns, ew = ew, ns
        return TableEntry(*where, *sides, artificial=Adjusted(ns, ew))
    with for_field("contract"):
        if dto.level == ResultDTO.ContractLevel_Pass:
            return TableEntry(*where, *sides, result=Result(PASS_OUT, None, 0))
        contract = parse_contract(f"{dto.level}{_STRAINS[dto.denomination]}{'X' * dto.stake}")
        result = Result(contract, _SEATS[dto.declarer_direction], dto.total_tricks)
    lead = None
    if dto.lead_card_rank:
        lead = read_lead(_SUITS[dto.lead_card_suit] + _CARDS[dto.lead_card_rank])
    return TableEntry(*where, *sides, result=result, lead=lead)


Outcome = Literal["added", "changed", "deleted", "unchanged", "conflict", "refused"]


@dataclass(frozen=True, slots=True)
class Applied:
    """What became of one result polled from BCS."""

    table: int
    round: int
    board: int
    outcome: Outcome
    """``added``, ``changed``, ``deleted``; ``unchanged`` (the same again); ``conflict``
    (kept for the director, as a phone's would be); ``refused`` (the reason in
    :attr:`message`)."""
    message: str = ""

    def __str__(self) -> str:
        where = f"table {self.table} round {self.round} board {self.board}"
        return f"{where}: {self.outcome}" + (f" ({self.message})" if self.message else "")


class Bridge:
    """A live evening driven through BCS: :meth:`send` gives BCS the evening, :meth:`poll`
    applies the results its handsets have entered since, :meth:`run` polls until the
    evening is closed."""

    def __init__(
        self, live: LiveStore, game_id: str, client: DataConnectorClient, club_id: str
    ) -> None:
        self.live, self.game_id, self.client, self.club_id = live, game_id, client, club_id
        self.session_guid = guid_of(game_id)
        self._known: dict[tuple[int, int, int], str] | None = None

    @property
    def _versions(self) -> dict[tuple[int, int, int], str]:
        """The version of each result a handset last wrote (a handset's correction names it,
        as a phone's change names the version it read): read once from the audit trail (the
        results whose last change came through a bridge, so a bridge started again goes on
        where the last stopped), then kept as this one writes."""
        if self._known is None:
            last = {c.result_id: c.who for c in self.live.changes(self.game_id)}
            self._known = {
                (r.entry.table, r.entry.round, r.entry.board): r.version
                for r in self.live.state(self.game_id).results
                if last.get(r.id, "").endswith(f" via {VIA}")
            }
        return self._known

    def send(self, resume: bool = False) -> ScoringProgramResponse:
        """Give BCS the evening (:func:`~bridgescore.bridgemate.event.init_dto`), or, with
        ``resume``, ask it to go on with the one it has (BCS started again, the same
        evening).

        :raises BridgemateError: for an evening BCS cannot take, or BCS's refusal.
        """
        if resume:
            commands = InitDTO.StartBCS | InitDTO.Command_StartReading
            answer = self.client.continue_event(
                ContinueDTO(commands=commands, event_guid=guid_of(self.game_id, "event"))
            )
        else:
            answer = self.client.initialize(init_dto(self.live.state(self.game_id), self.club_id))
        if answer.data_type == DataConnectorResponseData.Error:
            raise BridgemateError.coded(
                "bm_answer", field="bcs", kind=answer.error_type.name,
                data=answer.serialized_data or "",
            )  # fmt: skip
        return answer

    def poll(self) -> list[Applied]:
        """Apply the results the handsets entered since the last poll, each as its table
        would from a phone, then tell BCS they are in (they are not sent again)."""
        try:
            polled = self.client.poll_for_results(self.session_guid)
        except (AttributeError, TypeError, ValueError) as exc:  # an answer not of its shape
            raise BridgemateError.coded("bm_poll", field="bcs", error=exc) from exc
        done = [self._apply(dto) for dto in polled]
        if polled:
            self.client.accept_queue_data(self.session_guid, DataConnectorResponseData.Results)
        return done

    def run(
        self,
        every: float = 5.0,
        report: Callable[[Applied], None] = lambda _: None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> int:
        """Poll every ``every`` seconds until the evening is closed (then once more, so a
        result entered before closing is not lost); each result's fate to ``report``. The
        number of results polled."""
        count = 0
        while True:
            closed = self.live.state(self.game_id).closed
            for applied in self.poll():
                count += 1
                report(applied)
            if closed:
                return count
            sleep(every)

    def _apply(self, dto: ResultDTO) -> Applied:
        where = (dto.table_number, dto.round_number, dto.board_number)
        try:
            if dto.session_guid != self.session_guid:
                raise BridgemateError.coded(
                    "bm_other_session", field="session", session=dto.session_guid
                )
            state = self.live.state(self.game_id)
            if dto.section_letters != letters_of(state):
                raise BridgemateError.coded(
                    "bm_section", field="section", value=dto.section_letters,
                    section=dto.section_letters,
                )  # fmt: skip
            return Applied(*where, *self._store(state, dto))
        except AlreadyEnteredError as exc:  # a phone's would be kept the same way
            return Applied(*where, "conflict" if _kept(exc, dto) else "refused", str(exc))
        except BridgeError as exc:
            return Applied(*where, "refused", str(exc))

    def _store(self, state: LiveState, dto: ResultDTO) -> tuple[Outcome, str]:
        table = dto.table_number
        key = (dto.table_number, dto.round_number, dto.board_number)
        there = state.at(*key)
        if dto.is_deleted:
            if there is None:
                return "unchanged", "nothing to delete"
            self.live.remove(self.game_id, there.id, table, via=VIA)
            self._versions.pop(key, None)
            return "deleted", ""
        entry = entry_of(dto)
        if state.closed:
            self.live.request(self.game_id, entry, table, via=VIA)
            return "conflict", "sent after closing: kept for the director"
        if there is None:
            added, _ = self.live.add(self.game_id, entry, table, via=VIA)
            self._versions[key] = added.version
            return "added", ""
        if there.entry == entry:
            return "unchanged", ""
        changed, _ = self.live.edit(
            self.game_id, there.id, entry, table, self._versions.get(key), via=VIA
        )
        self._versions[key] = changed.version
        return "changed", ""


def _kept(exc: AlreadyEnteredError, dto: ResultDTO) -> bool:
    """Whether the store kept the refused entry as a conflict (a different score)."""
    try:
        return not exc.existing.entry.same_score(entry_of(dto))
    except BridgeError:
        return False

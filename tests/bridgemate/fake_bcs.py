"""A fake Bridgemate Control Software behind the Data Connector, for the vendor's client.

It is the client's transport (``HttpTransport``): every request the client would send over
HTTP comes here, and is checked against the vendor's golden fixtures (the envelope and its
payload have the keys and JSON types of the fixture of the same command, written by the .NET
reference client) and against the vendor's own validation (``validate_init_dto``,
``validate_continue_dto``). A request that fails is answered as BCS answers one (``DataType``
Error, ``ErrorType`` Validation) and kept in :attr:`FakeBcs.refused`. The handsets' results are
queued with :meth:`FakeBcs.enter`, built with the client's own ``ResultDTO`` (the pairs taken
from the rounds the client sent), and given back by the poll, from the fixture's response.
No real BCS is involved. The fixtures: ``bridgemate-dataconnector/requests``,
``bridgemate-dataconnector/responses`` and ``bridgemate-dataconnector/validation`` under
``tests/data/real/`` (their source in its README).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bridgemate_dataconnector import (
    HttpTransport,
    validate_continue_dto,
    validate_init_dto,
    validate_result_dto,
)
from bridgemate_dataconnector.dto import (
    ContinueDTO,
    InitDTO,
    ResultDTO,
    RoundDTO,
    ScoringProgramDataConnectorCommands,
)

from bridgescore.model import PASS_OUT, Result

FIXTURES = Path(__file__).parents[1] / "data" / "real" / "bridgemate-dataconnector"
Command = ScoringProgramDataConnectorCommands


def fixture(kind: str, name: str) -> dict[str, Any]:
    """A golden fixture of the vendor's: ``requests``, ``responses`` or ``validation``."""
    loaded: dict[str, Any] = json.loads((FIXTURES / kind / f"{name}.json").read_text("utf-8"))
    return loaded


def shape(value: Any, template: Any, where: str = "") -> list[str]:
    """How ``value`` differs in shape from ``template`` (a fixture): keys, JSON types, each
    item of a list against the fixture's first; null stands for any value."""
    if value is None or template is None:
        return []
    if isinstance(template, dict):
        if not isinstance(value, dict):
            return [f"{where}: {type(value).__name__}, the fixture has an object"]
        found = [f"{where}: keys {sorted(set(value) ^ set(template))} differ"] if set(
            value) != set(template) else []  # fmt: skip
        for key in value.keys() & template.keys():
            found += shape(value[key], template[key], f"{where}.{key}")
        return found
    if isinstance(template, list):
        if not isinstance(value, list):
            return [f"{where}: {type(value).__name__}, the fixture has a list"]
        return [p for i, v in enumerate(value) for p in shape(v, template[0], f"{where}[{i}]")]
    if type(value) is not type(template):
        return [f"{where}: {type(value).__name__}, the fixture has {type(template).__name__}"]
    return []


def payload(serialized: str) -> Any:
    """A SerializedData's JSON (None for an empty one)."""
    return json.loads(serialized) if serialized else None


class FakeBcs(HttpTransport):
    """BCS as the vendor's fixtures and validation describe it; see the module."""

    def __init__(self, club_id: str = "CLUB001", licence_key: str = "LICENCE-KEY-123") -> None:
        self.club_id, self.licence_key = club_id, licence_key
        self.requests: list[dict[str, Any]] = []
        self.refused: list[tuple[str, list[str]]] = []
        self.init: InitDTO | None = None
        self.queue: list[tuple[int, ResultDTO]] = []
        self.last_id = 0

    # -- the transport ----------------------------------------------------------------------

    def get(self, url: str) -> str:
        return "Bridgemate dataconnector service version 5.0 (a fake)"

    def post(self, url: str, json_body: str) -> str:
        assert url.endswith("/dc-scoringprogram"), url
        envelope: dict[str, Any] = json.loads(json_body)
        self.requests.append(envelope)
        command = Command(envelope["Command"])
        problems = self.check(command, envelope)
        if problems:
            self.refused.append((command.name, problems))
            return self._answer(command, "Error", 4, 5, json.dumps(problems))
        return self._handle(command, payload(envelope["SerializedData"]))

    # -- the checks -------------------------------------------------------------------------

    def check(self, command: Command, envelope: dict[str, Any]) -> list[str]:
        """What is wrong with a request: its shape against the fixture of its command, the
        club's id and key, and its payload by the vendor's validation."""
        path = FIXTURES / "requests" / f"{command.name}.json"
        if not path.exists():
            return [f"bridgescore sends no {command.name}"]
        golden = fixture("requests", command.name)
        found = shape(envelope, golden, "request")
        if found:
            return found
        if (envelope["ClubId"], envelope["LicenceKey"]) != (self.club_id, self.licence_key):
            found.append("another club's id or licence key")
        data, template = payload(envelope["SerializedData"]), payload(golden["SerializedData"])
        if (data is None) != (template is None):
            found.append(f"SerializedData {envelope['SerializedData']!r}")
        found += shape(data, template, "SerializedData")
        if found:
            return found
        if command is Command.InitializeEvent:
            init = InitDTO.from_dict(data)
            if not validate_init_dto(init):
                return init.validation_messages or []
            self.init = init
        elif command is Command.ContinueEvent:
            go_on = ContinueDTO.from_dict(data)
            if not validate_continue_dto(go_on):
                return go_on.validation_messages or []
        elif envelope["SessionGuid"] != self.session_guid:
            return [f"SessionGuid {envelope['SessionGuid']} is not the initialized session's"]
        return []

    # -- the answers ------------------------------------------------------------------------

    @property
    def session_guid(self) -> str | None:
        return None if self.init is None else self.init.sessions[0].session_guid  # type: ignore[index]

    def _answer(self, command: Command, name: str, data_type: int, error: int, data: str,
                last: int = 0) -> str:  # fmt: skip
        answer = fixture("responses", name)
        answer.update(RequestCommand=int(command), DataType=data_type, ErrorType=error,
                      SessionGuid=self.session_guid, SerializedData=data,
                      LastQueueItemId=last)  # fmt: skip
        return json.dumps(answer)

    def _handle(self, command: Command, data: Any) -> str:
        if command is Command.PollQueueForNewResults:
            results = [dto.to_dict() if isinstance(dto, ResultDTO) else dto
                       for _, dto in self.queue]  # fmt: skip
            last = self.queue[-1][0] if self.queue else 0
            return self._answer(command, "PollQueueForNewResults", 12, 0, json.dumps(results), last)
        if command is Command.AcceptResultQueueItems:
            self.queue = [(n, dto) for n, dto in self.queue if n > data]
            return self._answer(command, "AcceptResultQueueItems", 1, 0, '"Accepted"')
        return self._answer(command, "InitializeEvent", 1, 0, '"Initialized"')

    # -- the handsets -----------------------------------------------------------------------

    def round_of(self, table: int, round_number: int) -> RoundDTO:
        """The round the client sent for this table."""
        assert self.init is not None, "BCS has no event yet"
        (section,) = self.init.sessions[0].scoring_groups[0].sections  # type: ignore[index,misc]
        for t in section.tables or []:
            for r in t.rounds or []:
                if (r.table_number, r.round_number) == (table, round_number):
                    return r
        raise AssertionError(f"no round {round_number} at table {table}")

    def enter(self, table: int, round_number: int, board: int, result: Result | None = None,
              lead: str | None = None, *, level: int | None = None,
              deleted: bool = False) -> ResultDTO:  # fmt: skip
        """A handset's result, as BCS queues it: a contract (``result``), an artificial
        score or no play (``level``, negative), or a deletion; pairs from the round sent."""
        r = self.round_of(table, round_number)
        dto = ResultDTO(session_guid=r.session_guid, section_letters=r.section_letters,
                        table_number=table, round_number=round_number, board_number=board,
                        scoring_direction=ResultDTO.ScoringDirection_NSEW, is_deleted=deleted,
                        pair_north_south=r.pair_ns, pair_east_west=r.pair_ew,
                        declaring_pair=r.pair_ns)  # fmt: skip
        if level is not None:
            dto.level = level
        elif result is not None and result.contract is not PASS_OUT:
            c = result.contract
            assert result.declarer is not None
            dto.level, dto.total_tricks = c.level, result.tricks
            dto.denomination = "CDHS".find(c.strain.value[0]) + 1 or 5
            dto.stake = len(c.doubling.value)
            dto.declarer_direction = "NESW".index(result.declarer.value) + 1
            if result.declarer.value in "EW":
                dto.declaring_pair = r.pair_ew
        if lead is not None:
            dto.lead_card_suit = "CDHS".index(lead[0]) + 1
            dto.lead_card_rank = "23456789TJQKA".index(lead[1]) + 2
        assert validate_result_dto(dto), dto.validation_messages
        self.last_id += 1
        self.queue.append((self.last_id, dto))
        return dto

"""A club's export: everything the club has, as one JSON file, and its import on another server.

:func:`export_club` reads, in one snapshot, the club, its directors (their password hashes, so
they log in on the new server with the same passwords), its roster, its games (live evenings
with their tables, results, conflicts, audit trail and mailings with their letters (the outbox
history: an evening's letters sent before the export are not sent again without ``again``);
sessions, rubbers and Chicagos), its events and its ladders. :func:`import_club` checks the
whole file first (every field, with the core's own readers; a live night's results and
conflicts with the same rules as a live write, :func:`~bridgescore.live.accept` as the director
makes them: the table, round and board in the movement, one result a slot) and then writes it
in one transaction: all of it or, on any error, nothing. A letter still on its way when
exported (queued, claimed, handing) comes in ``unknown``: the first server may yet send it, so
this one never does.

An import shares nothing with what is on the server: the club, its games and events get new
ids, every row a new number, and the club a new key (so its evenings' edit and table tokens are
new too; logins are not exported: directors log in again). :class:`Imported` maps the file's
ids to the new ones. Exporting the imported club gives the same file but for those ids.

>>> from bridgescore.storage.clubs import ClubStore
>>> with Store("sqlite://") as first, Store("sqlite://") as second:
...     club = ClubStore(first).create_club("Acol BC", "1234", "EBU")
...     data = export_club(first, club.id)
...     imported = import_club(second, data)
...     again = export_club(second, imported.club.id)
>>> data["club"]["name"], imported.club.id != club.id, again["club"]["id"] == imported.club.id
('Acol BC', True, True)
"""

from __future__ import annotations

import base64
import json
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from sqlalchemy import Connection, delete, insert, select

from bridgescore.club import (
    Club,
    ClubNotFoundError,
    RosterEntry,
    check_email,
    check_language,
    check_masterpoints,
    spec_text,
)
from bridgescore.duplicate.session import Session
from bridgescore.errors import BridgeError
from bridgescore.events import Event as TeamEvent
from bridgescore.events.pairs import PairsEvent
from bridgescore.events.season import Ladder
from bridgescore.live import DIRECTOR, Add, LiveResult, LiveState, accept, accept_request
from bridgescore.live.entry import TableEntry
from bridgescore.players import Player
from bridgescore.storage.backup_rows import (
    LETTER_STATES,
    ON_ITS_WAY,
    SPEC,
    BackupError,
    columns,
    core_error,
    json_text,
    listed,
    one_of,
    place_error,
    read_time,
    row_in,
    row_out,
    unique,
)
from bridgescore.storage.errors import ConstraintError, StorageError
from bridgescore.storage.live import table_token
from bridgescore.storage.rows import build
from bridgescore.storage.schema import (
    ClubGameRow,
    ClubLadderRow,
    ClubRow,
    ConflictRow,
    DealRow,
    DealSeedRow,
    DirectorRow,
    EventResultRow,
    EventRow,
    GameRow,
    LiveResultRow,
    MailingRow,
    OutboxRow,
    ResultChangeRow,
    RosterRow,
    TableTokenRow,
)
from bridgescore.storage.store import Store, utcnow
from bridgescore.storage.tokens import derived_token, hash_token

__all__ = ["FORMAT", "FORMAT_VERSION", "BackupError", "Imported", "export_club", "import_club",
           "read_export"]  # fmt: skip

FORMAT: Final = "bridgescore club export"
"""The value of an export's ``format`` field."""

FORMAT_VERSION: Final = 1
"""The version of the export's layout this bridgescore writes (and the newest it reads)."""

MAX_BYTES: Final = 512 * 1024 * 1024
"""The largest export file read (a club's years of evenings are a few megabytes)."""

_PHC: Final = re.compile(r"\$argon2(?:id|i|d)\$v=\d{1,3}\$m=\d{1,8},t=\d{1,4},p=\d{1,3}"
                         r"\$[A-Za-z0-9+/]{8,128}\$[A-Za-z0-9+/]{16,256}", re.ASCII)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import made: the new club, and the file's ids mapped to the new ones."""

    club: Club
    games: Mapping[str, str] = field(default_factory=dict)
    """The file's game (session) ids -> the new ones."""
    events: Mapping[str, str] = field(default_factory=dict)
    numbers: Mapping[str, Mapping[int, int]] = field(default_factory=dict)
    """Per kind of row (``directors``, ``roster``, ``results``, ``conflicts``), the file's
    numbers -> the new ones."""


# -- export ---------------------------------------------------------------------------------


def export_club(store: Store, club_id: str) -> dict[str, Any]:
    """Everything the club has, JSON-ready, read in one snapshot (the server may be serving).

    :raises ClubNotFoundError: if there is no such club.
    """
    with store.transaction() as conn:
        club = conn.execute(select(ClubRow).where(ClubRow.id == club_id)).first()
        if club is None:
            raise ClubNotFoundError.coded("no_club", field="club", value=club_id, club=club_id)
        game_ids = conn.execute(
            select(ClubGameRow.game_id).where(ClubGameRow.club_id == club_id)
        ).scalars().all()  # fmt: skip
        games = conn.execute(
            select(GameRow).where(GameRow.id.in_(game_ids))
            .order_by(GameRow.created_at, GameRow.id)
        ).all()  # fmt: skip
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "exported_at": utcnow().isoformat(),
            "club": row_out("club", club),
            "directors": _rows(conn, "directors", DirectorRow.club_id == club_id, DirectorRow.id),
            "roster": _rows(conn, "roster", RosterRow.club_id == club_id, RosterRow.id),
            "games": [_game(conn, row) for row in games],
            "events": _rows(
                conn, "events", EventRow.club_id == club_id, EventRow.created_at, EventRow.id
            ),
            "event_results": _rows(
                conn,
                "event_results",
                EventResultRow.event_id.in_(select(EventRow.id).where(EventRow.club_id == club_id)),
                EventResultRow.id,
            ),
            "seeds": _rows(conn, "seeds", DealSeedRow.game_id.in_(game_ids), DealSeedRow.game_id),
            "ladders": _rows(
                conn,
                "ladders",
                ClubLadderRow.club_id == club_id,
                ClubLadderRow.created_at,
                ClubLadderRow.id,
            ),
        }


def _rows(conn: Connection, name: str, where: Any, *order: Any) -> list[dict[str, Any]]:
    table = SPEC[name][0]
    return [row_out(name, row) for row in conn.execute(select(table).where(where).order_by(*order))]


def _game(conn: Connection, row: Any) -> dict[str, Any]:
    game_id = row.id
    tables = conn.execute(
        select(TableTokenRow.table).where(TableTokenRow.game_id == game_id)
        .order_by(TableTokenRow.table)
    ).scalars().all()  # fmt: skip
    return {
        **row_out("games", row),
        "deals": _rows(conn, "deals", DealRow.game_id == game_id, DealRow.seq),
        "tables": list(tables),
        "results": _rows(conn, "results", LiveResultRow.game_id == game_id, LiveResultRow.id),
        "conflicts": _rows(conn, "conflicts", ConflictRow.game_id == game_id, ConflictRow.id),
        "changes": _rows(conn, "changes", ResultChangeRow.game_id == game_id, ResultChangeRow.id),
        "mailings": [
            {**row_out("mailings", m), "letters": _letters(conn, m.id)}
            for m in conn.execute(
                select(MailingRow).where(MailingRow.game_id == game_id).order_by(MailingRow.id)
            )
        ],
    }


def _letters(conn: Connection, mailing_id: int) -> list[dict[str, Any]]:
    """A mailing's letters, as the file holds them (the outbox history)."""
    return _rows(conn, "letters", OutboxRow.mailing_id == mailing_id, OutboxRow.id)


# -- reading and checking a file --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Game:
    """A game of the file, checked: its row's values and its rows'."""

    values: dict[str, Any]
    deals: list[dict[str, Any]]
    tables: list[int]
    results: list[dict[str, Any]]
    conflicts: list[dict[str, Any]]
    changes: list[dict[str, Any]]
    result_ids: list[int]
    """The file's numbers of its results, stored and deleted (the audit trail names both)."""
    mailings: list[tuple[dict[str, Any], list[dict[str, Any]]]] = field(default_factory=list)
    """Its mailings, each with its letters (the outbox history)."""


@dataclass(frozen=True, slots=True)
class _Checked:
    club: dict[str, Any]
    directors: list[dict[str, Any]]
    roster: list[dict[str, Any]]
    games: list[_Game]
    events: list[dict[str, Any]]
    event_results: list[dict[str, Any]]
    seeds: list[dict[str, Any]]
    ladders: list[dict[str, Any]]


def read_export(data: bytes | str) -> dict[str, Any]:
    """An export file's JSON (not yet checked: :func:`import_club` checks it).

    :raises BackupError: for a file that is not JSON, or too large.
    """
    if len(data) > MAX_BYTES:
        raise BackupError.coded("export_size", field="file", value=len(data), most=MAX_BYTES,
                                got=len(data))  # fmt: skip
    try:
        loaded = json.loads(data)
    except (ValueError, RecursionError) as exc:
        raise BackupError.coded("export_json", field="file", why=str(exc)) from None
    if not isinstance(loaded, dict):
        raise place_error("file", "expected a JSON object", type(loaded).__name__)
    return loaded


def _check(data: Mapping[str, Any]) -> _Checked:
    """The whole file, checked field by field (nothing is written).

    :raises BackupError: naming the first field that will not do.
    """
    if data.get("format") != FORMAT:
        raise place_error("format", f"expected {FORMAT!r}", data.get("format"))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT_VERSION:
        raise place_error("version", f"this bridgescore reads version {FORMAT_VERSION}", version)
    allowed = {"format", "version", "exported_at", "club", "directors", "roster", "games",
               "events", "event_results", "seeds", "ladders"}  # fmt: skip
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise place_error(unknown[0], "unknown field", data[unknown[0]])
    club = row_in("club", data.get("club"), "club")
    try:
        Club(club["id"], club["name"], club["number"], club["body"])
        club["masterpoints"] = spec_text(check_masterpoints(club.get("masterpoints", "")))
        club["language"] = check_language(club.get("language"))
    except BridgeError as exc:
        raise core_error("club", exc) from None
    directors = [_director(d, f"directors[{i}]") for i, d in listed(data, "directors")]
    unique(directors, "email", "directors")
    roster = [_player(p, f"roster[{i}]") for i, p in listed(data, "roster")]
    unique(roster, "number", "roster")
    if "exported_at" in data:
        read_time("exported_at", data["exported_at"])
    games = [_checked_game(g, f"games[{i}]") for i, g in listed(data, "games")]
    game_ids = {g.values["id"] for g in games}
    events = [_event(e, f"events[{i}]", game_ids) for i, e in listed(data, "events")]
    for name, rows in (("directors", directors), ("roster", roster), ("events", events)):
        unique(rows, "id", name)
    unique([g.values for g in games], "id", "games")
    event_ids = {e["id"] for e in events}
    results = [row_in("event_results", r, f"event_results[{i}]")
               for i, r in listed(data, "event_results")]  # fmt: skip
    seeds = [row_in("seeds", r, f"seeds[{i}]") for i, r in listed(data, "seeds")]
    for name, rows, key, known in (("event_results", results, "event_id", event_ids),
                                   ("seeds", seeds, "game_id", game_ids)):  # fmt: skip
        for i, row in enumerate(rows):
            if row[key] not in known:
                raise place_error(f"{name}[{i}].{key}", "not one of this export's", row[key])
    ladders = [_ladder(r, f"ladders[{i}]")
               for i, r in (listed(data, "ladders") if "ladders" in data else ())]  # fmt: skip
    unique(ladders, "id", "ladders")
    return _Checked(club, directors, roster, games, events, results, seeds, ladders)


def _director(data: object, where: str) -> dict[str, Any]:
    values = row_in("directors", data, where)
    try:
        email = check_email(values["email"])
    except BridgeError as exc:
        raise core_error(where, exc) from None
    if email != values["email"]:
        raise place_error(f"{where}.email", "expected it in lower case", values["email"])
    if not _PHC.fullmatch(values["password_hash"]):
        raise place_error(f"{where}.password_hash", "expected an Argon2 hash (PHC string)",
                     values["password_hash"][:20])  # fmt: skip
    return values


def _player(data: object, where: str) -> dict[str, Any]:
    values = row_in("roster", data, where)
    if values["erased"]:
        if values["name"] or values["number"] is not None or values["email"] is not None:
            raise place_error(f"{where}.name", "an erased player keeps no name, number or email",
                         values["name"])  # fmt: skip
        return values
    try:
        RosterEntry(values["id"], Player(values["name"], values["number"]), values["email"],
                    values["public"], values["visitor"])  # fmt: skip
    except BridgeError as exc:
        raise core_error(where, exc) from None
    return values


def _checked_game(data: object, where: str) -> _Game:
    if not isinstance(data, dict):
        raise place_error(where, "expected an object", data)
    parts = ("deals", "tables", "results", "conflicts", "changes", "mailings")
    values = row_in("games", {k: v for k, v in data.items() if k not in parts}, where)
    one_of(f"{where}.kind", values["kind"], ("rubber", "chicago", "session", "teams"))
    deals = [row_in("deals", d, f"{where}.deals[{i}]") for i, d in listed(data, "deals", where)]
    try:
        game = build(values["id"], values["kind"], values["rules"], values["settings"],
                     values["ended"], [(d["contract"], d["declarer"], d["tricks"],
                                        d["honors_by"], d["honors"]) for d in deals])  # fmt: skip
    except StorageError as exc:
        cause = exc.__cause__
        if isinstance(cause, BridgeError) and cause.field:
            raise core_error(where, cause) from None
        part = "settings" if values["kind"] in ("session", "teams") else "rules"
        raise place_error(f"{where}.{part}", f"not a {values['kind']}'s: {exc}", None) from None
    tables = []
    for i, table in listed(data, "tables", where):
        if isinstance(table, bool) or not isinstance(table, int) or not 1 <= table <= 1000:
            raise place_error(f"{where}.tables[{i}]", "expected a table number", table)
        tables.append(table)
    if len(set(tables)) != len(tables):
        raise place_error(f"{where}.tables", "a table given twice", tables)
    results = [_result(r, f"{where}.results[{i}]") for i, r in listed(data, "results", where)]
    conflicts = [row_in("conflicts", c, f"{where}.conflicts[{i}]")
                 for i, c in listed(data, "conflicts", where)]  # fmt: skip
    changes = [row_in("changes", c, f"{where}.changes[{i}]")
               for i, c in listed(data, "changes", where)]  # fmt: skip
    unique(results, "id", f"{where}.results")
    unique(conflicts, "id", f"{where}.conflicts")
    for i, conflict in enumerate(conflicts):
        place = f"{where}.conflicts[{i}]"
        try:
            TableEntry.from_dict(json.loads(conflict["entry"]))
        except (BridgeError, KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, BridgeError):
                raise core_error(f"{place}.entry", exc) from None
            raise place_error(f"{place}.entry", "not a table's entry", conflict["entry"]) from None
        one_of(f"{place}.reason", conflict["reason"], ("different", "closed"))
        one_of(f"{place}.settled", conflict["settled"], (None, "stored", "entry"))
    named = {r["id"] for r in results}
    for i, change in enumerate(changes):
        one_of(f"{where}.changes[{i}].action", change["action"],
                ("add", "edit", "delete", "players"))  # fmt: skip
        if change["result_id"] < 0 or (change["action"] == "players") != (change["result_id"] == 0):
            raise place_error(f"{where}.changes[{i}].result_id", "not a result's number",
                         change["result_id"])  # fmt: skip
    named |= {c["result_id"] for c in changes if c["result_id"] > 0}
    for i, conflict in enumerate(conflicts):
        if conflict["result_id"] is not None and conflict["result_id"] not in named:
            raise place_error(f"{where}.conflicts[{i}].result_id", "no such result",
                         conflict["result_id"])  # fmt: skip
    if results or conflicts:
        if not isinstance(game, Session | TeamEvent):
            raise place_error(f"{where}.results", f"a {values['kind']} has no table results",
                         len(results) + len(conflicts))  # fmt: skip
        _check_night(game, results, conflicts, where)
    mailings = []
    if "mailings" in data:  # an export of an older bridgescore has none
        mailings = [_mailing(m, f"{where}.mailings[{i}]")
                    for i, m in listed(data, "mailings", where)]  # fmt: skip
    return _Game(values, deals, tables, results, conflicts, changes, sorted(named), mailings)


def _check_night(
    night: Session | TeamEvent,
    results: list[dict[str, Any]],
    conflicts: list[dict[str, Any]],
    where: str,
) -> None:
    """A live night's results and conflicts, checked as the live writes check them: each
    result accepted (:func:`~bridgescore.live.accept`, as the director enters it) after those
    before it, each conflict's entry fitting the night.

    :raises BackupError: naming the result's (or conflict's) field, with its value.
    """
    try:
        state = LiveState.start(night)
    except BridgeError as exc:
        raise core_error(f"{where}.settings", exc) from None
    for i, row in sorted(enumerate(results), key=lambda pair: pair[1]["id"]):
        entry = TableEntry.from_dict({k: v for k, v in row.items() if k != "split" or v})
        try:
            accept(state, DIRECTOR, Add(entry))
        except BridgeError as exc:
            raise core_error(f"{where}.results[{i}]", exc) from None
        state = state.added(LiveResult(row["id"], entry, row["created_at"], row["updated_at"]))
    for i, conflict in enumerate(conflicts):
        try:
            accept_request(state, DIRECTOR, TableEntry.from_dict(json.loads(conflict["entry"])))
        except BridgeError as exc:
            raise core_error(f"{where}.conflicts[{i}].entry", exc) from None


def _mailing(data: object, where: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A mailing of the file and its letters, checked."""
    if not isinstance(data, dict):
        raise place_error(where, "expected an object", data)
    values = row_in("mailings", {k: v for k, v in data.items() if k != "letters"}, where)
    letters = []
    for i, letter in listed(data, "letters", where):
        place = f"{where}.letters[{i}]"
        row = row_in("letters", letter, place)
        one_of(f"{place}.state", row["state"], LETTER_STATES)
        try:
            players = json.loads(row["players"])
            if not isinstance(players, list):
                raise ValueError("not a list")
            for player in players:
                Player.from_dict(player)
        except BridgeError as exc:
            raise core_error(f"{place}.players", exc) from None
        except (ValueError, TypeError, KeyError, AttributeError):
            raise place_error(
                f"{place}.players", "expected a list of players", row["players"]
            ) from None
        letters.append(row)
    return values, letters


def _result(data: object, where: str) -> dict[str, Any]:
    values = row_in("results", data, where)
    if values["id"] <= 0:
        raise place_error(f"{where}.id", "expected a number from 1", values["id"])
    try:
        TableEntry.from_dict({k: v for k, v in values.items() if k != "split" or v})
    except BridgeError as exc:
        raise core_error(where, exc) from None
    except (KeyError, TypeError, ValueError) as exc:
        raise place_error(where, f"not a result: {exc}", None) from None
    return values


def _event(data: object, where: str, games: set[str]) -> dict[str, Any]:
    values = row_in("events", data, where)
    definition = json.loads(values["definition"])
    try:
        if values["kind"] != "pairs":  # a team event: rounds of matches, no sessions
            TeamEvent.from_dict(definition)
            return values
        event = PairsEvent.from_dict(definition)
    except BridgeError as exc:
        raise core_error(f"{where}.definition", exc) from None
    for i, session in enumerate(event.sessions):
        if session not in games:
            raise place_error(f"{where}.definition.sessions[{i}]", "not a game of this export",
                         session)  # fmt: skip
    return values


def _ladder(data: object, where: str) -> dict[str, Any]:
    """A ladder of the club's season (an export made before ladders has none)."""
    values = row_in("ladders", data, where)
    try:
        Ladder.from_dict(json.loads(values["definition"]))
    except BridgeError as exc:
        raise core_error(f"{where}.definition", exc) from None
    return values


# -- import ---------------------------------------------------------------------------------


def import_club(store: Store, data: Mapping[str, Any]) -> Imported:
    """Store the club of an export (:func:`read_export`) as a new club, in one transaction.

    :raises BackupError: for a field that will not do (nothing is stored), a club whose
        number its body has given a club here already, or a director's email that is a
        director's here already.
    """
    checked = _check(data)
    club = checked.club
    key = secrets.token_hex(32)
    try:
        with store.transaction(write=True) as conn:
            _refuse_taken(conn, checked)
            new_club = secrets.token_hex(8)
            conn.execute(insert(ClubRow).values({**club, "id": new_club, "key": key}))
            numbers = {
                "directors": _insert(conn, "directors", checked.directors, club_id=new_club),
                "roster": _insert(conn, "roster", checked.roster, club_id=new_club),
                "results": {},
                "conflicts": {},
            }
            games = {g.values["id"]: _game_id() for g in checked.games}
            for game in checked.games:
                _import_game(conn, game, games[game.values["id"]], new_club, key, numbers)
            events = {}
            for event in checked.events:
                definition = json.loads(event["definition"])
                if "sessions" in definition:  # a pairs event's sessions
                    definition["sessions"] = [games[s] for s in definition["sessions"]]
                # a team night is a game too: its event keeps the game's new id
                events[event["id"]] = new_event = games.get(event["id"]) or secrets.token_hex(12)
                conn.execute(insert(EventRow).values({**event, "id": new_event,
                    "club_id": new_club, "definition": json_text(definition)}))  # fmt: skip
            if checked.event_results:
                conn.execute(insert(EventResultRow), [
                    {**r, "event_id": events[r["event_id"]]}
                    for r in checked.event_results  # in the file's order: the stored order
                ])  # fmt: skip
            for ladder in checked.ladders:
                new_ladder = {**ladder, "club_id": new_club, "id": secrets.token_hex(12)}
                conn.execute(insert(ClubLadderRow).values(new_ladder))
            if checked.seeds:
                conn.execute(insert(DealSeedRow), [{**r, "game_id": games[r["game_id"]]}
                                                   for r in checked.seeds])  # fmt: skip
    except ConstraintError as exc:  # a row another writer made meanwhile (PostgreSQL)
        raise BackupError.coded("import_race", field="club", why=str(exc)) from None
    made = Club(new_club, club["name"], club["number"], club["body"])
    return Imported(made, games, events, numbers)


def _game_id() -> str:
    """A new game id, as :class:`Store` makes them (26 lower-case letters and digits)."""
    return base64.b32encode(secrets.token_bytes(16)).decode("ascii").rstrip("=").lower()


def _refuse_taken(conn: Connection, checked: _Checked) -> None:
    club = checked.club
    taken = conn.execute(select(ClubRow.id).where(
        ClubRow.body == club["body"], ClubRow.number == club["number"])).first()  # fmt: skip
    if taken is not None:
        raise place_error("club.number", f"{club['body']} club {club['number']} is here already",
                     club["number"])  # fmt: skip
    emails = [d["email"] for d in checked.directors]
    here = set(conn.execute(select(DirectorRow.email).where(DirectorRow.email.in_(emails)))
               .scalars())  # fmt: skip
    for i, email in enumerate(emails):
        if email in here:
            raise place_error(f"directors[{i}].email", "a director here already", email)


def _insert(
    conn: Connection, name: str, rows: Sequence[Mapping[str, Any]], **values: Any
) -> dict[int, int]:
    """Insert rows in the order of their file numbers; the file's numbers -> the new ones."""
    if not rows:
        return {}
    table = SPEC[name][0]
    ordered = sorted(rows, key=lambda r: r["id"])
    made = conn.execute(
        insert(table).returning(table.c.id, sort_by_parameter_order=True),
        [{**{k: v for k, v in r.items() if k != "id"}, **values} for r in ordered],
    ).scalars().all()  # fmt: skip
    return {r["id"]: new for r, new in zip(ordered, made, strict=True)}


def _import_game(
    conn: Connection,
    game: _Game,
    game_id: str,
    club_id: str,
    key: str,
    numbers: dict[str, dict[int, int]],
) -> None:
    """One game: its row with tokens from the new key, its deals, tables, results, conflicts
    and audit trail, numbered anew in their order."""
    edit_token = derived_token(key, "edit", game_id)
    conn.execute(insert(GameRow).values({**game.values, "id": game_id,
                                         "token_hash": hash_token(edit_token)}))  # fmt: skip
    conn.execute(insert(ClubGameRow).values(game_id=game_id, club_id=club_id))
    if game.deals:
        conn.execute(insert(DealRow), [{**d, "game_id": game_id, "seq": seq}
                                       for seq, d in enumerate(game.deals, 1)])  # fmt: skip
    if game.tables:
        conn.execute(insert(TableTokenRow), [
            {"game_id": game_id, "table": t,
             "token_hash": hash_token(table_token(edit_token, game_id, t))}
            for t in game.tables])  # fmt: skip
    stored = {r["id"]: r for r in game.results}
    gone = [n for n in game.result_ids if n not in stored]
    rows = []  # a deleted result is numbered too (its audit trail names it), then let go
    for number in game.result_ids:
        row = stored.get(number)
        if row is None:
            now = utcnow()
            row = {**dict.fromkeys(columns("results")), "id": number, "table": 0, "board": 0,
                   "round": -1 - gone.index(number), "ns": "", "ew": "", "created_at": now,
                   "updated_at": now}  # fmt: skip
        rows.append(row)
    results = _insert(conn, "results", rows, game_id=game_id)
    if gone:
        conn.execute(delete(LiveResultRow).where(LiveResultRow.id.in_([results[n] for n in gone])))
    numbers["results"].update(results)
    conflicts = [{**c, "result_id": None if c["result_id"] is None else results[c["result_id"]]}
                 for c in game.conflicts]  # fmt: skip
    numbers["conflicts"].update(_insert(conn, "conflicts", conflicts, game_id=game_id))
    if game.changes:
        conn.execute(insert(ResultChangeRow), [
            {**c, "game_id": game_id, "result_id": results.get(c["result_id"], 0)}
            for c in game.changes])  # fmt: skip
    for mailing, letters in game.mailings:
        row = {**mailing, "game_id": game_id, "club_id": club_id}
        made = conn.execute(insert(MailingRow).values(row)).inserted_primary_key
        assert made is not None
        if letters:
            conn.execute(insert(OutboxRow), [
                {**letter, "mailing_id": int(made[0]), "club_id": club_id, "lease_until": None,
                 "worker": None,
                 "state": "unknown" if letter["state"] in ON_ITS_WAY else letter["state"]}
                for letter in letters])  # fmt: skip

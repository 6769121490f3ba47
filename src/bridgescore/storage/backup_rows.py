"""The rows of a club's export: which columns of each table the file holds (and which of
them are JSON), each row read back checked field by field, and the errors naming the place
in the file (:mod:`bridgescore.storage.backup` reads and writes the whole file)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, Final

from sqlalchemy import Boolean, Integer, String, Table

from bridgescore.errors import BridgeError
from bridgescore.storage.errors import StorageError
from bridgescore.storage.schema import (
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
    UTCDateTime,
)

__all__ = ["LETTER_STATES", "ON_ITS_WAY", "SPEC", "BackupError", "columns", "core_error",
           "json_text", "listed", "one_of", "place_error", "placed", "read_time", "row_in",
           "row_out", "unique"]  # fmt: skip


class BackupError(StorageError, ValueError):
    """A club export that cannot be read or imported. :attr:`field` is the place in the file
    (``games[2].results[7].tricks``), :attr:`value` the value found there."""


# -- the rows of each table: which columns the file holds, and which of them are JSON -----------


def _t(row: type[Any]) -> Table:
    table: Table = row.__table__
    return table


_LATER: Final = frozenset({"masterpoints", "language"})
"""Columns added after the file's format: a file without one takes the column's default."""

SPEC: Final[Mapping[str, tuple[Table, frozenset[str], frozenset[str]]]] = {
    # name in the file: (table, columns left out, columns kept as JSON objects)
    "club": (_t(ClubRow), frozenset({"key"}), frozenset()),
    "directors": (_t(DirectorRow), frozenset({"club_id"}), frozenset()),
    "roster": (_t(RosterRow), frozenset({"club_id"}), frozenset()),
    "games": (_t(GameRow), frozenset({"token_hash"}), frozenset({"rules", "settings", "names"})),
    "deals": (_t(DealRow), frozenset({"game_id", "seq"}), frozenset()),
    "results": (_t(LiveResultRow), frozenset({"game_id"}), frozenset()),
    "conflicts": (_t(ConflictRow), frozenset({"game_id"}), frozenset({"entry"})),
    "changes": (_t(ResultChangeRow), frozenset({"game_id", "id"}), frozenset({"old", "new"})),
    "events": (_t(EventRow), frozenset({"club_id"}), frozenset({"definition"})),
    "event_results": (_t(EventResultRow), frozenset({"id"}), frozenset()),
    "seeds": (_t(DealSeedRow), frozenset(), frozenset()),
    "ladders": (_t(ClubLadderRow), frozenset({"club_id"}), frozenset({"definition"})),
    "mailings": (_t(MailingRow), frozenset({"id", "game_id", "club_id"}), frozenset()),
    "letters": (
        _t(OutboxRow),
        frozenset({"id", "mailing_id", "club_id", "lease_until", "worker"}),
        frozenset(),
    ),
}

ON_ITS_WAY: Final = frozenset({"queued", "claimed", "handing"})
"""A letter's states that an import turns ``unknown`` (the first server may yet send it)."""
LETTER_STATES: Final = ("queued", "claimed", "handing", "sent", "failed", "unknown")


def columns(name: str) -> list[str]:
    """The columns of a kind of row the file holds.

    >>> columns("mailings")
    ['version', 'requested_at', 'requested_by']
    """
    table, left_out, _ = SPEC[name]
    return [c.name for c in table.columns if c.name not in left_out]


def row_out(name: str, row: Any) -> dict[str, Any]:
    """A stored row as the file holds it."""
    _, _, as_json = SPEC[name]
    values = row._mapping
    out: dict[str, Any] = {}
    for column in columns(name):
        value = values[column]
        if isinstance(value, datetime):
            value = value.isoformat()
        elif column in as_json and value is not None:
            value = json.loads(value)
        out[column] = value
    return out


def row_in(name: str, data: object, where: str) -> dict[str, Any]:
    """A row of the file, checked against its table's columns, as values to store.

    :raises BackupError: for a field missing, unknown, of the wrong type or too long.
    """
    table, _, as_json = SPEC[name]
    if not isinstance(data, dict):
        raise placed(where, "export_object", data)
    wanted = columns(name)
    unknown = sorted(set(data) - set(wanted))
    if unknown:
        raise placed(f"{where}.{unknown[0]}", "export_unknown_field", data[unknown[0]])
    values: dict[str, Any] = {}
    for column in wanted:
        place = f"{where}.{column}"
        if column not in data:
            if column in _LATER:  # a file written before the column: its default
                continue
            raise placed(place, "export_missing", None)
        value = data[column]
        spec = table.columns[column]
        if value is None:
            if not spec.nullable or spec.primary_key:
                raise placed(place, "export_not_null", value)
            values[column] = None
            continue
        if column in as_json:
            if not isinstance(value, dict):
                raise placed(place, "export_object", value)
            value = json_text(value)
        kind = spec.type
        if isinstance(kind, UTCDateTime):
            value = read_time(place, value)
        elif isinstance(kind, Boolean):
            if not isinstance(value, bool):
                raise placed(place, "export_bool", value)
        elif isinstance(kind, Integer):
            if isinstance(value, bool) or not isinstance(value, int) or abs(value) >= 2**31:
                raise placed(place, "export_whole", value)
        elif not isinstance(value, str):
            raise placed(place, "export_string", value)
        elif isinstance(kind, String) and kind.length is not None and len(value) > kind.length:
            raise placed(place, "export_length", value, most=kind.length)
        values[column] = value
    return values


def json_text(data: Mapping[str, Any]) -> str:
    """JSON text of an object, its keys in the file's order (a session's tags keep theirs)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_time(place: str, value: object) -> datetime:
    """A time of the file (ISO 8601, with its UTC offset)."""
    if not isinstance(value, str) or len(value) > 40:
        raise placed(place, "export_time", value)
    try:
        parsed = datetime.fromisoformat(value)
    except ValueError:
        raise placed(place, "export_time", value) from None
    if parsed.tzinfo is None:
        raise placed(place, "export_utc_offset", value)
    return parsed


def place_error(place: str, message: str, value: object) -> BackupError:
    """The error naming a place in the file and quoting (the start of) its value.

    >>> str(place_error("games[0].results[3].table", "no such table", 999))
    'games[0].results[3].table: no such table, got 999'
    """
    shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
    return BackupError(f"{place}: {message}, got {shown}", field=place, value=value)


def placed(place: str, code: str, value: object, **params: object) -> BackupError:
    """:func:`place_error` with its message's template in :data:`bridgescore.errors.MESSAGES`
    (``code``), so the web and the CLI can say it in the reader's language.

    >>> str(placed("games[0].results[3].tricks", "export_whole", "ten"))
    "games[0].results[3].tricks: expected a whole number, got 'ten'"
    """
    shown = repr(value) if len(repr(value)) <= 80 else repr(value)[:77] + "..."
    return BackupError.coded(code, field=place, value=value, place=place, got=shown, **params)


def core_error(place: str, exc: BridgeError) -> BackupError:
    """A core reader's error, placed in the file."""
    inner = f"{place}.{exc.field}" if exc.field else place
    return BackupError(f"{inner}: {exc}", field=inner, value=exc.value)


def listed(data: Mapping[str, Any], name: str, where: str = "") -> Iterable[tuple[int, Any]]:
    """The numbered items of a list of the file (an error if it is not one)."""
    place = f"{where}.{name}" if where else name
    found = data.get(name)
    if not isinstance(found, list):
        raise placed(place, "export_list", found)
    return enumerate(found)


def unique(rows: Sequence[Mapping[str, Any]], key: str, where: str) -> None:
    """No two rows with the same value of ``key`` (None aside)."""
    seen: set[object] = set()
    for i, row in enumerate(rows):
        if row[key] is None:
            continue
        if row[key] in seen:
            raise placed(f"{where}[{i}].{key}", "export_twice", row[key])
        seen.add(row[key])


def one_of(place: str, value: object, allowed: Sequence[object]) -> None:
    """The value is one of ``allowed``."""
    if value not in allowed:
        raise placed(place, "export_one_of", value, allowed=", ".join(map(repr, allowed)))

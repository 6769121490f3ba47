"""Games as stored rows and back: a game's settings as JSON plus its deals as plain values.

>>> from bridgescore.home.rubber import Rubber
>>> kind, rules, settings, ended, deals = dump(Rubber().record("4H", "we", 10))
>>> kind, settings, ended, deals
('rubber', '{}', False, [('4H', 'we', 10, None, 0)])
>>> build("g1", kind, rules, settings, ended, deals) == Rubber().record("4H", "we", 10)
True
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, Literal, TypeAlias, TypeVar

from bridgescore.duplicate.session import Session, session_from_dict, session_to_dict
from bridgescore.errors import BridgeError
from bridgescore.events import Event
from bridgescore.home.chicago import Chicago, ChicagoDeal, ChicagoRules
from bridgescore.home.rubber import Rubber, RubberDeal, RubberRules, WeThey
from bridgescore.model import Contract, PassOut, Seat, Side, parse_contract
from bridgescore.storage.errors import StorageError

__all__ = [
    "NAME_KEYS",
    "DealValues",
    "Dumped",
    "Game",
    "GameKind",
    "HomeGame",
    "build",
    "dump",
    "merged_names",
    "night_settings",
    "read_names",
    "to_json",
]

HomeGame: TypeAlias = Rubber | Chicago
"""A game kept deal by deal at a table: a rubber or a Chicago."""
Game: TypeAlias = HomeGame | Session | Event
"""A stored game: a home game, or a night at the club (a pairs evening's session, a team
night's event; the results entered at the tables are rows of their own)."""
GameKind: TypeAlias = Literal["rubber", "chicago", "session", "teams"]

NAME_KEYS: Final[Mapping[str, tuple[str, ...]]] = {
    "rubber": ("we", "they"),
    "chicago": ("ns", "ew"),
    "session": (),  # a session names its pairs itself
    "teams": (),  # a team night's event names its entrants
}
"""The sides a stored game names, by its kind."""

DealValues: TypeAlias = tuple[str, str | None, int, str | None, int]
"""A deal as stored: contract, declarer, tricks, honors_by, honors."""
Dumped: TypeAlias = tuple[GameKind, str, str, bool, list[DealValues]]
"""A game as stored: kind, rules JSON, settings JSON, ended, deals (see :func:`dump`)."""


def to_json(data: Mapping[str, object]) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def dump(game: Game) -> Dumped:
    """A game as stored: kind, rules JSON, settings JSON, ended, deals.

    :raises StorageError: for rules that :meth:`from_dict` would not read back as they are.
    """
    if isinstance(game, Rubber):
        rules = game.rules.to_dict()
        if _reread(RubberRules.from_dict, rules) != game.rules:
            raise StorageError.coded("rubber_rules_preset", rules=str(game.rules))
        deals = [_deal_values(d, d.by) for d in game.deals]
        return "rubber", to_json(rules), to_json({}), game.ended, deals
    if isinstance(game, Chicago):
        rules = game.rules.to_dict()
        if _reread(ChicagoRules.from_dict, rules) != game.rules:
            raise StorageError.coded("chicago_rules_preset", rules=str(game.rules))
        deals = [_deal_values(d, d.declarer) for d in game.deals]
        settings = {"first_dealer": game.first_dealer.value}
        return "chicago", to_json(rules), to_json(settings), False, deals
    if isinstance(game, Session):
        return "session", to_json({}), to_json(session_to_dict(game)), False, []
    if isinstance(game, Event):
        return "teams", to_json({}), night_settings(game), False, []
    raise StorageError.coded("store_what", got=repr(game))


def night_settings(night: Session | Event) -> str:
    """A night's definition as its row's settings: a session's, or a team night's event
    without its entries (the results are rows of their own)."""
    if isinstance(night, Session):
        return to_json(session_to_dict(night))
    return to_json({**night.to_dict(), "entries": []})


def _deal_values(deal: RubberDeal | ChicagoDeal, declarer: WeThey | Seat | None) -> DealValues:
    """A deal as stored: contract, declarer (a rubber's ``by`` side goes in that column too),
    tricks, honors_by, honors."""
    honors_by = None if deal.honors_by is None else deal.honors_by.value
    return (str(deal.contract), None if declarer is None else declarer.value, deal.tricks,
            honors_by, deal.honors)  # fmt: skip


def _reread(read: Any, data: Mapping[str, object]) -> object:
    try:
        return read(data)
    except BridgeError:
        return None


def build(
    game_id: str, kind: GameKind, rules: str, settings: str, ended: bool, deals: list[DealValues]
) -> Game:
    """Rebuild a game from its row and deal rows.

    :raises StorageError: if what is stored is not a valid game.
    """
    try:
        rules_data = json.loads(rules)
        settings_data = json.loads(settings)
        if kind == "session":
            return session_from_dict(settings_data)
        if kind == "teams":
            return Event.from_dict(settings_data)
        if kind == "rubber":
            rubber_deals = [RubberDeal(*_fields(row, WeThey, WeThey)) for row in deals]
            return Rubber(RubberRules.from_dict(rules_data), rubber_deals, ended=bool(ended))
        chicago_deals = [ChicagoDeal(*_fields(row, Seat, Side)) for row in deals]
        first_dealer = Seat(settings_data["first_dealer"])
        return Chicago(ChicagoRules.from_dict(rules_data), first_dealer, deals=chicago_deals)
    except (BridgeError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise StorageError.coded("stored_unreadable", game=game_id, why=str(exc)) from exc


W = TypeVar("W", WeThey, Seat)
H = TypeVar("H", WeThey, Side)


def _fields(
    row: Sequence[Any], who: Callable[[str], W], side: Callable[[str], H]
) -> tuple[Contract | PassOut, W | None, int, H | None, int]:
    """A stored deal's fields, for :class:`RubberDeal` (who declared: WE/THEY) or
    :class:`ChicagoDeal` (the declarer's seat)."""
    contract, by, tricks, honors_by, honors = row
    return (parse_contract(contract), None if by is None else who(by), tricks,
            None if honors_by is None else side(honors_by), honors)  # fmt: skip


def merged_names(kind: str, current: Mapping[str, str], given: Mapping[str, str]) -> dict[str, str]:
    """The sides' names: ``current`` with those in ``given`` changed; missing ones empty.

    :raises StorageError: for a key that is not one of the game's sides, or a name not a string.
    """
    keys = NAME_KEYS[kind]
    for key, name in given.items():
        if key not in keys:
            allowed = " or ".join(repr(k) for k in keys) or "none"
            raise StorageError.coded("names_side", kind=kind, key=key, allowed=allowed)
        if not isinstance(name, str):
            raise StorageError.coded("names_string", key=key, got=repr(name))
    return {key: given.get(key, current.get(key, "")) for key in keys}


def read_names(game_id: str, kind: str, data: str) -> dict[str, str]:
    """The stored names, in the order of the sides (``we``, ``they`` or ``ns``, ``ew``)."""
    try:
        names = json.loads(data)
    except ValueError:
        names = None
    if not isinstance(names, dict):
        raise StorageError.coded("names_unreadable", game=game_id, got=repr(data))
    return {key: str(names.get(key, "")) for key in NAME_KEYS.get(kind, ())}

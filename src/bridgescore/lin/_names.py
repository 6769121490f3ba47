"""A BBO user names file: who plays under which BBO username, and a session's pairs renamed.

The format is BBO Extractor's (the tool English clubs use to turn a BBO session into a USEBIO
file for the EBU; SCORING.md, "BBO usernames"): a line a player, ``bboname,firstname,surname``
and, optionally, ``,nationalID``; trailing commas allowed; a first line ``#names`` and other
lines starting with ``#`` are not players, nor are empty lines. A line of two fields,
``bboname,full name``, is read too. The usernames are matched without regard to case (BBO
ignores it). Linear time; a line that is not one of these is refused naming its line and field.

>>> names = read_names("#names\\nzibi9,Zbigniew,Kowalski,12345,\\nKrol,Jan,Krol\\n")
>>> names["zibi9"], names["krol"]
(Player(name='Zbigniew Kowalski', number='12345'), Player(name='Jan Krol', number=None))
>>> from bridgescore.duplicate.session import Section
>>> s = Session((Section("A", "howell", [Pair(45, None, "zibi9 & Krol"),
...                                      Pair(3, None, "zen58 & siwak")]),))
>>> renamed, unknown = with_names(s, names)
>>> [p.names for p in renamed.sections[0].pairs], unknown
(['zen58 & siwak', 'Zbigniew Kowalski & Jan Krol'], ['siwak', 'zen58'])
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from dataclasses import replace

from bridgescore.duplicate.session import Pair, Session
from bridgescore.errors import BridgeError, NotationError
from bridgescore.players import Player, pair_names

__all__ = ["NamesFileError", "read_names", "with_names"]

_LONGEST_LINE = 1000
_MOST_LINES = 100_000


class NamesFileError(NotationError):
    """A BBO user names file that cannot be read: the message names the file, the line (from
    1) and the field (``bboname``, ``firstname``, ``surname``, ``nationalID``) at fault."""

    source: str
    line: int

    def __init__(self, reason: str, *, source: str, line: int, field: str, value: object) -> None:
        self.source, self.line = source, line
        super().__init__(f"{source}, line {line}: {reason}", field=field, value=value)


def read_names(text: str, source: str = "<names>") -> dict[str, Player]:
    """The players of a BBO user names file, by username in lower case.

    >>> read_names("#names\\nann\\n", "club.txt")
    Traceback (most recent call last):
    ...
    bridgescore.lin._names.NamesFileError: club.txt, line 2: 'ann': expected \
bboname,firstname,surname[,nationalID] (or bboname,full name)

    :raises NamesFileError: for a line that is not a player, a username given twice, a name
        or a number a player cannot have.
    """
    out: dict[str, Player] = {}
    lines = text.splitlines()
    if len(lines) > _MOST_LINES:
        raise NamesFileError(f"more than {_MOST_LINES} lines", source=source,
                             line=_MOST_LINES + 1, field="file", value=len(lines))  # fmt: skip
    for number, line in enumerate(lines, 1):
        stripped = line.strip().lstrip("\ufeff")
        if not stripped or stripped.startswith("#"):
            continue
        if len(stripped) > _LONGEST_LINE:
            raise NamesFileError(f"the line is longer than {_LONGEST_LINE} characters",
                                 source=source, line=number, field="line",
                                 value=stripped[:40])  # fmt: skip
        fields = [f.strip() for f in next(csv.reader([stripped]))]
        while len(fields) > 2 and not fields[-1]:
            fields.pop()  # trailing commas
        user = fields[0] if fields else ""

        def fail(reason: str, field: str, value: str, at: int = number) -> NamesFileError:
            return NamesFileError(reason, source=source, line=at, field=field, value=value[:40])

        if len(fields) not in (2, 3, 4):
            raise fail(f"{stripped[:60]!r}: expected bboname,firstname,surname[,nationalID] "
                       "(or bboname,full name)", "line", stripped)  # fmt: skip
        if not user or len(user) > 40:
            raise fail(f"{user[:40]!r} is not a BBO username (1 to 40 characters)", "bboname",
                       user)  # fmt: skip
        name = fields[1] if len(fields) == 2 else " ".join(f for f in fields[1:3] if f)
        if not name:
            raise fail(f"no name for {user!r}", "firstname", "")
        try:
            player = Player(name, fields[3] if len(fields) == 4 and fields[3] else None)
        except BridgeError as exc:
            field = "nationalID" if exc.field == "number" else "firstname"
            raise fail(f"{user!r}: {exc}", field, str(exc.value or "")) from None
        key = user.casefold()
        if key in out:
            raise fail(f"{user!r} is given twice", "bboname", user)
        out[key] = player
    return out


def with_names(
    session: Session, names: Mapping[str, Player], roster: Iterable[Player] = ()
) -> tuple[Session, list[str]]:
    """The session with each player named by a BBO username replaced by the player
    ``names`` gives (:func:`read_names`), and the usernames it does not know, sorted (kept as
    they are). A pair's players are its names split at `` & `` when it has no players.

    With a club's ``roster``, a player found is the roster's player of the same national
    number, else of the same name (ignoring case) if the file gives no number.

    >>> from bridgescore.duplicate.session import Section
    >>> s = Session((Section("A", "howell", [Pair(1, None, "zibi9 & krol")]),))
    >>> names = read_names("zibi9,Zbigniew,Kowalski,12345\\nkrol,jan,krol")
    >>> roster = [Player("Z. Kowalski", "12345"), Player("Jan Król")]
    >>> with_names(s, names, roster)[0].sections[0].pairs[0].players
    (Player(name='Z. Kowalski', number='12345'), Player(name='jan krol', number=None))
    """
    unknown: set[str] = set()
    by_number = {p.number: p for p in roster if p.number}
    by_name = {p.name.casefold(): p for p in roster}

    def member(found: Player) -> Player:
        if found.number:
            return by_number.get(found.number, found)
        return by_name.get(found.name.casefold(), found)

    def renamed(pair: Pair) -> Pair:
        given = pair.players or tuple(Player(n) for n in pair.names.split(" & ") if n.strip())
        players = []
        for p in given:
            found = names.get(p.name.casefold())
            if found is None:
                unknown.add(p.name)
            players.append(p if found is None else member(found))
        if not players or all(a is b for a, b in zip(players, given, strict=True)):
            return pair
        return replace(pair, names=pair_names(tuple(players)), players=tuple(players))

    sections = tuple(replace(s, pairs=tuple(renamed(p) for p in s.pairs)) for s in session.sections)
    return replace(session, sections=sections), sorted(unknown)

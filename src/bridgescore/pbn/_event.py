"""A team event read from, and written as, PBN: a game per board and room of each match."""

from __future__ import annotations

from bridgescore.duplicate.field import Adjusted
from bridgescore.duplicate.session import Board
from bridgescore.errors import PbnError
from bridgescore.events import Entrant, Entry, Event, EventKind, Match, Room, Round, VpScale
from bridgescore.events.match import MatchBoard, TeamMatch
from bridgescore.model import Result
from bridgescore.pbn._games import MANDATORY_TAGS, Game, Tag, write_games
from bridgescore.pbn._match import read_rounds

__all__ = ["read_event", "write_event"]


def read_event(
    text: str,
    *,
    source: str = "<text>",
    kind: EventKind = EventKind.ROUND_ROBIN,
    scale: VpScale = VpScale.WBF_2013,
    scoring: str = "imps",
    name: str = "",
    warnings: list[str] | None = None,
) -> Event:
    """The team matches of a file as an event: a round per ``Round`` tag (in the order the
    rounds first appear; a file without one is one round), the teams in the order they first
    appear, each match its boards and both rooms' results.

    >>> e = read_event('[Round "1"][HomeTeam "A"][VisitTeam "B"][Board "1"][Contract "3NT"]'
    ...     '[Declarer "N"][Result "9"]\\n\\n[HomeTeam "B"][VisitTeam "A"][Board "1"]'
    ...     '[Contract "3NT"][Declarer "N"][Result "8"]')
    >>> [(s.entrant, s.imps_for, s.vp) for s in e.standings()]
    [('A', 10, 1809), ('B', 0, 191)]

    A board only one room of a match played is left out of that match, with a warning added
    to ``warnings`` (as :func:`~bridgescore.pbn.read_matches`).

    :raises PbnError: as :func:`~bridgescore.pbn.read_matches`, or for a file without team
        matches or without a board both rooms of a match played; :raises BridgeError: for an
        event the options refuse (a scale without a table for the matches' length).
    """
    notes: list[str] = []
    found = read_rounds(text, source=source, warnings=notes)
    if warnings is not None:
        warnings.extend(notes)
    if not found:
        raise PbnError("the file holds no team matches (HomeTeam, VisitTeam)", source=source,
                       field="HomeTeam")  # fmt: skip
    if not any(m.boards for _, m in found):
        first = notes[0].removeprefix(f"{source}, ") if notes else ""
        raise PbnError(f"no board was played in both rooms of a match ({first})",
                       source=source, field="Room")  # fmt: skip
    order: list[str] = []
    for _, m in found:
        for team in (m.home, m.away):
            if team not in order:
                order.append(team)
    by_round: dict[str, list[TeamMatch]] = {}
    for label, m in found:
        by_round.setdefault(label, []).append(m)
    rounds: list[Round] = []
    entries: list[Entry] = []
    for number, in_round in enumerate(by_round.values(), 1):
        matches: list[Match] = []
        for m in in_round:
            match = Match(len(matches) + 1, m.home, m.away, tuple(b.board.number for b in m.boards))
            matches.append(match)
            for b in m.boards:
                entries.append(Entry(number, match.number, b.board.number, Room.OPEN, b.open))
                entries.append(Entry(number, match.number, b.board.number, Room.CLOSED, b.closed))
        rounds.append(Round(number, tuple(matches)))
    longest = max((len(m.boards) for r in rounds for m in r.matches), default=1) or 1
    return Event(kind, name, tuple(Entrant(t) for t in order), len(rounds), longest, scale,
                 scoring, rounds=tuple(rounds), entries=tuple(entries))  # type: ignore[arg-type]  # fmt: skip


def _result_tags(board: Board, result: Result | Adjusted) -> dict[str, str]:
    if isinstance(result, Adjusted):
        return {"Declarer": "", "Contract": "", "Result": "",
                "Score": f"NS ^{result.ns} EW ^{result.ew}"}  # fmt: skip
    if result.is_pass_out:
        return {"Declarer": "", "Contract": "Pass", "Result": "", "Score": "NS 0"}
    assert result.declarer is not None
    ns = MatchBoard(board, result, result).ns_score(result)
    return {"Declarer": result.declarer.value, "Contract": str(result.contract),
            "Result": str(result.tricks), "Score": f"NS {ns}"}  # fmt: skip


def _imps(event: Event) -> dict[tuple[int, int, int], int]:
    """The home team's IMPs on each board both rooms of a match have played."""
    rooms: dict[tuple[int, int, int], dict[Room, Result | Adjusted]] = {}
    for e in event.entries:
        rooms.setdefault((e.round, e.match, e.board), {})[e.room] = e.result
    return {key: MatchBoard(Board.numbered(key[2]), both[Room.OPEN], both[Room.CLOSED]).imps
            for key, both in rooms.items() if len(both) == 2}  # fmt: skip


def write_event(event: Event, *, eol: str = "\r\n", date: str = "?") -> str:
    """An event's entries as PBN: a game per board and room of each match, in round, match
    and board order, with ``Round``, ``HomeTeam``, ``VisitTeam`` and ``Room``, the room's
    ``Score`` (NS's) and ``ScoreIMP`` (NS's IMPs on the board: the home team's in the open
    room, the visitors' in the closed); a board one room has not played yet is left out (a
    Swiss pairs round has one room). What :func:`read_event` reads back.

    >>> e = read_event('[HomeTeam "A"][VisitTeam "B"][Board "1"][Room "Open"][Contract "Pass"]'
    ...                '\\n\\n[Room "Closed"][Board "1"][Contract "Pass"]')
    >>> read_event(write_event(e)) == e
    True
    >>> [line for line in write_event(e, eol="\\n").splitlines() if "ScoreIMP" in line]
    ['[ScoreIMP "0"]', '[ScoreIMP "0"]']
    """
    imps = _imps(event) if not event.kind.pairs else {}
    played = [e for e in event.entries
              if event.kind.pairs or (e.round, e.match, e.board) in imps]  # fmt: skip
    games = []
    for entry in sorted(played, key=lambda e: (e.round, e.match, e.board, e.room != Room.OPEN)):
        match = event.round(entry.round).match(entry.match)
        board = Board.numbered(entry.board)
        values = dict.fromkeys(MANDATORY_TAGS, "")
        values.update(Event=event.name or "?", Site="?", Date=date or "?", Board=str(entry.board),
                      West="", North="", East="", South="", Dealer=board.dealer.value,
                      Vulnerable=board.vulnerability.value, Deal="", Scoring="IMP")  # fmt: skip
        values.update(_result_tags(board, entry.result))
        extra = {"HomeTeam": match.home, "Room": entry.room.value.title(),
                 "Round": str(entry.round), "VisitTeam": match.away}  # fmt: skip
        home = imps.get((entry.round, entry.match, entry.board))
        if home is not None:
            extra["ScoreIMP"] = str(home if entry.room == Room.OPEN else -home)
        extra.update((k, v) for k, v in values.items() if k not in MANDATORY_TAGS)
        tags = [Tag(n, values[n]) for n in MANDATORY_TAGS]
        tags += [Tag(n, v) for n, v in sorted(extra.items())]
        games.append(Game(tuple(tags)))
    return write_games(games, eol=eol)

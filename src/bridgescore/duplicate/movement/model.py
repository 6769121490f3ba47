"""The :class:`Movement` value, the rules it checks, and its table (CSV) and JSON forms."""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from bridgescore.duplicate.movement._fairness import Fairness, fairness_of
from bridgescore.duplicate.movement._values import Play, Relay, Share, SitOut, TableRound
from bridgescore.errors import MovementError

__all__ = [
    "ARROW",
    "COLUMNS",
    "Kind",
    "Movement",
    "Play",
    "Relay",
    "Share",
    "SitOut",
    "TableRound",
    "format_boards",
    "parse_boards",
    "read",
]

Kind = Literal["mitchell", "howell", "custom"]
"""What made a movement: :func:`~.build.mitchell`, :func:`~.build.howell`, or a table read in."""

COLUMNS = ("round", "table", "ns", "ew", "boards")
"""The columns of a movement written as a table, one row a play."""

ARROW = "arrow"
"""An optional column: ``switch`` where that table alone turns the boards that round (the pairs
sit as the ``ns`` and ``ew`` columns say and play the other cards); empty elsewhere."""

_MAX_CELL = 200  # characters in one cell of a movement table
_MAX_BOARD = 9999  # highest board number a movement may use
_MAX_RUN = 100  # boards in one range such as '1-3'


def _coded(code: str, field_name: str, value: object, **params: object) -> MovementError:
    """The error of ``code`` (its template in :data:`bridgescore.errors.MESSAGES`)."""
    return MovementError.coded(code, field=field_name, value=value, **params)


@dataclass(frozen=True)
class Movement:
    """Who plays whom on which boards, round by round; it checks the rules when made.

    The rules: in a round a pair sits at one table at most; no pair plays a board twice; no two
    pairs meet more than ``meetings`` times (once, unless declared); every table plays
    ``boards_per_round`` boards a round; a board is at one
    table a round unless a :class:`Share` says otherwise; the boards are numbered 1 to B and
    all of them are played. Breaking one is a :class:`~bridgescore.MovementError`.

    >>> m = Movement.read_csv("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n2,1,2,1,3-4\\n")
    Traceback (most recent call last):
    ...
    bridgescore.errors.MovementError: pairs '2' and '1' meet twice (rounds 1 and 2)
    >>> m = Movement.read_csv("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n1,2,3,4,3-4\\n")
    >>> m.rounds, m.tables, m.boards, m.pairs
    (1, 2, 4, ('1', '2', '3', '4'))
    """

    kind: Kind
    """``'mitchell'``, ``'howell'``, or ``'custom'`` for a movement read from a table."""
    pairs: tuple[str, ...]
    """Every pair, by its label (``'NS 3'``, ``'EW 3'`` in a Mitchell, ``'3'`` in a Howell)."""
    boards_per_round: int
    """How many boards each table plays a round."""
    plays: tuple[TableRound, ...]
    """Every table of every round, in order of round and table."""
    shares: tuple[Share, ...] = ()
    """Tables sharing boards, round by round."""
    relays: tuple[Relay, ...] = ()
    """Boards waiting out a round unplayed, round by round."""
    tables: int = 0
    """How many tables (0: the highest table that plays); a half table counts as one."""
    arrow_switched: tuple[int, ...] = field(default=())
    """The rounds whose boards are turned, so that the EW pairs play the NS cards."""
    meetings: int = 1
    """How often two pairs may meet: 1, or 2 in a Howell in which pairs meet twice."""
    turned: tuple[tuple[int, int], ...] = ()
    """``(round, table)`` of the plays arrow-switched at that table alone: the pair seated NS
    plays the EW cards (the play's ``ns`` is the pair playing the NS cards, seated EW)."""
    unplayed: tuple[int, ...] = ()
    """Boards of the movement that no table plays any more (a pair withdrew before them: the
    movement as the room has it then); every other board is played."""
    idle: tuple[int, ...] = ()
    """Rounds in which no table plays any more (pairs withdrew: the movement as the room has
    it then); every other round has its plays."""

    def __post_init__(self) -> None:
        _check(self)
        if self.tables == 0:
            object.__setattr__(self, "tables", max(p.table for p in self.plays))

    # -- derived ---------------------------------------------------------------------------

    @cached_property
    def rounds(self) -> int:
        """How many rounds."""
        return (
            max(p.round for p in self.plays)
            if not self.idle
            else max(*(p.round for p in self.plays), *self.idle)
        )

    @cached_property
    def boards(self) -> int:
        """How many boards (they are numbered 1 to this)."""
        return max(b for p in self.plays for b in (*p.boards, *self.unplayed))

    @cached_property
    def sit_outs(self) -> tuple[SitOut, ...]:
        """The pairs with no table, round by round."""
        seated: dict[int, set[str]] = defaultdict(set)
        for p in self.plays:
            seated[p.round].update((p.ns, p.ew))
        return tuple(
            SitOut(r, pair)
            for r in range(1, self.rounds + 1)
            for pair in self.pairs
            if pair not in seated[r]
        )

    def round_plays(self, round_number: int) -> tuple[TableRound, ...]:
        """The plays of one round, by table."""
        return tuple(p for p in self.plays if p.round == round_number)

    def fairness(self) -> Fairness:
        """How often each two pairs meet and are compared (:func:`~.report.fairness`)."""
        return fairness_of(self.pairs, self.plays)

    # -- forms ------------------------------------------------------------------------------

    def to_dict(self, *, complete: bool = False) -> dict[str, object]:
        """The movement as plain data, the shape ``bridgescore movement --json`` prints.

        With ``complete``, also the relay stands and the arrow-switched rounds, so that
        :meth:`from_dict` gives back the same movement (what a stored session keeps). Each
        play names its pairs by label twice: ``ns_label`` and ``ew_label``, the API's one key
        for a pair's label, and ``ns`` and ``ew`` as the movement's columns have them (in the
        API ``ns`` and ``ew`` are otherwise pair numbers; the stored form keeps only these).

        >>> Movement.read_csv("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n").to_dict()["plays"]
        [{'round': 1, 'table': 1, 'ns': '1', 'ew': '2', 'boards': [1, 2], 'ns_label': '1', \
'ew_label': '2'}]
        """
        extra: dict[str, object] = {}
        if self.meetings != 1:
            extra["meetings"] = self.meetings
        if complete:
            extra = {
                "relays": [
                    {"round": r.round, "boards": [*r.boards], "place": r.place} for r in self.relays
                ],
                "arrow_switched": [*self.arrow_switched],
                "meetings": self.meetings,
                "turned": [[r, t] for r, t in self.turned],
            }
        if self.unplayed:
            extra["unplayed"] = [*self.unplayed]
        if self.idle:
            extra["idle"] = [*self.idle]
        return extra | {
            "movement": self.kind,
            "tables": self.tables,
            "rounds": self.rounds,
            "boards_per_round": self.boards_per_round,
            "boards": self.boards,
            "pairs": list(self.pairs),
            "plays": [
                {"round": p.round, "table": p.table, "ns": p.ns, "ew": p.ew, "boards": [*p.boards]}
                | ({} if complete else {"ns_label": p.ns, "ew_label": p.ew})
                for p in self.plays
            ],
            "sit_outs": [{"round": s.round, "pair": s.pair} for s in self.sit_outs],
            "shares": [
                {"round": s.round, "tables": [*s.tables], "boards": [*s.boards]}
                for s in self.shares
            ],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Movement:
        """The movement :meth:`to_dict` gave (with ``complete`` for relays and switched rounds).

        >>> m = Movement.read_csv("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n")
        >>> Movement.from_dict(m.to_dict(complete=True)) == m
        True

        :raises MovementError: for data that is not a movement, or one that breaks the rules.
        """
        try:
            return cls(
                kind=data["movement"],
                pairs=tuple(str(p) for p in data["pairs"]),
                boards_per_round=int(data["boards_per_round"]),
                plays=tuple(
                    TableRound(int(p["round"]), int(p["table"]), str(p["ns"]), str(p["ew"]),
                         tuple(int(b) for b in p["boards"]))
                    for p in data["plays"]
                ),
                shares=tuple(
                    Share(int(s["round"]), tuple(int(t) for t in s["tables"]),
                          tuple(int(b) for b in s["boards"]))
                    for s in data.get("shares", ())
                ),
                relays=tuple(
                    Relay(int(r["round"]), tuple(int(b) for b in r["boards"]), str(r["place"]))
                    for r in data.get("relays", ())
                ),
                tables=int(data.get("tables", 0)),
                arrow_switched=tuple(int(r) for r in data.get("arrow_switched", ())),
                meetings=int(data.get("meetings", 1)),
                turned=tuple((int(r), int(t)) for r, t in data.get("turned", ())),
                unplayed=tuple(int(b) for b in data.get("unplayed", ())),
                idle=tuple(int(r) for r in data.get("idle", ())),
            )  # fmt: skip
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, MovementError):
                raise
            raise _coded("movement_data", "movement", None, why=repr(exc)) from exc

    def to_csv(self) -> str:
        """The movement as a table, one row a play, which :meth:`read_csv` reads back.

        >>> print(Movement.read_csv("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n").to_csv())
        round,table,ns,ew,boards
        1,1,1,2,1-2
        <BLANKLINE>
        """
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        turned = set(self.turned)
        writer.writerow(COLUMNS + ((ARROW,) if turned else ()))
        for p in self.plays:
            if (p.round, p.table) in turned:  # the seats, and the arrow switch
                writer.writerow([p.round, p.table, p.ew, p.ns, format_boards(p.boards), "switch"])
                continue
            row: list[object] = [p.round, p.table, p.ns, p.ew, format_boards(p.boards)]
            writer.writerow(row + ([""] if turned else []))
        return out.getvalue()

    @classmethod
    def read_csv(cls, text: str, *, kind: Kind = "custom", meetings: int = 1) -> Movement:
        """Read a movement written as a table (columns ``round,table,ns,ew,boards``).

        Boards are written ``1-3`` or ``1,2,3``. Tables playing the same boards in the same
        round share them. Rows are counted as a spreadsheet does, the header being row 1.
        It runs in time linear in the text. ``meetings=2`` allows two pairs to meet twice.

        >>> m = Movement.read_csv("round,table,ns,ew,boards\\n1,1,1,2,1-3\\n1,2,3,4,4 5 6\\n")
        Traceback (most recent call last):
        ...
        bridgescore.errors.MovementError: row 3, column 'boards': expected board numbers such \
as '1-3' or '1,2,3', got '4 5 6'

        :raises MovementError: a bad cell (naming the row and column and quoting it), or a
            movement that breaks the rules.
        """
        return read(text, kind=kind, meetings=meetings)


def format_boards(boards: Iterable[int]) -> str:
    """Boards as a director writes them: ``1-3`` for a run, else ``1,4,7``.

    >>> format_boards((1, 2, 3)), format_boards((4,)), format_boards((1, 4, 7))
    ('1-3', '4', '1,4,7')
    """
    numbers = tuple(boards)
    if len(numbers) > 1 and numbers == tuple(range(numbers[0], numbers[0] + len(numbers))):
        return f"{numbers[0]}-{numbers[-1]}"
    return ",".join(map(str, numbers))


def _number(text: str) -> int | None:
    text = text.strip()
    if not text.isascii() or not text.isdigit() or len(text) > 4:
        return None
    return int(text)


def parse_boards(text: str) -> tuple[int, ...]:
    """Read boards written ``1-3`` or ``1,2,3`` (or both: ``1-3,7``).

    >>> parse_boards("1-3"), parse_boards(" 4, 5,6 "), parse_boards("1-2,9")
    ((1, 2, 3), (4, 5, 6), (1, 2, 9))

    :raises MovementError: anything else, quoting it.
    """
    bad = _coded("boards_notation", "boards", text, text=text)
    if len(text) > _MAX_CELL:
        raise bad
    boards: list[int] = []
    for part in text.split(","):
        first, dash, last = part.partition("-")
        low, high = _number(first), _number(last) if dash else _number(first)
        if low is None or high is None or not 1 <= low <= high <= _MAX_BOARD:
            raise bad
        if high - low >= _MAX_RUN:
            raise bad
        boards.extend(range(low, high + 1))
    return tuple(boards)


def _natural(label: str) -> tuple[tuple[int, str], ...]:
    """Sort key putting 'NS 2' before 'NS 10' and '2' before '10'."""
    key: list[tuple[int, str]] = []
    digits = ""
    for ch in label + "\0":
        if ch.isascii() and ch.isdigit():
            digits += ch
            continue
        if digits:
            key.append((0, digits.zfill(6)))
            digits = ""
        if ch != "\0":
            key.append((1, ch))
    return tuple(key)


def read(text: str, *, kind: Kind = "custom", meetings: int = 1) -> Movement:
    """Read a movement written as a table; the same as :meth:`Movement.read_csv`.

    >>> read("round,table,ns,ew,boards\\n1,1,1,2,1-2\\n1,2,3,4,1-2\\n").shares
    (Share(round=1, tables=(1, 2), boards=(1, 2)),)
    """
    rows = csv.reader(io.StringIO(text, newline=""))
    try:
        header = next(rows, None)
        names = [h.strip().lower() for h in header or []]
        if sorted(n for n in names if n != ARROW) != sorted(COLUMNS) or names.count(ARROW) > 1:
            raise _coded("csv_columns", "columns", ",".join(names), columns=",".join(COLUMNS),
                         arrow=ARROW, got=",".join(names))  # fmt: skip
        index = {name: names.index(name) for name in (*COLUMNS, ARROW) if name in names}
        plays: list[TableRound] = []
        turned: list[tuple[int, int]] = []
        for number, row in enumerate(rows, start=2):
            if any(cell.strip() for cell in row):
                play, switched = _play(row, number, index)
                plays.append(play)
                if switched:
                    turned.append((play.round, play.table))
    except csv.Error as exc:
        raise _coded("csv_unreadable", "plays", text, row=rows.line_num, why=str(exc)) from None
    if not plays:
        raise _coded("csv_no_rows", "plays", text)
    bpr = len(plays[0].boards)
    for number, p in enumerate(plays, start=2):
        if len(p.boards) != bpr:
            raise _coded("csv_row_boards_one" if bpr == 1 else "csv_row_boards", "boards",
                         format_boards(p.boards), row=number, count=bpr, got=len(p.boards),
                         boards=format_boards(p.boards))  # fmt: skip
    seen: dict[str, None] = {}
    for p in plays:
        seen[p.ns] = seen[p.ew] = None
    at: dict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(list)
    for p in plays:
        at[p.round, p.boards].append(p.table)
    shares = tuple(
        Share(r, tuple(sorted(tables)), boards)
        for (r, boards), tables in sorted(at.items())
        if len(tables) > 1
    )
    return Movement(
        kind=kind,
        pairs=tuple(sorted(seen, key=_natural)),
        boards_per_round=bpr,
        plays=tuple(sorted(plays, key=lambda p: (p.round, p.table))),
        shares=shares,
        meetings=meetings,
        turned=tuple(sorted(turned)),
    )


def _play(row: list[str], number: int, index: dict[str, int]) -> tuple[TableRound, bool]:
    """The play of one row (the cards each pair plays), and whether its arrow is switched."""

    def cell(name: str) -> str:
        i = index.get(name, len(row))
        return row[i].strip() if i < len(row) else ""

    def bad(name: str, code: str) -> MovementError:
        value = cell(name)
        return MovementError.coded(code, field=name, value=value, row=number, column=name,
                                   got=value)  # fmt: skip

    values: dict[str, int] = {}
    for name in ("round", "table"):
        n = _number(cell(name))
        if n is None or n < 1:
            raise bad(name, f"csv_{name}")
        values[name] = n
    for name in ("ns", "ew"):
        if not cell(name) or len(cell(name)) > 40:
            raise bad(name, "csv_pair")
    try:
        boards = parse_boards(cell("boards"))
    except MovementError as exc:
        raise _coded("csv_boards", "boards", cell("boards"), row=number, why=exc) from None
    arrow = cell(ARROW).lower()
    if arrow not in ("", "switch"):
        raise bad(ARROW, "csv_arrow")
    ns, ew = cell("ns"), cell("ew")
    if arrow:  # seated NS, playing the EW cards
        ns, ew = ew, ns
    return TableRound(values["round"], values["table"], ns, ew, boards), bool(arrow)


def _check(m: Movement) -> None:
    bpr = m.boards_per_round
    if isinstance(bpr, bool) or not isinstance(bpr, int) or bpr < 1:
        raise _coded("movement_boards_per_round", "boards_per_round", bpr, got=repr(bpr))
    if isinstance(m.meetings, bool) or not isinstance(m.meetings, int) or m.meetings < 1:
        raise _coded("movement_meetings", "meetings", m.meetings, got=repr(m.meetings))
    if not m.plays:
        raise _coded("movement_no_play", "plays", m.plays)
    known = set(m.pairs)
    if len(known) != len(m.pairs):
        raise _coded("movement_pairs_differ", "pairs", m.pairs, pairs=repr(m.pairs))
    tables_at: set[tuple[int, int]] = set()
    seat: dict[tuple[int, str], int] = {}
    played: dict[tuple[str, int], int] = {}
    met: dict[frozenset[str], list[int]] = defaultdict(list)
    where: dict[tuple[int, int], list[int]] = defaultdict(list)
    for p in m.plays:
        if p.round < 1 or p.table < 1:
            raise _coded("movement_numbered_from_1", "round", p.round, round=p.round,
                         table=p.table)  # fmt: skip
        if m.tables and p.table > m.tables:
            raise _coded("movement_table_beyond", "table", p.table, table=p.table,
                         tables=m.tables)  # fmt: skip
        if (p.round, p.table) in tables_at:
            raise _coded("movement_table_twice", "table", p.table, table=p.table, round=p.round)
        tables_at.add((p.round, p.table))
        for pair in (p.ns, p.ew):
            if pair not in known:
                raise _coded("movement_pair_unknown", "pair", pair, pair=pair, round=p.round,
                             table=p.table)  # fmt: skip
            if (p.round, pair) in seat:
                raise _coded("movement_pair_two_tables", "pair", pair, pair=pair,
                             first=seat[p.round, pair], second=p.table, round=p.round)  # fmt: skip
            seat[p.round, pair] = p.table
        if len(p.boards) != bpr or len(set(p.boards)) != bpr:
            raise _coded("movement_table_boards_one" if bpr == 1 else "movement_table_boards",
                         "boards", p.boards, table=p.table, round=p.round,
                         boards=format_boards(p.boards), count=bpr)  # fmt: skip
        for board in p.boards:
            if board < 1:
                raise _coded("movement_board_from_1", "boards", board, board=board)
            for pair in (p.ns, p.ew):
                if (pair, board) in played:
                    raise _coded("movement_board_twice", "boards", board, pair=pair,
                                 board=board, first=played[pair, board],
                                 second=p.round)  # fmt: skip
                played[pair, board] = p.round
            where[p.round, board].append(p.table)
        rounds_met = met[frozenset((p.ns, p.ew))]
        rounds_met.append(p.round)
        if len(rounds_met) > m.meetings:
            raise _coded("movement_meet_twice" if len(rounds_met) == 2 else "movement_meet_more",
                         "pair", p.ns, ns=p.ns, ew=p.ew, times=len(rounds_met),
                         rounds=" and ".join(map(str, rounds_met)), most=m.meetings)  # fmt: skip
    played_rounds = {r for r, _ in tables_at}
    last = max(played_rounds) + len(set(m.idle))  # idle rounds fill gaps or follow the last
    wrong = [
        r for r in m.idle if isinstance(r, bool) or not isinstance(r, int) or not 1 <= r <= last
    ]
    if wrong or len(set(m.idle)) != len(m.idle):
        raise _coded("movement_idle", "idle", wrong[0] if wrong else m.idle, last=last,
                     idle=repr(m.idle))  # fmt: skip
    if played_rounds & set(m.idle):
        idle = min(played_rounds & set(m.idle))
        raise _coded("movement_idle_plays", "idle", idle, round=idle)
    rounds = max(played_rounds | set(m.idle))
    missing = sorted(set(range(1, rounds + 1)) - played_rounds - set(m.idle))
    if missing:
        raise _coded("movement_round_empty", "round", missing[0], round=missing[0],
                     rounds=rounds)  # fmt: skip
    shared: set[tuple[int, int, int]] = set()
    boards_at = {(p.round, p.table): p.boards for p in m.plays}
    for s in m.shares:
        if len(set(s.tables)) < 2:
            raise _coded("movement_share_tables", "table", s.tables, tables=repr(s.tables),
                         round=s.round)  # fmt: skip
        for t in s.tables:
            if boards_at.get((s.round, t)) != s.boards:
                raise _coded("movement_share_table", "table", t, boards=format_boards(s.boards),
                             round=s.round, table=t)  # fmt: skip
            shared.update((s.round, t, b) for b in s.boards)
    for (r, board), tables in where.items():
        if len(tables) > 1 and not all((r, t, board) in shared for t in tables):
            raise _coded("movement_board_unshared", "boards", board, board=board,
                         tables=" and ".join(map(str, tables)), round=r)  # fmt: skip
    boards = {b for _, b in where}
    for board in m.unplayed:
        if board in boards or board < 1:
            raise _coded("movement_unplayed", "unplayed", board, board=board)
    boards |= set(m.unplayed)
    top = max(boards)
    gaps = sorted(set(range(1, top + 1)) - boards)
    if gaps:
        raise _coded("movement_board_gap", "boards", gaps[0], top=top, board=gaps[0])
    for r in m.arrow_switched:
        if not 1 <= r <= rounds:
            raise _coded("movement_arrow_round", "arrow_switch", r, round=r, rounds=rounds)
    for r, t in m.turned:
        if (r, t) not in tables_at:
            raise _coded("movement_turned", "turned", (r, t), table=t, round=r)
    for relay in m.relays:
        for board in relay.boards:
            if (relay.round, board) in where or not 1 <= board <= top:
                raise _coded("movement_relay_board", "boards", board, board=board,
                             round=relay.round, top=top)  # fmt: skip


def iter_rounds(m: Movement) -> Iterator[tuple[int, tuple[TableRound, ...]]]:
    """Each round with its plays."""
    by_round: dict[int, list[TableRound]] = defaultdict(list)
    for p in m.plays:
        by_round[p.round].append(p)
    for r in range(1, m.rounds + 1):
        yield r, tuple(by_round[r])

"""Writing a :class:`~bridgescore.duplicate.session.Session`, scored, as PBN games: a game per board
with a ``ScoreTable``, or a game per table (see the package's notes for the mapping)."""

from __future__ import annotations

import re
from typing import Final, Literal

from bridgescore.boards.tags import write_tags
from bridgescore.duplicate.session import (
    Board,
    Section,
    SectionScores,
    Session,
    heading,
    score_section,
)
from bridgescore.errors import PbnError
from bridgescore.model import Side
from bridgescore.pbn._games import (
    MANDATORY_TAGS,
    RESERVED,
    Column,
    Game,
    Table,
    Tag,
    element,
    write_games,
)
from bridgescore.pbn._values import absent, scoring_tag

__all__ = ["write"]


def write(session: Session, *, per: Literal["board", "table"] = "board", eol: str = "\r\n") -> str:
    """Write a session, scored, in PBN export format (see :mod:`bridgescore.pbn`).

    ``per="board"``: a game per board of each section with a ``ScoreTable``; ``per="table"``:
    a game per table with ``Score``, ``ScoreMP``, ``ScorePercentage`` (or ``ScoreIMP``).

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.session import BoardResult, Section, Session
    >>> s = Session((Section(results=[BoardResult(1, 1, 1, Result.parse("3NTN=")),
    ...                               BoardResult(1, 2, 2, Result.parse("4SE-1"))]),))
    >>> lines = write(s).splitlines()  # the ScoreTable's rows follow its tag
    >>> print(*lines[lines.index('[Section "A"]') + 2 :][:2], sep="\\n")
    1 1 3NT N 9 400 - 2 0 100.00   0.00
    2 2 4S  E 9  50 - 0 2   0.00 100.00

    :raises PbnError: for a section without boards, or a kept tag whose name the mapping
        writes itself (``Board``, ``Scoring`` ...).
    """
    return write_games(_games(session, per), eol=eol)


def _games(session: Session, per: Literal["board", "table"]) -> list[Game]:
    if per not in ("board", "table"):
        raise PbnError(
            f"unknown layout per={per!r}; expected 'board' or 'table'", field="per", value=per
        )
    for name in session.tags:
        if name in RESERVED:
            raise PbnError(
                f"the session keeps a tag {name!r}, which PBN export writes itself",
                field=name,
                value=session.tags[name],
            )
    games = []
    scoring = scoring_tag(session)
    _check_names(session)
    for section in session.sections:
        scored = score_section(section, session)
        totals = _total_table(scored)
        if not section.boards:  # a game without a board holds the section (and its pairs)
            games.append(_game(_board_tags(session, section, None, scoring), {}, [totals]))
        for i, board in enumerate(section.boards):
            lines = scored.travellers.get(board.number, [])
            common = _board_tags(session, section, board, scoring)
            extra = [totals] if i == 0 else []
            if per == "board":
                table = [_score_table(scored, board.number)] if lines else []
                games.append(_game(common, {}, [*table, *extra]))
                continue
            for j in range(max(len(lines), 1)):
                own = _table_tags(scored, board.number, j) if lines else {}
                games.append(_game(common, own, extra if j == 0 else []))
    return games


def _check_names(session: Session) -> None:
    """Refuse the names PBN would read back otherwise: the event, date, section names and the
    pairs' names (control characters are refused for every value by ``write_games``)."""
    texts = [("Event", session.event), ("Date", session.date), *session.tags.items()]
    for section in session.sections:
        texts.append(("Section", section.name))
        texts += [("Names", p.names) for p in section.pairs]
        texts += [tag for board in section.boards for tag in (*write_tags(board.fields),
                                                             *board.tags)]  # fmt: skip
    for what, text in texts:
        if text.startswith("#") and what != "Names":
            raise PbnError(f"{what} {text!r} starts with '#', which PBN reads as the value of the "
                           "game before (§4.8)", field=what, value=text)  # fmt: skip
        if what == "Section" and (absent(text) or text != text.strip()):
            raise PbnError(f"section name {text!r}: PBN reads a Section tag without the spaces "
                           "around it, and an empty one, '?' or '-' as section A",
                           field="section", value=text)  # fmt: skip
        if what in ("Event", "Date", "Names") and text and (absent(text) or text == "????.??.??"):
            raise PbnError(f"{what} {text!r}: PBN reads it as unknown (§3.4); leave it empty",
                           field=what, value=text)  # fmt: skip


def _board_tags(
    session: Session, section: Section, board: Board | None, scoring: str
) -> dict[str, tuple[str, tuple[str, ...]]]:
    """A board's tags as name -> (value, section data lines), before the game's own; without
    a board, those of the game that holds a section without boards."""
    tags: dict[str, tuple[str, tuple[str, ...]]] = {}
    own = (*write_tags(board.fields), *board.tags) if board else ()
    for name, value in (*session.tags.items(), *own):
        if name in RESERVED:
            number = board.number if board else "?"
            raise PbnError(f"board {number} of section {section.name} keeps a tag "
                           f"{name!r}, which PBN export writes itself", field=name,
                           value=value)  # fmt: skip
        text, *lines = value.split("\n")
        if name == "Note" and name in tags:
            name = f"Note\0{len(tags):04d}"  # several notes outside an auction or play
        tags[name] = (text, tuple(lines))
    head = heading(session)  # the event and date every results file shows
    tags.update({
        "Event": (head.event or "?", ()),
        "Date": (head.date or "?", ()),
        "Board": (str(board.number) if board else "?", ()),
        "Dealer": (board.dealer.value if board else "?", ()),
        "Vulnerable": (board.vulnerability.value if board else "?", ()),
        "Scoring": (scoring, ()),
        "Section": (section.name, ()),
        "Movement": (section.kind.title(), ()),
    })  # fmt: skip
    return tags


def _game(
    common: dict[str, tuple[str, tuple[str, ...]]],
    own: dict[str, str],
    tables: list[Tag],
) -> Game:
    """A game in export order: the mandatory tags, the others by name, then the sections."""
    per_table = bool(own)
    values = dict(common)
    values.update((k, (v, ())) for k, v in own.items())
    unknown = "?" if per_table else ""
    for name in MANDATORY_TAGS:
        default = unknown if name in ("West", "North", "East", "South") else "?"
        if name in ("Declarer", "Contract", "Result"):
            default = ""
        values.setdefault(name, (default, ()))
    head = [_tag(name, *values.pop(name)) for name in MANDATORY_TAGS]
    plays = [_tag(name, *values.pop(name)) for name in ("Auction", "Play") if name in values]
    plain = sorted((n, v) for n, v in values.items() if not v[1])
    sections = sorted((n, v) for n, v in values.items() if v[1])
    tags = [*head, *(_tag(n, *v) for n, v in plain), *plays]
    rest = sorted([*(_tag(n, *v) for n, v in sections), *tables], key=lambda t: t.name)
    return Game((*tags, *rest))


def _tag(name: str, value: str, lines: tuple[str, ...]) -> Tag:
    return Tag(name.split("\0")[0], value, tuple(_tokens(line) for line in lines))


def _tokens(line: str) -> tuple[str, ...]:
    return tuple(re.findall(r'(?:"(?:[^"\\]|\\.)*"|[^ \t"])+', line))


def _num(x: float) -> str:
    """A matchpoint or IMP figure: a whole number bare, else to at most two decimals."""
    r = round(x, 2)
    if r == int(r):
        return str(int(r))
    return f"{r:.2f}".rstrip("0")


def _traveller_values(scored: SectionScores, board: int, line_index: int) -> dict[str, str]:
    """One traveller line as ScoreTable elements."""
    line = scored.travellers[board][line_index]
    r = line.result
    out = {"PairId_NS": str(r.ns), "PairId_EW": str(r.ew)}
    out["Round"] = "?" if r.round is None else str(r.round)
    out["Table"] = "?" if r.table is None else str(r.table)
    out["Version"] = str(scored.section.version_of(board, r.table) + 1)
    caret = ""
    if r.artificial is not None:
        caret = "^"
        out.update(Contract="-", Declarer="-", Result="-",
                   Score_NS=f"^{r.artificial.ns}", Score_EW=f"^{r.artificial.ew}")  # fmt: skip
    elif r.weighted is not None:  # its results in the Contract column: see the package's notes
        out.update(Contract=str(r.weighted), Declarer="-", Result="-", Score_NS="-",
                   Score_EW="-")  # fmt: skip
    elif r.split is not None:  # both results in the Contract column, each side's own score
        ns_view = r.split.ns_scores(scored.section.board(board).vulnerability)
        out.update(Contract=str(r.split), Declarer="-", Result="-", Score_NS=str(ns_view[0]),
                   Score_EW=str(-ns_view[1]))  # fmt: skip
    else:
        assert r.result is not None
        result = r.result
        ns = line.ns_score
        assert isinstance(ns, int)
        out.update(
            Contract=str(result.contract),
            Declarer=result.declarer.value if result.declarer else "-",
            Result="-" if result.is_pass_out else str(result.tricks),
            Score_NS=str(ns) if ns >= 0 else "-",
            Score_EW=str(-ns) if ns < 0 else "-",
        )
    top = scored.tops[board]
    if scored.method == "mp":
        out["MP_NS"], out["MP_EW"] = (caret + _num(p) for p in (line.ns_points, line.ew_points))
        out["Percentage_NS"], out["Percentage_EW"] = (
            f"{caret}{100 * p / top if top else 50:.2f}" for p in (line.ns_points, line.ew_points)
        )
    else:
        out["IMP_NS"], out["IMP_EW"] = (caret + _num(p) for p in (line.ns_points, line.ew_points))
    section = scored.section
    mitchell = section.kind == "mitchell"
    out["Names_NS"] = section.pair(r.ns, Side.NS if mitchell else None).names or "?"
    out["Names_EW"] = section.pair(r.ew, Side.EW if mitchell else None).names or "?"
    return out


def _score_table(scored: SectionScores, board: int) -> Tag:
    names = ["PairId_NS", "PairId_EW"]
    lines = scored.travellers[board]
    names += [name for name in ("Round", "Table")
              if any(getattr(line.result, name.lower()) is not None for line in lines)]  # fmt: skip
    if any(number == board for number, _ in scored.section.versions):
        names.append("Version")  # a fouled board's version at each table: the package's notes
    names += ["Contract", "Declarer", "Result", "Score_NS", "Score_EW"]
    if scored.method == "mp":
        names += ["MP_NS", "MP_EW", "Percentage_NS", "Percentage_EW"]
    else:
        names += ["IMP_NS", "IMP_EW"]
    if any(p.names for p in scored.section.pairs):
        names += ["Names_NS", "Names_EW"]
    values = [_traveller_values(scored, board, i) for i in range(len(lines))]
    return _aligned("ScoreTable", names, [[v[n] for n in names] for v in values])


_LEFT: Final = frozenset({"Contract", "Names_NS", "Names_EW", "Names", "Direction"})


def _aligned(name: str, columns: list[str], rows: list[list[str]], order: str = "") -> Tag:
    """A table tag whose column widths fit its elements; names last, without a width."""
    specs = []
    for i, column in enumerate(columns):
        width = max((len(element(row[i])) for row in rows), default=1)
        if column.startswith("Names"):
            specs.append(Column(column))
        else:
            align: Literal["L", "R"] = "L" if column in _LEFT else "R"
            specs.append(Column(column, width, align, "-" if column == order else None))
    return Table(tuple(specs), tuple(tuple(row) for row in rows)).tag(name)


def _total_table(scored: SectionScores) -> Tag:
    mitchell = scored.section.kind == "mitchell"
    mp = scored.method == "mp"
    names = ["Rank", *(["Direction"] if mitchell else []), "PairId"]
    names += ["TotalMP", "TotalPercentage"] if mp else ["TotalIMP"]
    names += ["NrBoards"]
    if any(p.names for p in scored.section.pairs):
        names.append("Names")
    rows = []
    for side, ranking in scored.rankings.items():
        for row in ranking:
            value = {
                "Rank": row.rank if row.ranked else "-",
                "Direction": side.value if side else "",
                "PairId": str(row.pair.number),
                "TotalMP": _num(row.total),
                "TotalIMP": _num(row.total),
                "TotalPercentage": "-" if row.percent is None else f"{row.percent:.2f}",
                "NrBoards": str(row.boards),
                "Names": row.pair.names or "?",
            }
            rows.append([value[n] for n in names])
    return _aligned("TotalScoreTable", names, rows, order="" if mitchell else "Rank")


def _table_tags(scored: SectionScores, board: int, index: int) -> dict[str, str]:
    """A game per table's own tags: the result, its scores and the pairs (§4.2, §4.3.2)."""
    lines = scored.travellers[board]
    v = _traveller_values(scored, board, index)
    r = lines[index].result
    out = {"PairNS": v["PairId_NS"], "PairEW": v["PairId_EW"]}
    mitchell = scored.section.kind == "mitchell"
    for number, side, seats in ((r.ns, Side.NS, ("North", "South")),
                                (r.ew, Side.EW, ("East", "West"))):  # fmt: skip
        players = scored.section.pair(number, side if mitchell else None).players
        if len(players) == 2:  # the pair's players, in seat order (§3.4.5)
            out.update(zip(seats, (p.name for p in players), strict=True))
    if r.round is not None:
        out["Round"] = str(r.round)
    if r.table is not None:
        out["Table"] = str(r.table)
    if any(number == board for number, _ in scored.section.versions):
        out["Version"] = v["Version"]  # a fouled board's version (ours: the package's notes)
    if r.artificial is not None:
        out.update(Declarer="", Contract="", Result="",
                   Score=f"NS ^{r.artificial.ns} EW ^{r.artificial.ew}")  # fmt: skip
    elif r.weighted is not None:
        out.update(Declarer="", Contract=str(r.weighted), Result="")
    elif r.split is not None:  # PBN's Score with both sides (§4.2.1): NS's own and EW's own
        out.update(Declarer="", Contract=str(r.split), Result="",
                   Score=f"NS {v['Score_NS']} EW {v['Score_EW']}")  # fmt: skip
    else:
        assert r.result is not None
        ns = lines[index].ns_score
        out.update(
            Declarer=v["Declarer"] if r.result.declarer else "",
            Contract=v["Contract"],
            Result="" if r.result.is_pass_out else v["Result"],
            Score=f"NS {ns}",
        )
    opposite = {"A+": "A-", "A": "A", "A-": "A+"}
    balanced = r.split is None and (
        r.artificial is None or r.artificial.ns == opposite[r.artificial.ew]
    )
    line_ = lines[index]
    if scored.method == "mp":
        out["ScoreMP"] = _both(_num(line_.ns_points), _num(line_.ew_points), balanced)
        out["ScorePercentage"] = _both(v["Percentage_NS"].lstrip("^"),
                                       v["Percentage_EW"].lstrip("^"), balanced)  # fmt: skip
    else:
        out["ScoreIMP"] = _both(_num(line_.ns_points), _num(line_.ew_points),
                                line_.ns_points == -line_.ew_points)  # fmt: skip
    return out


def _both(ns: str, ew: str, balanced: bool) -> str:
    """``NS x`` when EW's follows from NS's, else ``NS x EW y`` (artificial scores)."""
    return f"NS {ns}" if balanced else f"NS {ns} EW {ew}"

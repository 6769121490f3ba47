"""USEBIO written and read: a round trip of generated sessions, and hostile files refused with
an error naming the element and the line and quoting the value."""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridgescore.duplicate import Adjusted, Award
from bridgescore.duplicate.field import Artificial
from bridgescore.duplicate.session import Board, BoardResult, Pair, Section, Session, Split
from bridgescore.errors import UsebioError
from bridgescore.model import Contract, Result, Seat, Vulnerability
from bridgescore.players import Player, pair_names
from bridgescore.usebio import MAX_BYTES, AssignedLine, looks_like_usebio, read, refusal, write

SEATS = list(Seat)
STRAINS = ["C", "D", "H", "S", "NT"]


@st.composite
def results(draw: st.DrawFn, board: int, ns: int, ew: int) -> BoardResult:
    lead = draw(st.none() | st.tuples(st.sampled_from("SHDC"), st.sampled_from("AKQJT98765432"))
                .map("".join))  # fmt: skip
    if draw(st.integers(0, 9)) == 0:
        award: st.SearchStrategy[Award] = st.sampled_from(["A+", "A", "A-"])
        return BoardResult(board, ns, ew, artificial=Adjusted(draw(award), draw(award)))
    if draw(st.integers(0, 14)) == 0:
        return BoardResult(board, ns, ew, Result.parse("Pass"))
    contract = Contract.parse(f"{draw(st.integers(1, 7))}{draw(st.sampled_from(STRAINS))}"
                              f"{draw(st.sampled_from(['', 'X', 'XX']))}")  # fmt: skip
    return BoardResult(board, ns, ew, Result(contract, draw(st.sampled_from(SEATS)),
                                             draw(st.integers(0, 13))), lead=lead)  # fmt: skip


NAMES = st.text(st.characters(codec="utf-8", categories=["L", "N", "Zs", "P"]), min_size=1,
                max_size=30).map(str.strip).filter(bool)  # fmt: skip


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    kind = draw(st.sampled_from(["mitchell", "howell"]))
    tables = draw(st.integers(2, 5))
    boards = draw(st.integers(1, 6))
    pairs = []
    numbers = range(1, tables + 1) if kind == "mitchell" else range(1, 2 * tables + 1)
    sides = ["NS", "EW"] if kind == "mitchell" else [None]
    for side in sides:
        for n in numbers:
            players = tuple(Player(draw(NAMES), draw(st.none() | st.from_regex(r"[0-9]{1,8}",
                                                                             fullmatch=True)))
                            for _ in range(2))  # fmt: skip
            pairs.append(Pair(n, Pair.parse(f"{side or ''}{n}").side, pair_names(players), players))
    lines = []
    for board in range(1, boards + 1):
        for t in range(1, tables + 1):
            if draw(st.integers(0, 7)) == 0:
                continue  # not played at this table
            if kind == "mitchell":
                ns, ew = t, (t + board - 1) % tables + 1
            else:
                ns, ew = 2 * t - 1, 2 * t
            lines.append(draw(results(board, ns, ew)))
    method = draw(st.sampled_from(["mp", "butler", "cross-imps"]))
    played = sorted({r.board for r in lines})
    dealt = [Board(n, Seat.dealer_of_board(n), draw(st.sampled_from(list(Vulnerability))))
              for n in played]  # fmt: skip
    section = Section("A", kind, pairs, dealt, lines)  # type: ignore[arg-type]
    tags = {"Club": "Club " + draw(NAMES), "ClubNumber": "1234", "Site": draw(NAMES)}
    return Session((section,), method, draw(NAMES), "2026.03.11", tags=tags)  # type: ignore[arg-type]


def ranking(session: Session) -> list[tuple[str, str, float, float | None]]:
    return [(r.rank, r.pair.label, round(r.total, 6), r.percent)
            for s in session.scored() for rows in s.rankings.values() for r in rows]  # fmt: skip


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_round_trip(session: Session) -> None:
    """write then read: the same pairs (players, national numbers), results (leads), method,
    event, date, club and venue; so the same rankings; and the file's standings are them."""
    again = read(write(session), source="again.xml")
    s = again.session
    assert s.sections == session.sections
    assert (s.method, s.event, s.date) == (session.method, session.event, session.date)
    assert {k: v for k, v in s.tags.items() if k != "Generator"} == dict(session.tags)
    assert ranking(s) == ranking(session)
    assert [(x.place, x.pair.label) for x in again.standings] == [
        (r, label) for r, label, _, _ in ranking(session)]  # fmt: skip


def test_several_sections_in_a_session() -> None:
    one = Section("A", "howell", results=[BoardResult(1, 1, 2, Result.parse("3NTN="))])
    two = Section("B", "howell", results=[BoardResult(1, 1, 2, Result.parse("3NTN+1"))])
    session = Session((one, two), "mp", "Two sections")
    text = write(session).decode()
    assert '<SECTION SECTION_ID="B">' in text
    assert [s.name for s in read(text).session.sections] == ["A", "B"]


def test_a_split_score_is_written_as_each_sides_points() -> None:
    """A split score (Law 12C1(b)) is the pairs and both sides' points, no contract fields, as
    club programs write an adjusted score; read back apart from the results, the file's own
    rankings being bridgescore's."""
    results = [BoardResult(1, 1, 2, split=Split.parse("4SN=", "4SN-1")),
               BoardResult(1, 3, 4, Result.parse("4SN=")),
               BoardResult(1, 5, 6, Result.parse("4SN-1"))]  # fmt: skip
    session = Session((Section("A", "howell", results=results),))
    text = write(session).decode()
    line = text[text.index("<NS_PAIR_NUMBER>1<") :]
    line = line[: line.index("</TRAVELLER_LINE>")]
    assert "CONTRACT" not in line
    assert "SCORE>" not in line.replace("MATCH_POINTS", "")
    scored = session.scored()[0]
    (first,) = [x for x in scored.travellers[1] if x.result.ns == 1]
    found = read(text)
    assert found.assigned == (AssignedLine("A", 1, 1, 2, first.ns_points, first.ew_points),)
    assert [(s.pair.number, s.place, s.percent) for s in found.standings] == [
        (r.pair.number, r.rank, r.percent) for r in scored.rankings[None]]  # fmt: skip
    assert [str(r.result) for r in found.session.sections[0].results] == ["4SN=", "4SN-1"]


def test_a_line_with_no_contract_and_no_points_is_refused() -> None:
    with pytest.raises(UsebioError, match="no CONTRACT"):
        read(HEAD + PAIRS + line(CONTRACT="", SCORE="", NS_MATCH_POINTS="1.00"))


def test_what_usebio_cannot_say_is_known_before_writing() -> None:
    """The page links a USEBIO download only when ``refusal`` finds nothing: an artificial score
    that is not a whole percentage is refused by ``write`` too."""
    art = Session((Section("A", "howell", results=[
        BoardResult(1, 1, 2, artificial=Adjusted("A+", "A-"))]),),
        artificial=Artificial(plus=62.5))  # fmt: skip
    refused_now = refusal(art)
    assert refused_now is not None
    assert refused_now.field == "artificial"
    with pytest.raises(UsebioError) as err:
        write(art)
    assert err.value.field == "artificial"
    assert refusal(replace(art, artificial=Artificial())) is None


HEAD = b'<?xml version="1.0"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">\n'
PAIRS = (b"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER></PAIR>"
         b"<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>\n")  # fmt: skip


def line(**values: str) -> bytes:
    fields = {"NS_PAIR_NUMBER": "1", "EW_PAIR_NUMBER": "2", "CONTRACT": "4S", "PLAYED_BY": "N",
              "TRICKS": "10", "SCORE": "420"} | values  # fmt: skip
    inner = "".join(f"<{k}>{v}</{k}>" for k, v in fields.items())
    return (f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>\n<TRAVELLER_LINE>{inner}</TRAVELLER_LINE>"
            "</BOARD>\n</EVENT></USEBIO>").encode()  # fmt: skip


def refused(data: bytes) -> UsebioError:
    with pytest.raises(UsebioError) as err:
        read(data, source="club.xml")
    return err.value


def test_a_good_line_is_read() -> None:
    (r,) = read(HEAD + PAIRS + line(LEAD="10D")).session.sections[0].results
    assert (str(r.result), r.lead, r.score) == ("4SN=", "DT", None)
    (r,) = read(HEAD + PAIRS + line(SCORE="450")).session.sections[0].results
    assert r.score == 450  # the file's score where it is not the result's: kept
    (r,) = read(HEAD + PAIRS + line(SCORE="A6040", CONTRACT="")).session.sections[0].results
    assert r.artificial == Adjusted("A+", "A-")


@pytest.mark.parametrize(("ns", "ew"), [("(A) 1", "(A) 2"), ("A1", "a 2"), (" 1 ", "2")])
def test_pair_numbers_with_their_section_are_read(ns: str, ew: str) -> None:
    """``(A) 1 NS`` as NZ Scorer's files write it (through scorer-to-usebio), or ``A1``."""
    (r,) = (
        read(HEAD + PAIRS + line(NS_PAIR_NUMBER=ns, EW_PAIR_NUMBER=ew)).session.sections[0].results
    )
    assert (r.ns, r.ew) == (1, 2)


def test_what_is_read_otherwise_is_a_warning() -> None:
    """An element the reader does not know, an artificial score of other percentages with
    the line's points, a line not played: read, each with a warning naming the line."""
    f = read(HEAD + PAIRS + line(WIND="strong"), source="club.xml")
    (warning,) = f.warnings
    assert warning.startswith("club.xml, line 6")
    assert "'WIND' is not read" in warning
    f = read(HEAD + PAIRS + line(CONTRACT="", SCORE="A7030", NS_MATCH_POINTS="1.4",
                                 EW_MATCH_POINTS="0.6"), source="club.xml")  # fmt: skip
    assert f.assigned == (AssignedLine("A", 1, 1, 2, 1.4, 0.6),)
    assert "'A7030'" in f.warnings[0]
    assert "BOARD 1, TRAVELLER_LINE 1" in f.warnings[0]
    f = read(HEAD + PAIRS + line(CONTRACT="N P", SCORE=""), source="club.xml")
    assert f.session.sections[0].results == ()
    assert "not played" in f.warnings[0]
    f = read(HEAD + PAIRS + line(CONTRACT="NP", SCORE="0"), source="club.xml")
    (r,) = f.session.sections[0].results
    assert r.result is not None
    assert r.result.is_pass_out
    assert "scored 0" in f.warnings[0]


def test_warnings_are_bounded() -> None:
    """A file of many unknown elements: 200 warnings, then how many more."""
    tags = "".join(f"<X{i}/>" for i in range(500))
    f = read(HEAD + PAIRS + line().replace(b"<BOARD>", f"<BOARD>{tags}".encode()), source="x.xml")
    assert len(f.warnings) == 201
    assert f.warnings[-1] == "x.xml: 300 more warnings"


@pytest.mark.parametrize(
    ("values", "field", "value"),
    [
        ({"NS_PAIR_NUMBER": "(B) 1"}, "NS_PAIR_NUMBER", "(B) 1"),
        ({"EW_PAIR_NUMBER": "(A) 2 (A)"}, "EW_PAIR_NUMBER", "(A) 2 (A)"),
        ({"TRICKS": "x"}, "TRICKS", "x"),
        ({"TRICKS": "14"}, "TRICKS", "14"),
        ({"CONTRACT": "9S"}, "CONTRACT", "9S"),
        ({"CONTRACT": ""}, "CONTRACT", ""),
        ({"PLAYED_BY": "Q"}, "PLAYED_BY", "Q"),
        ({"LEAD": "ZZ"}, "LEAD", "ZZ"),
        ({"SCORE": "lots"}, "SCORE", "lots"),
        ({"SCORE": "A7030"}, "SCORE", "A7030"),
        ({"NS_PAIR_NUMBER": "one"}, "NS_PAIR_NUMBER", "one"),
    ],
)
def test_wrong_values_are_refused_by_name(values: dict[str, str], field: str, value: str) -> None:
    err = refused(HEAD + PAIRS + line(**values))
    assert (err.field, err.value, err.line) == (field, value, 6)
    assert "BOARD 1, TRAVELLER_LINE 1" in str(err)
    assert repr(value) in str(err) or not value


@pytest.mark.parametrize(
    ("data", "field"),
    [
        (b"<USEBIO Version='1.2'><EVENT></USEBIO>", "xml"),
        (b"not xml at all", "xml"),
        (b"<RESULTS/>", "USEBIO"),
        (b"<USEBIO Version='2.0'/>", "Version"),
        (b"<USEBIO Version='1.2'/>", "EVENT"),
        (b"<USEBIO Version='1.2'><EVENT EVENT_TYPE='SWISS_TEAMS'/></USEBIO>", "EVENT_TYPE"),
        (HEAD + b"<DATE>2026-03-01</DATE>" + PAIRS + line(), "DATE"),
        (HEAD + b"<PARTICIPANTS><TEAM/></PARTICIPANTS></EVENT></USEBIO>", "TEAM"),
        (HEAD + b"<PARTICIPANTS><PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>Ann"
         b"</PLAYER_NAME><NATIONAL_ID_NUMBER>12 34</NATIONAL_ID_NUMBER></PLAYER></PAIR>"
         b"</PARTICIPANTS></EVENT></USEBIO>", "NATIONAL_ID_NUMBER"),
        (HEAD + PAIRS + line().replace(b"<BOARD_NUMBER>1<", b"<BOARD_NUMBER>0<"), "BOARD_NUMBER"),
        (HEAD + PAIRS + line() + line(), "xml"),
        (HEAD + PAIRS + line().replace(b"</BOARD_NUMBER>", b"</BOARD_NUMBER><VULNERABILITY>Red"
         b"</VULNERABILITY>"), "VULNERABILITY"),
    ],
)  # fmt: skip
def test_unreadable_files_are_refused(data: bytes, field: str) -> None:
    err = refused(data)
    assert err.field == field
    assert str(err).startswith("club.xml")


def test_billion_laughs_is_refused_at_once() -> None:
    lol = b'<!ENTITY a0 "lol">' + b"".join(
        b'<!ENTITY a%d "%s">' % (i, b"&a%d;" % (i - 1) * 10) for i in range(1, 10)
    )
    start = time.perf_counter()
    err = refused(b"<?xml version='1.0'?><!DOCTYPE USEBIO [" + lol + b"]><USEBIO>&a9;</USEBIO>")
    assert time.perf_counter() - start < 1
    assert (err.field, err.value) == ("ENTITY", "a0")


def test_external_entities_are_refused() -> None:
    err = refused(b'<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">'
                  b"]><USEBIO>&x;</USEBIO>")  # fmt: skip
    assert err.field == "ENTITY"
    assert err.value == "x"


def test_a_doctype_without_entities_is_read() -> None:
    """Every real file starts so; the DTD is not fetched."""
    data = HEAD.replace(b"\n<USEBIO", b'\n<!DOCTYPE USEBIO SYSTEM "http://x/usebio_v1_2.dtd">'
                        b"\n<USEBIO") + PAIRS + line()  # fmt: skip
    assert len(read(data).session.sections[0].results) == 1


def test_huge_values_are_quoted_short() -> None:
    huge = "A" * 1_000_000
    err = refused(HEAD.replace(b"MP_PAIRS", huge.encode()) + PAIRS + line())
    assert err.field == "EVENT_TYPE"
    assert "(1000000 characters)" in str(err)
    assert len(str(err)) < 400
    err = refused(HEAD + PAIRS.replace(b"<PAIR_NUMBER>1</PAIR_NUMBER>", b"<PAIR_NUMBER>1"
                  b"</PAIR_NUMBER><PLAYER><PLAYER_NAME>" + b"B" * 500 + b"</PLAYER_NAME></PLAYER>")
                  + line())  # fmt: skip
    assert err.field == "PLAYER_NAME"
    assert "longer than 100" in str(err)
    assert len(str(err)) < 400
    err = refused(b" " * (MAX_BYTES + 1))
    assert err.field == "file"


def test_reading_is_linear() -> None:
    """Four times the lines, about four times the time (not sixteen)."""

    def file(lines: int) -> bytes:
        body = b"".join(
            line(NS_PAIR_NUMBER=str(2 * (i // 900) + 1), EW_PAIR_NUMBER=str(2 * (i // 900) + 2))
            .replace(b"</EVENT></USEBIO>", b"")
            .replace(b"<BOARD_NUMBER>1<", b"<BOARD_NUMBER>%d<" % (i % 900 + 1))
            for i in range(lines)
        )
        return HEAD + PAIRS + body + b"</EVENT></USEBIO>"

    def timed(lines: int) -> float:
        data = file(lines)
        start = time.process_time()  # CPU: other processes' load does not count
        assert len(read(data).session.sections[0].results) == lines
        return time.process_time() - start

    small, large = min(timed(1000) for _ in range(3)), min(timed(4000) for _ in range(3))
    assert large < 8 * small


def test_looks_like_usebio() -> None:
    assert looks_like_usebio(b"\xef\xbb\xbf<?xml version='1.0'?>\r\n<USEBIO Version='1.2'>")
    assert not looks_like_usebio(b'% PBN 2.1\n[Event "Club"]')


def test_text_is_read_whatever_its_declaration_says() -> None:
    """A file decoded already (an upload): its ISO 8859-1 declaration does not decode it twice."""
    data = (HEAD.replace(b'version="1.0"', b'version="1.0" encoding="iso-8859-1"')
            + PAIRS.replace(b"<PAIR_NUMBER>1</PAIR_NUMBER>", "<PAIR_NUMBER>1</PAIR_NUMBER><PLAYER>"
                            "<PLAYER_NAME>Zoë Łódź</PLAYER_NAME></PLAYER>".encode())
            + line())  # fmt: skip
    (pair, _) = read(data.decode()).session.sections[0].pairs
    assert pair.names == "Zoë Łódź"


FUZZ_BASE = (Path(__file__).parents[1] / "data" / "real" / "usebio" /
             "scorebridge_forest_of_dean_mp_pairs.xml").read_bytes()  # fmt: skip
TOKENS = ["", "x", "-1", "+420", "99999999", "1NS", "3EW", "<", "&amp;", "A6060", "PASS", "13",
          "0", "1e5", "nan", "NS", "EW", "7NTXX", "10D", " ", "\u00e9"]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(FUZZ_BASE) - 1), st.sampled_from(TOKENS),
                          st.booleans()), min_size=1, max_size=4))  # fmt: skip
def test_a_damaged_real_file_is_read_or_refused_by_name(edits: list[tuple[int, str, bool]]) -> None:
    """An element's text replaced, or the file cut: read, or refused with a UsebioError (never
    another exception)."""
    data = FUZZ_BASE
    for at, token, cut in edits:
        if cut:
            data = data[:at]
            continue
        start = data.find(b">", at)
        end = data.find(b"<", start)
        if 0 <= start < end:
            data = data[: start + 1] + token.encode() + data[end:]
    error: UsebioError | None = None
    try:
        read(data)
    except UsebioError as exc:
        error = exc
    assert error is None or error.field

"""PBN files written by other programs (tests/data/real/README.md says where each is from),
read as a director would check them: boards, pairs, the ranking, a score worked by hand."""

from __future__ import annotations

import pytest

from bridgescore import PbnError, Side
from bridgescore.duplicate.session import Session
from bridgescore.pbn import decode, read, read_games, read_match, read_matches, write
from tests.conftest import DATA

REAL = DATA / "real"


def load(name: str) -> Session:
    return read(decode((REAL / name).read_bytes()), source=name)


def test_magic_contest_ffb_pairs() -> None:
    """FFB, Open /2 DN1 séance 1: 22 tables, 44 pairs that switch direction (one field, the
    file's own TotalScoreTable ranks 1-44 with a Direction column 'N-S'/'E-W'), 30 boards,
    A+ written without '^'. Board 1: 14 of 21 real results are 420 (beating 7, tying 13: 27 of
    a top of 40), Neuberg to 22 results: (27 + 1) × 22/21 - 1 = 28.33 of 42; the A+/A+ is
    60 % of 42 = 25.2 to each side, as the file says."""
    s = load("magic_contest_ffb.pbn")
    (section,) = s.sections
    assert (section.kind, len(section.boards), len(section.pairs)) == ("howell", 30, 44)
    assert len(section.results) == 660
    scored = s.scored()[0]
    assert scored.tops[1] == 42
    assert round(scored.travellers[1][0].ns_points, 2) == 28.33
    (a_plus,) = [line for line in scored.travellers[1] if line.result.artificial]
    assert (a_plus.ns_points, a_plus.ew_points) == (25.2, 25.2)
    warnings = [str(w) for w in s.warnings]
    assert warnings[0].startswith("artificial scores written without PBN's '^' (A+, A, A-)")
    assert "TotalScoreTable's Direction column (line 67) is ignored" in warnings[1]
    # The ranking is the file's, to its rounding (it rounds each board to 0.1 MP).
    table = read_games(decode((REAL / "magic_contest_ffb.pbn").read_bytes()))[0]
    totals = table.table("TotalScoreTable")
    assert totals is not None
    theirs = {int(r["PairId"]): float(r["TotalPercentage"]) for r in totals.records()}
    ours = {row.pair.number: row.percent for row in scored.rankings[None]}
    assert ours.keys() == theirs.keys()
    assert all(abs((ours[n] or 0) - theirs[n]) <= 0.011 for n in theirs)
    assert [row.pair.number for row in scored.rankings[None][:5]] == [7, 26, 17, 35, 4]
    assert scored.rankings[None][0].pair.names == "Philippe CHESNY - Rémi LEGRAS"


def test_jfr_pary_barometer_without_pair_numbers() -> None:
    """JFR Pary (through pbntools): a game per table, no PairNS/PairEW, the players named
    'Para-1' ...: pairs told apart by those names. Board 1 at 8 tables, top 14: -50 (4H by S
    one down) beats the five -100/-140/-150 and ties two: 10 + 2 = 12."""
    s = load("jfr_pary.pbn")
    (section,) = s.sections
    assert (len(section.boards), len(section.pairs), len(section.results)) == (27, 17, 216)
    assert section.pair(1).names == "Para-1"
    scored = s.scored()[0]
    line = scored.travellers[1][0]
    assert (str(line.result.result), line.ns_score, line.ns_points) == ("4HS-1", -50, 12.0)
    top = scored.rankings[None][0]
    assert (top.pair.names, top.total, top.percent) == ("Para-14", 232.0, 61.38)
    assert any("numbered by their players' names" in str(w) for w in s.warnings)


def test_kops_imps_without_pair_numbers() -> None:
    """KoPS (through pbntools): Scoring "IMP" (scored as Butler, with a warning), 9 pairs."""
    s = load("kops.pbn")
    (section,) = s.sections
    assert (s.method, len(section.boards), len(section.pairs)) == ("butler", 27, 9)
    assert "Scoring says IMP without Butler or Cross: scored as Butler" in map(str, s.warnings)
    # Board 1: all four tables -460 (3NT+2 or 4NT+1 by EW): no IMPs anywhere.
    assert {line.ns_points for line in s.scored()[0].travellers[1]} == {0.0}


def test_bbo_pairs_with_robots() -> None:
    """A BBO tournament page (through pbntools): the players' BBO names tell the pairs apart.
    Board 1: -2 (100) twice beats the one -1 (50) → 100s score 4.33 of 6 after Neuberg."""
    s = load("bbo_pairs.pbn")
    (section,) = s.sections
    assert (len(section.boards), len(section.pairs), len(section.results)) == (11, 8, 42)
    first = s.scored()[0].rankings[None][0]
    assert (first.pair.names, first.total, first.percent) == ("hzengin & mlang", 49.0, 74.24)


def test_bbo_vugraph_team_match() -> None:
    """WBTC 2015 Sweden v Poland (LinToPbnConverter): Room Open/Closed, 16 boards. Board 1
    (love all): 4S by W one down (+50 to Sweden NS) v two down (+100 to Poland NS): -2."""
    text = decode((REAL / "bbo_vugraph_match.pbn").read_bytes())
    m = read_match(text)
    assert (m.home, m.away, len(m.boards)) == ("SWEDEN", "POLAND", 16)
    assert (str(m.boards[0].open), str(m.boards[0].closed), m.boards[0].imps) == (
        "4SW-1", "4SW-2", -2)  # fmt: skip
    assert m.imps == (37, 39)
    assert read_matches(text) == [m]


def test_several_matches_in_one_file_without_room_tags() -> None:
    """As RealBridge writes a teams event (no such file was found in a public repository, so
    this one is written by hand in its layout): no Room tag, HomeTeam is the team sitting NS.
    Board 1 (love all): Lions NS make 4S (+420), Tigers NS go one down (-50): Lions +470 →
    10 IMPs. Bears v Wolves: 3NT= both ways: 0."""
    games = []
    tables = [("Lions", "Tigers", "4S", 10), ("Tigers", "Lions", "4S", 9),
              ("Bears", "Wolves", "3NT", 9), ("Wolves", "Bears", "3NT", 9)]  # fmt: skip
    for home, away, contract, tricks in tables:
        games.append(
            f'[Event "Teams"][Board "1"][HomeTeam "{home}"][VisitTeam "{away}"]'
            f'[Contract "{contract}"][Declarer "N"][Result "{tricks}"]'
        )
    text = "\n\n".join(games)
    matches = read_matches(text)
    assert [(m.home, m.away, m.margin) for m in matches] == [
        ("Lions", "Tigers", 10),
        ("Bears", "Wolves", 0),
    ]
    with pytest.raises(PbnError, match="the file holds 2 team matches"):
        read_match(text)


@pytest.mark.parametrize(
    ("name", "boards", "first"),
    [
        ("bigdeal.pbn", 14, 1),  # Big Deal 1.1, PBN 1.0: Board, Dealer, Vulnerable, Deal
        ("dealer4.pbn", 16, 1),  # Dealer4 4.82: '#' values inherited (§4.8)
        ("bridgecomposer.pbn", 15, 16),  # BridgeComposer 5.57: '%' options, boards 16-30
    ],
)
def test_deal_files_without_results(name: str, boards: int, first: int) -> None:
    """Files of deals (no results yet): every board with its deal, no results, no warnings,
    written and read back whole."""
    s = load(name)
    (section,) = s.sections
    assert (len(section.boards), section.results, s.warnings) == (boards, (), [])
    assert section.boards[0].number == first
    assert all(b.deal is not None and b.deal.is_complete for b in section.boards)
    assert read(write(s)) == s


# --- the same behaviours, one at a time --------------------------------------------------------

HEAD = (
    '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
)


@pytest.mark.parametrize(
    ("text", "adjusted"),
    [
        (HEAD + '1 1 4S N 10 "420" -\n2 2 - - - "A+" "A+"', ("A+", "A+")),
        (HEAD + "1 1 4S N 10 420 -\n2 2 - - - A- A+", ("A-", "A+")),
        (HEAD + "1 1 4S N 10 420 -\n2 2 - - - A -", ("A", "A")),
        ('[Board "1"][PairNS "2"][PairEW "2"][Contract ""][Score "NS A+ EW A-"]', ("A+", "A-")),
    ],
    ids=["both-plus", "minus-plus", "average", "game-per-table"],
)
def test_artificial_scores_without_the_caret(text: str, adjusted: tuple[str, str]) -> None:
    s = read(text)
    (found,) = [(r.ns, r.artificial) for r in s.sections[0].results if r.artificial]
    assert found[1] is not None
    assert (found[0], found[1].ns, found[1].ew) == (2, *adjusted)
    assert str(s.warnings[0]).startswith("artificial scores written without PBN's '^'")
    assert "line" in str(s.warnings[0])


def test_a_contract_and_a_bare_award_is_still_an_error() -> None:
    with pytest.raises(PbnError, match="line 3: bad Score_NS/Score_EW 'A\\+'"):
        read(HEAD + "1 1 4S N 10 A+ -")


def test_direction_columns_of_other_programs() -> None:
    totals = '[TotalScoreTable "PairId;Direction;Names"]\n1 "N-S" "Ann & Bob"\n1 "E-W" "Cy & Di"\n'
    mitchell = read(HEAD + "1 1 4S N 10 420 -\n" + totals)
    assert sorted((p.label, p.names) for p in mitchell.sections[0].pairs) == [
        ("EW 1", "Cy & Di"), ("NS 1", "Ann & Bob")]  # fmt: skip
    howell = read(HEAD + "1 2 4S N 10 420 -\n3 4 4S N 10 420 -\n"
                  '[TotalScoreTable "PairId;Direction;Names"]\n1 "N-S" "Ann & Bob"\n'
                  '2 "E-W" "Cy & Di"\n[Movement "Howell"]')  # fmt: skip
    assert [(p.label, p.names) for p in howell.sections[0].pairs][:2] == [
        ("1", "Ann & Bob"), ("2", "Cy & Di")]  # fmt: skip
    assert "Direction column (line 6) is ignored" in str(howell.warnings[0])
    odd = read(HEAD + "1 1 4S N 10 420 -\n" + totals.replace('"E-W"', "up"))
    assert odd.sections[0].pair(1, Side.NS).names == "Ann & Bob"  # 'up': no direction


def test_games_without_a_board_tag() -> None:
    s = read('[PairNS "1"][PairEW "1"][Deal "N:AKQJ.T98.765.432 - - -"][Contract "1NT"]'
             '[Declarer "N"][Result "7"]\n\n[Board "5"][PairNS "1"][PairEW "1"][Contract "Pass"]'
             '\n\n[PairNS "1"][PairEW "1"][Contract "2S"][Declarer "S"][Result "8"]')  # fmt: skip
    assert [r.board for r in s.sections[0].results] == [1, 5, 6]
    assert str(s.warnings[0]) == ("games without a Board tag are numbered in order, each after "
                                  "the highest board before it: lines 1, 5")  # fmt: skip


def test_scoring_tags_are_compared_by_method() -> None:
    s = read('[Scoring "MP"][Board "1"]\n\n[Scoring "MatchPoints;MP1"][Board "2"]')
    assert s.method == "mp"
    with pytest.raises(PbnError, match=r"line 3: Scoring 'IMP;Cross1' differs from 'MP' \(line "
                       r"1\): a session is scored one way, here by cross-IMPs, there by "
                       r"matchpoints"):  # fmt: skip
        read('[Scoring "MP"][Board "1"]\n\n[Scoring "IMP;Cross1"][Board "2"]')


def test_a_pair_named_in_either_seat_keeps_its_first_names() -> None:
    s = read('[Board "1"][North "Ann"][South "Bob"][East "Cy"][West "Di"][Contract "1NT"]'
             '[Declarer "N"][Result "7"]\n\n[Board "2"][North "bob"][South "Ann "][East "Di"]'
             '[West "Cy"][Contract "1NT"][Declarer "N"][Result "7"]')  # fmt: skip
    assert sorted((p.number, p.names) for p in s.sections[0].pairs) == [
        (1, "Ann & Bob"), (2, "Cy & Di")]  # fmt: skip
    assert len(s.warnings) == 1  # the numbering by names; no 'named ... and ...'

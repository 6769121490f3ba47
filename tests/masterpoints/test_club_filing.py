"""Filing a club evening's masterpoints (SCORING.md §29): the ABF's credit file and the EBU's
USEBIO, each checked against its published description, made only once the correction
period has ended (the core's check, inside storage's read), through storage, the API and the
CLI alike."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgescore import usebio
from bridgescore.cli import cli
from bridgescore.club.filing import (
    EBU_CHARGE_CODES,
    FilingError,
    NotFinalError,
    abf_credit_file,
    check_final,
)
from bridgescore.duplicate.session import Pair, score_session
from bridgescore.live import DIRECTOR
from bridgescore.masterpoints import Award, awards, parse_spec
from bridgescore.players import Player
from bridgescore.storage import Store
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.filing import file_masterpoints
from bridgescore.storage.live import LiveStore
from bridgescore.storage.schema import GameRow
from bridgescore.web import Settings
from tests.conftest import auth, club_evenings, create_app

REAL = Path(__file__).parents[1] / "data" / "real" / "usebio"

# The ABF Masterpoint Centre's own example of a credit file (its Appendix D, "Format of ABF
# Masterpoint Credit Files"): ABF number 123456 receives 0.42 points, 2288 gets 0.07 and
# 88249 gets 1.45; 13 digits a line, the number in 7 and the points in hundredths in 6.
ABF_EXAMPLE = [("123456", "0.42", "0123456000042"), ("2288", "0.07", "0002288000007"),
               ("88249", "1.45", "0088249000145")]  # fmt: skip
_ABF_LINE = re.compile(rb"(\d{7})(\d{6})\r\n")


def test_the_abf_credit_file_is_the_published_example() -> None:
    found = {Pair(i + 1, players=(Player(f"P{i}", number),)): Award(Decimal(points), "green")
             for i, (number, points, _) in enumerate(ABF_EXAMPLE)}  # fmt: skip
    data, extension, unfiled = abf_credit_file(found)
    assert extension == "grn"
    assert unfiled == ()
    lines = _ABF_LINE.findall(data)
    assert b"".join(a + b + b"\r\n" for a, b in lines) == data  # nothing but such lines
    assert sorted(a + b for a, b in lines) == sorted(line.encode() for *_, line in ABF_EXAMPLE)
    assert {int(a): Decimal(int(b)) / 100 for a, b in lines} == {
        int(n): Decimal(p) for n, p, _ in ABF_EXAMPLE
    }


def test_the_abf_file_sums_a_players_points_and_leaves_out_who_it_cannot_hold() -> None:
    ann, bob, cy = Player("Ann", "42"), Player("Bob"), Player("Cy", "12345678")  # 8 digits
    one, two = Pair(1, players=(ann, bob)), Pair(2, players=(ann, cy))
    data, _, unfiled = abf_credit_file({one: Award(Decimal("0.30"), "green"),
                                        two: Award(Decimal("0.12"), "green")})  # fmt: skip
    assert data == b"0000042000042\r\n"
    assert unfiled == ("Bob", "Cy")
    red = {one: Award(Decimal("1"), "red"), two: Award(Decimal("1"), "green")}
    with pytest.raises(FilingError) as caught:
        abf_credit_file(red)
    assert caught.value.field == "kind"


@pytest.mark.parametrize("after", [timedelta(0), timedelta(hours=24) - timedelta(seconds=1)])
def test_nothing_is_filed_before_the_correction_period_ends(after: timedelta) -> None:
    closed = datetime(2026, 12, 1, 22, 30, tzinfo=UTC)
    with pytest.raises(NotFinalError) as caught:
        check_final(closed, timedelta(hours=24), closed + after)
    assert caught.value.field == "closed_at"
    check_final(closed, timedelta(hours=24), closed + timedelta(hours=24))
    with pytest.raises(NotFinalError):
        check_final(None, timedelta(0), closed)


@pytest.fixture
def evening(tmp_path: Path) -> tuple[str, str, str]:
    """A club's closed evening (twelve players with national numbers), its scheme the ABF's:
    the database, the club and the evening."""
    url = f"sqlite:///{tmp_path / 'filing.db'}"
    club_id, (game_id,) = club_evenings(url, 1, dd=False)
    with Store(url) as store:
        ClubStore(store).set_masterpoints(club_id, "abf")
    return url, club_id, game_id


def _closed_at(url: str, game_id: str) -> datetime:
    with Store(url) as store, store.transaction() as conn:
        row = conn.execute(GameRow.__table__.select().where(GameRow.id == game_id)).one()
    found: datetime = row.closed_at
    return found


def test_storage_files_the_abf_awards_of_the_core_once_final(evening: tuple[str, str, str]) -> None:
    url, club_id, game_id = evening
    closed = _closed_at(url, game_id)
    with Store(url) as store:
        clubs = ClubStore(store)
        with pytest.raises(NotFinalError):
            file_masterpoints(clubs, club_id, game_id, "abf", closed + timedelta(hours=23))
        made = file_masterpoints(clubs, club_id, game_id, "abf", closed + timedelta(hours=24))
        session = LiveStore(store).state(game_id).current
        with pytest.raises(FilingError) as caught:  # the club's scheme is the ABF's
            file_masterpoints(clubs, club_id, game_id, "ebu", closed + timedelta(days=2))
        assert caught.value.field == "format"
    expected: dict[int, Decimal] = {}
    for pair, award in awards(parse_spec("abf"), score_session(session)).items():
        for player in pair.players:
            if award.points > 0:
                assert player.number is not None
                expected[int(player.number)] = expected.get(int(player.number), 0) + award.points
    assert expected, "the evening awards some points"
    lines = _ABF_LINE.findall(made.data)
    assert {int(a): Decimal(int(b)) / 100 for a, b in lines} == expected
    assert made.extension == "grn"
    assert made.unfiled == ()


def _compscore_order() -> list[str]:
    """The order of the EVENT's head in Compscore3's real file (its children's tags)."""
    root = ET.fromstring((REAL / "compscore3_mp_pairs_mitchell.xml").read_bytes())
    event = root.find("EVENT")
    assert event is not None
    return [child.tag for child in event]


def test_the_ebu_file_carries_the_charge_code_and_national_numbers(
    evening: tuple[str, str, str],
) -> None:
    url, club_id, game_id = evening
    closed = _closed_at(url, game_id)
    with Store(url) as store:
        clubs = ClubStore(store)
        clubs.set_masterpoints(club_id, "ebu")
        made = file_masterpoints(clubs, club_id, game_id, "ebu", closed + timedelta(days=1),
                                 charge_code="04")  # fmt: skip
        with pytest.raises(FilingError) as caught:
            file_masterpoints(clubs, club_id, game_id, "ebu", closed + timedelta(days=1),
                              charge_code="99")  # fmt: skip
        assert caught.value.field == "charge_code"
        session = LiveStore(store).state(game_id).current
    assert "04" in EBU_CHARGE_CODES
    assert made.extension == "xml"
    back = usebio.read(made.data)  # our own reader takes it whole, without a warning
    assert back.warnings == ()
    root = ET.fromstring(made.data[made.data.index(b"<USEBIO") :])
    event = root.find("EVENT")
    assert event is not None
    assert event.findtext("P2P_CHARGE_RATE") == "04"
    assert event.findtext("MPS_AWARDED_FLAG") == "N"
    assert root.findtext("CLUB/CLUB_ID_NUMBER") == "1234"
    numbers = {p.number for s in session.sections for q in s.pairs for p in q.players}
    written = {e.text for e in root.iter("NATIONAL_ID_NUMBER")}
    assert written == numbers
    assert len(numbers) == 12
    # The elements stand where Compscore3 writes them: the flag before SESSION_COUNT, the
    # charge code after SECTION_COUNT.
    ours = list(dict.fromkeys(child.tag for child in event))
    theirs = [t for t in dict.fromkeys(_compscore_order()) if t in ours]
    assert {"MPS_AWARDED_FLAG", "SESSION_COUNT", "SECTION_COUNT", "P2P_CHARGE_RATE"} <= set(theirs)
    assert [t for t in ours if t in theirs] == theirs


def test_the_api_files_for_the_director_only_after_the_period(
    evening: tuple[str, str, str],
) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        clubs = ClubStore(store)
        token = clubs.edit_token(game_id)
    app = create_app(Settings(database_url=url))
    path = f"/api/sessions/{game_id}/masterpoints?format=abf"
    with TestClient(app) as client:
        early = client.get(path, headers=auth(token))
        assert early.status_code == 409, early.text
        assert "provisional until" in early.json()["detail"]
        assert client.get(path).status_code == 403
        table = client.get(f"/api/sessions/{game_id}/tables", headers=auth(token)).json()
        assert client.get(path, headers=auth(table["tables"][0]["token"])).status_code == 403
        answer = client.get(f"/api/sessions/{game_id}", headers=auth(token)).json()
        assert answer["filing"] == {"scheme": "abf", "formats": ["abf"]}
        ClubStore(app.state.store).set_public(club_id, "names", 0)  # final at once
        made = client.get(path, headers=auth(token))
        assert made.status_code == 200, made.text
        assert _ABF_LINE.findall(made.content)
        assert ".grn" in made.headers["content-disposition"]
        wrong = client.get(path.replace("abf", "ebu"), headers=auth(token))
        assert wrong.status_code == 422
        assert wrong.json()["detail"][0]["loc"][-1] == "format"


def test_the_cli_files_once_final_and_refuses_before(
    evening: tuple[str, str, str], tmp_path: Path
) -> None:
    url, club_id, game_id = evening
    runner = CliRunner()
    out = tmp_path / "june.grn"
    early = runner.invoke(cli, ["session", "masterpoints", game_id[:6], "--format", "abf",
                                "--db", url, "-o", str(out)])  # fmt: skip
    assert early.exit_code == 2
    assert "provisional until" in early.output
    assert not out.exists()
    with Store(url) as store:
        clubs = ClubStore(store)
        clubs.set_public(club_id, "names", 0)
    done = runner.invoke(cli, ["session", "masterpoints", game_id[:6], "--format", "abf",
                               "--db", url, "-o", str(out)])  # fmt: skip
    assert done.exit_code == 0, done.output
    assert out.read_bytes()
    assert _ABF_LINE.sub(b"", out.read_bytes()) == b""


def test_an_open_evening_is_not_filed(evening: tuple[str, str, str]) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        clubs = ClubStore(store)
        clubs.set_public(club_id, "names", 0)
        LiveStore(store).close(game_id, False)
        with pytest.raises(NotFinalError) as caught:
            file_masterpoints(clubs, club_id, game_id, "abf", datetime.now(UTC))
    assert "not closed" in str(caught.value)


def test_a_player_without_a_number_is_named_not_filed(evening: tuple[str, str, str]) -> None:
    url, club_id, game_id = evening
    with Store(url) as store:
        clubs = ClubStore(store)
        clubs.set_public(club_id, "names", 0)
        live = LiveStore(store)
        state = live.state(game_id)
        winner = score_session(state.current)[0].rankings
        first = next(iter(winner.values()))[0].pair
        visitor = (first.players[0], Player("Vi Sitor"))
        live.substitute(game_id, first.label, visitor, DIRECTOR)
        made = file_masterpoints(clubs, club_id, game_id, "abf", datetime.now(UTC))
    assert made.unfiled == ("Vi Sitor",)
    assert first.players[0].number is not None
    assert f"{int(first.players[0].number):07d}".encode() in made.data


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 9_999_999), st.integers(0, 80_000)), max_size=12),
       st.lists(st.text("abcXYZ", min_size=1, max_size=8), max_size=3))  # fmt: skip
def test_every_abf_line_is_13_digits_and_a_players_points_add_up(
    given_awards: list[tuple[int, int]], visitors: list[str]
) -> None:
    found = {Pair(i + 1, players=(Player(f"P{i}", str(number)),)):
             Award(Decimal(hundredths) / 100, "GREEN")
             for i, (number, hundredths) in enumerate(given_awards)}  # fmt: skip
    if visitors:
        found[Pair(99, players=tuple(Player(v) for v in visitors))] = Award(Decimal(1), "GREEN")
    data, extension, unfiled = abf_credit_file(found)
    assert extension == "grn"
    assert unfiled == tuple(visitors)
    lines = _ABF_LINE.findall(data)
    assert b"".join(a + b + b"\r\n" for a, b in lines) == data
    expected: dict[int, int] = {}
    for number, hundredths in given_awards:
        if hundredths:
            expected[number] = expected.get(number, 0) + hundredths
    assert {int(a): int(b) for a, b in lines} == expected  # 12 x 800 points fit 6 digits

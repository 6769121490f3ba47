"""``bridgescore session score --min-share`` and ``--names`` on a real BBO tournament (issue
32, item 5), and BBO user names files read line by line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from bridgescore import pbn
from bridgescore.duplicate.session import Pair, Section, Session
from bridgescore.lin import NamesFileError, read_names, with_names
from bridgescore.players import Player
from tests.conftest import DATA, run

WRONIE = str(DATA / "real" / "pbntools" / "wronie_9533_pairs_2720_przyjaciele_wronia.pbn")


def _rows(output: str) -> dict[int, dict[str, object]]:
    data = json.loads(output)
    return {row["number"]: row for row in data["sections"][0]["rankings"]["all"]}


def test_min_share_as_a_percentage_or_a_decimal(runner: CliRunner) -> None:
    code, plain = run(runner, "session", "score", WRONIE, "--json")
    assert code == 0, plain
    assert _rows(plain)[85]["rank"] == "1"
    assert "ranked" not in _rows(plain)[85]
    code, output = run(runner, "session", "score", WRONIE, "--json", "--min-share", "50%")
    assert code == 0, output
    rows = _rows(output)
    assert rows[85] | {"rank": "1"} == _rows(plain)[85] | {"ranked": False}
    assert (rows[85]["rank"], rows[85]["percent"]) == ("", 70.64)
    assert rows[45]["rank"] == "1"
    code, output = run(runner, "session", "score", WRONIE, "--min-share", "0.5")
    line = next(x for x in output.splitlines() if " robkar65 & biew " in x)
    assert line.split()[:3] == ["not", "ranked", "85"]
    assert "70.64" in line


def test_a_bad_min_share_is_a_usage_error(runner: CliRunner) -> None:
    code, output = run(runner, "session", "score", WRONIE, "--min-share", "70")
    assert code == 2
    assert "--min-share" in output
    assert "write 70% or 0.7" in output


def test_names_file_names_the_players_and_warns_of_the_others(
    runner: CliRunner, tmp_path: Path
) -> None:
    names = tmp_path / "club.txt"
    names.write_bytes("#names\r\nrobkar65,Robert,Karaś,123456,\r\nBIEW,Bogdan,Iwański\r\n"
                      .encode())  # fmt: skip
    code, output = run(runner, "session", "score", WRONIE, "--json", "--names", str(names))
    assert code == 0, output
    start = output.index("{")
    row = _rows(output[start:])[85]
    assert row["names"] == "Robert Karaś & Bogdan Iwański"
    assert row["players"] == [{"name": "Robert Karaś", "number": "123456"},
                              {"name": "Bogdan Iwański", "number": None}]  # fmt: skip
    assert _rows(output[start:])[45]["names"] == "zibi9 & Krol"  # unknown: kept
    session = pbn.read(pbn.decode(Path(WRONIE).read_bytes()))
    users = {n for p in session.sections[0].pairs for n in p.names.split(" & ")}
    assert f"club.txt does not name {len(users) - 2} BBO usernames" in output[:start]


@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        ("#names\nann\n", 2, "line"),
        ("ann,Ann,Smith,1,extra\n", 1, "line"),
        ("ann,Ann,Smith\n\nANN,Ann,Jones\n", 3, "bboname"),
        ("ann,Ann,Smith,12 34\n", 1, "nationalID"),
        (",Ann,Smith\n", 1, "bboname"),
        ("bob,,\n", 1, "firstname"),
        ("ann,Ann,Smith\n" + "x" * 2000 + "\n", 2, "line"),
    ],
)
def test_a_malformed_names_file_names_its_line_and_field(text: str, line: int, field: str) -> None:
    with pytest.raises(NamesFileError) as err:
        read_names(text, "club.txt")
    assert (err.value.line, err.value.field) == (line, field)
    assert str(err.value).startswith(f"club.txt, line {line}: ")


def test_a_bad_names_file_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    names = tmp_path / "club.txt"
    names.write_text("ann,Ann,Smith,1,2\n")
    code, output = run(runner, "session", "score", WRONIE, "--names", str(names))
    assert code == 2
    assert "club.txt, line 1" in output


def test_names_file_reads_in_linear_time() -> None:
    text = "".join(f"user{i},First{i},Last{i},{i}\n" for i in range(50_000))
    names = read_names(text)
    assert len(names) == 50_000
    assert names["user49999"] == Player("First49999 Last49999", "49999")


def test_roster_players_by_number_or_name() -> None:
    s = Session((Section("A", "howell", [Pair(1, None, "a1 & b2"), Pair(2, None, "c3 & d4")]),))
    names = read_names("a1,Ann,Smith,111\nb2,Bob,Jones\nc3,Cy,Twombly,999\n")
    roster = [Player("Ann Smith-Jones", "111"), Player("BOB JONES"), Player("Cy", "998")]
    named, unknown = with_names(s, names, roster)
    assert [p.players for p in named.sections[0].pairs] == [
        (Player("Ann Smith-Jones", "111"), Player("BOB JONES")),
        (Player("Cy Twombly", "999"), Player("d4")),
    ]
    assert unknown == ["d4"]


def test_export_with_a_min_share(runner: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "w.csv"
    code, output = run(runner, "session", "export", WRONIE, "--format", "csv", "-o", str(out),
                       "--min-share", "2/3")  # fmt: skip
    assert code == 0, output
    rows = [row for row in csv.reader(out.read_text().splitlines()) if row[:2] == ["A", "all"]]
    unranked = {int(row[3]) for row in rows if row[2] == "not ranked"}
    assert unranked == {int(row[3]) for row in rows if int(row[7]) * 3 < 18 * 2}
    assert 85 in unranked


def test_import_into_a_club_with_names_and_a_min_share(runner: CliRunner, tmp_path: Path) -> None:
    """``session import --names --min-share``: BBO usernames become the club's roster players
    (by national number), and the share is the evening's, kept with it."""
    from bridgescore.club.clubs import RosterEntry
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore

    db = f"sqlite:///{tmp_path / 'club.db'}"
    code, output = run(runner, "club", "create", "Wronie", "--number", "77", "--body", "EBU",
                       "--db", db)  # fmt: skip
    assert code == 0, output
    with Store(db) as store:
        clubs = ClubStore(store)
        clubs.add_player(clubs.club("77").id, RosterEntry(0, Player("Robert Karas", "123456")))
    names = tmp_path / "club.txt"
    names.write_text("robkar65,Robert,Karaś,123456\n", encoding="utf-8")
    code, output = run(runner, "session", "import", WRONIE, "--club", "77", "--db", db,
                       "--names", str(names), "--min-share", "50%")  # fmt: skip
    assert code == 0, output
    assert "club.txt does not name" in output  # the other usernames: kept, with a warning
    lines = output.splitlines()
    game_id = lines[next(i for i, x in enumerate(lines) if "imported into" in x) - 1].strip()
    with Store(db) as store:
        stored = store.get(game_id).game
    assert isinstance(stored, Session)
    assert stored.min_share == 0.5
    (scores,) = stored.scored()
    row = next(r for r in scores.rankings[None] if r.pair.number == 85)
    assert row.pair.players[0] == Player("Robert Karas", "123456")
    assert not row.ranked

"""A club's ladders kept (migration 0020_season), deleted with their club's own calls, and
carried by a club's export to another server; a ladder that will not do is refused by place."""

from __future__ import annotations

import json

import pytest

from bridgescore.club import ClubNotFoundError
from bridgescore.events.season import Ladder, LadderRules
from bridgescore.storage import Store
from bridgescore.storage.backup import BackupError, export_club, import_club
from bridgescore.storage.clubs import ClubStore
from bridgescore.storage.season import MOST_LADDERS, LadderStore

WINTER = Ladder("Winter", LadderRules("improved", 3, 8), "2026.01.01", "2026.03.31")
SPRING = Ladder("Spring", LadderRules("average", least=4))


def test_ladders_are_kept_newest_first_and_each_clubs_own() -> None:
    with Store("sqlite://") as store:
        clubs, ladders = ClubStore(store), LadderStore(store)
        acol = clubs.create_club("Acol BC", "1234", "EBU").id
        bath = clubs.create_club("Bath BC", "5678", "EBU").id
        winter = ladders.create(acol, WINTER)
        ladders.create(acol, SPRING)
        assert [s.ladder for s in ladders.ladders(acol)] == [SPRING, WINTER]
        assert ladders.ladders(bath) == []
        with pytest.raises(ClubNotFoundError):
            ladders.ladder(bath, winter.id)
        ladders.delete(bath, winter.id)  # another club's: nothing happens
        assert ladders.ladder(acol, winter.id).ladder == WINTER


def test_a_club_keeps_at_most_so_many_ladders() -> None:
    with Store("sqlite://") as store:
        acol = ClubStore(store).create_club("Acol BC", "1234", "EBU").id
        ladders = LadderStore(store)
        for n in range(MOST_LADDERS):
            ladders.create(acol, Ladder(f"L{n}", LadderRules()))
        with pytest.raises(ClubNotFoundError) as caught:
            ladders.create(acol, WINTER)
        assert caught.value.field == "ladders"


def test_an_export_carries_the_ladders_and_an_older_one_has_none() -> None:
    with Store("sqlite://") as first, Store("sqlite://") as second:
        acol = ClubStore(first).create_club("Acol BC", "1234", "EBU").id
        LadderStore(first).create(acol, WINTER)
        data = json.loads(json.dumps(export_club(first, acol)))
        made = import_club(second, data)
        assert [s.ladder for s in LadderStore(second).ladders(made.club.id)] == [WINTER]
        older = {k: v for k, v in data.items() if k != "ladders"}
        older["club"] = {**data["club"], "number": "9999"}
        again = import_club(second, older)
        assert LadderStore(second).ladders(again.club.id) == []


CHANGES = [
    ({"definition": {"name": "W", "rules": {"kind": "worst"}}}, "ladders[0].definition.kind"),
    ({"definition": {"name": ""}}, "ladders[0].definition.name"),
    ({"definition": {"name": "W", "start": "1 May"}}, "ladders[0].definition.start"),
    ({"definition": "[]"}, "ladders[0].definition"),
    ({"colour": "red"}, "ladders[0].colour"),
]
"""A change to an exported ladder, and the place the import's error names."""


def test_an_exported_ladder_that_will_not_do_is_refused_by_place() -> None:
    with Store("sqlite://") as first, Store("sqlite://") as second:
        acol = ClubStore(first).create_club("Acol BC", "1234", "EBU").id
        LadderStore(first).create(acol, WINTER)
        exported = json.dumps(export_club(first, acol))
        for change, place in CHANGES:
            data = json.loads(exported)
            data["ladders"][0].update(change)
            with pytest.raises(BackupError) as caught:
                import_club(second, data)
            assert caught.value.field == place
            with pytest.raises(ClubNotFoundError):  # nothing stored
                ClubStore(second).club("Acol BC")

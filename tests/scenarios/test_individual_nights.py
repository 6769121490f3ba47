"""Whole individual evenings (SCORING.md §26), tested as a whole as the pairs and team nights
are (``test_whole_nights.py``): a hypothesis state machine plays random individual evenings of
8 to 16 players (sit-outs when the field is not a multiple of 4) through the JSON API, the
tables' entries right and wrong, the director's rulings, closing and opening again; after
each step every output of the evening answers, and each player's total is worked out here,
from the stored results and the movement's seats, as the sum over their partnerships of the
points their side got (a board of plain results matchpointed here too, Neuberg and all).

``BRIDGESCORE_SOAK=1`` (``make soak``) plays longer evenings, and more of them.
"""

from __future__ import annotations

import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from bridgescore.duplicate.movement import individual
from bridgescore.errors import MovementError
from bridgescore.usebio import read as read_usebio
from tests.scenarios.draws import (
    ARTIFICIAL,
    SOAK,
    SOAK_SECONDS,
    notation,
    played,
    ruled,
    same_score,
)
from tests.scenarios.nights import (
    ROSTER,
    Club,
    Evening,
    World,
    api_ranking,
    auth,
    crawl,
    csv_ranking,
    expect,
    pbn,
    publish,
    refresh_view,
    same_ranking,
)

EVENING = settings(
    max_examples=3,
    stateful_step_count=40 if SOAK else 14,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    database=None if SOAK else settings().database,
)
"""A normal run's evenings, or one batch of the soak's (longer evenings, bigger fields)."""

Totals = dict[int, tuple[float, int]]
"""Each player's total and boards, as the API ranks them."""


def seats(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, int]]:
    """The individual movement's seats, by (round, table): ``north`` ... ``west``."""
    plays = view["individual"]["movement"]["plays"]
    return {(p["round"], p["table"]): p for p in plays}


def plain(r: dict[str, Any]) -> bool:
    """A played result (no artificial, weighted or split score)."""
    return r["artificial"] is None and r["weighted"] is None and not r.get("split")


def matchpoints(scores: list[int], expected: int) -> list[float]:
    """Each NS score's matchpoints (Law 78A: 2 for each score beaten, 1 for each tie), scaled
    by Neuberg to ``expected`` results when fewer are in (SCORING.md §5.2)."""
    n = len(scores)
    # each score ties itself once: that 1 taken off
    raw = [sum(2 if s > o else 1 if s == o else 0 for o in scores) - 1.0 for s in scores]
    return [(x + 1) * expected / n - 1 for x in raw] if n < expected else raw


class IndividualNight(RuleBasedStateMachine):
    """An individual evening of a club (or of no club), from its start to after its closing,
    through the API."""

    world: World
    """The world the evenings are played in (set on a subclass by the test)."""

    def __init__(self) -> None:
        super().__init__()
        self.club: Club = self.world.new_club()
        self._ev: Evening | None = None
        self.players = 0

    @property
    def ev(self) -> Evening:
        assert self._ev is not None
        return self._ev

    def send(self, method: str, path: str, body: Any, headers: dict[str, str],
             *statuses: int) -> Any:  # fmt: skip
        answer = self.world.client.request(method, f"{self.ev.base}{path}", json=body,
                                           headers=headers)  # fmt: skip
        return expect(self.world, answer, *statuses)

    def refresh(self) -> None:
        self.ev.view = self.world.get(self.ev.base, self.ev.director).json()

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        players = data.draw(st.integers(8, 20 if SOAK else 16), label="players")
        per_round = data.draw(st.integers(1, 2), label="boards a round")
        fits = []
        for rounds in range(4, 16):
            try:
                individual(players, per_round, rounds=rounds)
            except MovementError:
                continue
            fits.append(rounds)
        rounds = data.draw(st.sampled_from(fits[: 3 if SOAK else 2]), label="rounds")
        method = data.draw(st.sampled_from(("mp", "mp", "butler", "cross-imps")), label="method")
        of_club = data.draw(st.sampled_from((True, True, False)), label="the club's")
        artificial = data.draw(st.sampled_from(("default", "ebu", "acbl")), label="averages")
        names = {"1": ROSTER[0], "2": ROSTER[1], "3": "Cy <Young>", str(players): "Di Lane"}
        movement = {"movement": "individual", "players": players, "rounds": rounds,
                    "boards_per_round": per_round}  # fmt: skip
        body = {"event": f"{self.club.name} individual", "method": method, "movement": movement,
                "artificial": artificial, "names": names, "director": "Jo Bloggs"}  # fmt: skip
        login = self.club.login if of_club else {}
        made = expect(self.world, self.world.client.post("/api/sessions", json=body,
                                                         headers=login), 201).json()  # fmt: skip
        tables = {t["table"]: auth(t["token"]) for t in made["tables"]}
        assert len(tables) == players // 4
        self.players = players
        self._ev = Evening(made["id"], auth(made["edit_token"]), tables, "individual", method,
                           artificial, of_club=of_club)  # fmt: skip
        self.refresh()
        assert self.ev.view["individual"]["movement"] == individual(
            players, per_round, rounds=rounds).to_dict()  # fmt: skip

    # --- what must hold after every step ---

    @invariant()
    def every_output_answers_and_each_total_is_the_sum_over_partnerships(self) -> None:
        if self._ev is not None:
            render_individual(self.world, self.club, self.ev, self.players)
            check_totals(self.world, self.ev, self.players)

    # --- the tables ---

    def enterable(self) -> list[dict[str, Any]]:
        return [m for m in self.ev.slots if self.ev.may_enter(m)]

    def totals(self) -> Totals:
        rows = self.world.get(self.ev.base).json()["rankings"]["all"]
        return {r["number"]: (r["total"], r["boards"]) for r in rows}

    def on_board(self, board: int) -> set[int]:
        """The players with a result on the board."""
        at = seats(self.ev.view)
        return {at[(r["round"], r["table"])][s] for r in self.ev.results if r["board"] == board
                for s in ("north", "east", "south", "west")}  # fmt: skip

    @precondition(lambda self: not self.ev.closed and self.enterable())
    @rule(data=st.data())
    def a_table_enters_a_board(self, data: st.DataObject) -> None:
        """Its board in: its sides are the partnerships sitting there; nobody else's total
        changes (a player with no result on that board)."""
        self.enter(data.draw(st.sampled_from(self.enterable()), label="slot"), data)

    @precondition(lambda self: not self.ev.closed and self.enterable())
    @rule(data=st.data())
    def a_table_enters_its_round(self, data: st.DataObject) -> None:
        """Every board of the round a table is at, one after the other (the evening moves
        on: most steps of a real evening are these)."""
        table = data.draw(st.sampled_from(sorted({m["table"] for m in self.enterable()})),
                          label="table")  # fmt: skip
        rnd = min(m["round"] for m in self.enterable() if m["table"] == table)
        while mine := [m for m in self.enterable() if (m["table"], m["round"]) == (table, rnd)]:
            self.enter(mine[0], data)

    def enter(self, slot: dict[str, Any], data: st.DataObject) -> None:
        before = self.totals()
        body = {k: slot[k] for k in ("round", "table", "board")} | data.draw(played())
        stored = self.send("POST", "/results", body, self.ev.tables[slot["table"]], 201).json()
        assert (stored["ns"], stored["ew"], stored["result"]) == (slot["ns"], slot["ew"],
                                                                  notation(body))  # fmt: skip
        self.refresh()
        after = self.totals()
        for player in set(before) - self.on_board(slot["board"]):
            assert after[player] == before[player], (player, before[player], after[player])

    @precondition(lambda self: not self.ev.closed and self.enterable())
    @rule(data=st.data())
    def a_table_enters_a_board_not_in_its_round(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from(self.enterable()), label="slot")
        play = self.ev.play(slot["round"], slot["table"])
        others = [b for b in self.ev.boards if b not in play["boards"]]
        board = data.draw(st.sampled_from(others), label="board")
        body = {"round": slot["round"], "table": slot["table"], "board": board} | data.draw(
            played()
        )
        answer = self.send("POST", "/results", body, self.ev.tables[slot["table"]], 422)
        assert answer.json()["detail"][0]["loc"][-1] == "board"

    @precondition(lambda self: not self.ev.closed and len(self.ev.tables) > 1 and self.ev.slots)
    @rule(data=st.data())
    def a_table_enters_another_tables_board(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from(self.ev.slots), label="slot")
        other = data.draw(st.sampled_from([t for t in self.ev.tables if t != slot["table"]]),
                          label="token")  # fmt: skip
        body = {k: slot[k] for k in ("round", "table", "board")} | data.draw(played())
        self.send("POST", "/results", body, self.ev.tables[other], 403)

    def not_reached(self) -> list[dict[str, Any]]:
        return [m for m in self.ev.slots if not self.ev.may_enter(m)
                and (self.ev.entered_round(m["table"]) or 0) < m["round"]]  # fmt: skip

    @precondition(lambda self: not self.ev.closed and self.not_reached())
    @rule(data=st.data())
    def a_table_enters_a_round_not_reached(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from(self.not_reached()), label="slot")
        body = {k: slot[k] for k in ("round", "table", "board")} | data.draw(played())
        self.send("POST", "/results", body, self.ev.tables[slot["table"]], 422)

    def past(self) -> list[dict[str, Any]]:
        return [m for m in self.ev.missing
                if (self.ev.entered_round(m["table"]) or 0) > m["round"]]  # fmt: skip

    @precondition(lambda self: not self.ev.closed and self.past())
    @rule(data=st.data())
    def a_table_enters_a_past_round(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from(self.past()), label="slot")
        body = {k: slot[k] for k in ("round", "table", "board")} | data.draw(played())
        self.send("POST", "/results", body, self.ev.tables[slot["table"]], 403)

    def latest(self, only_plain: bool = False) -> list[dict[str, Any]]:
        """The stored results of each table's latest round (a table may still touch them)."""
        return [r for r in self.ev.results if r["round"] == self.ev.entered_round(r["table"])
                and (not only_plain or plain(r))]  # fmt: skip

    @precondition(lambda self: not self.ev.closed and self.latest())
    @rule(data=st.data())
    def a_table_enters_a_board_twice(self, data: st.DataObject) -> None:
        """Refused (409), and kept for the director as a conflict when it differs."""
        stored = data.draw(st.sampled_from(self.latest()), label="stored")
        body = {k: stored[k] for k in ("round", "table", "board")} | data.draw(played())
        answer = self.send("POST", "/results", body, self.ev.tables[stored["table"]], 409).json()
        assert answer["result"]["id"] == stored["id"]
        assert answer["conflict"] is not same_score(stored, body)

    @precondition(lambda self: not self.ev.closed and self.latest(only_plain=True))
    @rule(data=st.data())
    def a_table_fixes_its_board(self, data: st.DataObject) -> None:
        stored = data.draw(st.sampled_from(self.latest(only_plain=True)), label="stored")
        body = {k: stored[k] for k in ("round", "table", "board")} | data.draw(played())
        body["replaces"] = stored["updated_at"]
        fixed = self.send("PUT", f"/results/{stored['id']}", body, self.ev.tables[stored["table"]],
                          200)  # fmt: skip
        assert fixed.json()["result"] == notation(body)

    @precondition(lambda self: self.ev.closed)
    @rule(data=st.data())
    def a_table_asks_for_a_correction(self, data: st.DataObject) -> None:
        """Closed: no table posts (403); its entry goes to the director as a request."""
        play = data.draw(st.sampled_from(self.ev.plays), label="play")
        board = data.draw(st.sampled_from(play["boards"]), label="board")
        body = {"round": play["round"], "table": play["table"], "board": board} | data.draw(
            played()
        )
        token = self.ev.tables[play["table"]]
        self.send("POST", "/results", body, token, 403)
        before = len(self.ev.view["conflicts"])
        self.send("POST", "/conflicts", body, token, 201)
        self.refresh()
        assert len(self.ev.view["conflicts"]) == before + 1

    # --- the director ---

    def weighted_ok(self) -> bool:
        return sum(r["weighted"] is not None for r in self.ev.results) < 2

    @precondition(lambda self: self.ev.slots)
    @rule(data=st.data())
    def the_director_enters_a_board(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from(self.ev.slots), label="slot")
        body = {k: slot[k] for k in ("round", "table", "board")} | data.draw(
            ruled(self.weighted_ok())
        )
        self.send("POST", "/results", body, self.ev.director, 201)

    @precondition(lambda self: self.ev.results)
    @rule(data=st.data())
    def the_director_corrects_a_result(self, data: st.DataObject) -> None:
        stored = data.draw(st.sampled_from(self.ev.results), label="stored")
        ruling = data.draw(ruled(self.weighted_ok() or stored["weighted"] is not None))
        body = {k: stored[k] for k in ("round", "table", "board")} | ruling
        self.send("PUT", f"/results/{stored['id']}", body, self.ev.director, 200)

    @precondition(lambda self: self.ev.results)
    @rule(data=st.data())
    def the_director_deletes_a_result(self, data: st.DataObject) -> None:
        stored = data.draw(st.sampled_from(self.ev.results), label="stored")
        self.send("DELETE", f"/results/{stored['id']}", None, self.ev.director, 200)
        self.refresh()
        assert stored["id"] not in {r["id"] for r in self.ev.results}

    @precondition(lambda self: self.ev.view.get("conflicts"))
    @rule(data=st.data(), keep=st.sampled_from(("stored", "entry")))
    def the_director_settles_a_conflict(self, data: st.DataObject, keep: str) -> None:
        conflict = data.draw(st.sampled_from(self.ev.view["conflicts"]), label="conflict")
        entry = conflict["entry"]
        if self.ev.stray(entry):
            keep = "stored"
        self.send("POST", f"/conflicts/{conflict['id']}", {"keep": keep}, self.ev.director, 200)
        self.refresh()
        assert conflict["id"] not in {c["id"] for c in self.ev.view["conflicts"]}
        if keep == "entry":
            there = self.ev.at(entry["round"], entry["table"], entry["board"])
            assert there is not None
            assert there["result"] == entry["result"]

    def table_rounds(self) -> list[tuple[int, int]]:
        rounds = {(m["table"], m["round"]) for m in self.ev.missing}
        return sorted(rounds - {(m["table"], m["round"]) for m in self.ev.strays})

    @precondition(lambda self: self.table_rounds())
    @rule(data=st.data(), award=st.sampled_from(ARTIFICIAL))
    def averages_for_a_tables_round(self, data: st.DataObject, award: str) -> None:
        table, rnd = data.draw(st.sampled_from(self.table_rounds()), label="table and round")
        gone = [m for m in self.ev.missing if (m["table"], m["round"]) == (table, rnd)]
        body = {"artificial": award, "table": table, "round": rnd}
        assert self.send("POST", "/artificial", body, self.ev.director, 200).json()[
            "entered"] == len(gone)  # fmt: skip

    def partnerships_missing(self) -> list[str]:
        def sides(slots: list[dict[str, Any]]) -> set[str]:
            return {p for m in slots for p in self.ev.sitting(m)}

        return sorted(sides(self.ev.missing) - sides(self.ev.strays))

    @precondition(lambda self: self.partnerships_missing())
    @rule(data=st.data(), award=st.sampled_from(ARTIFICIAL))
    def averages_for_a_partnership(self, data: st.DataObject, award: str) -> None:
        label = data.draw(st.sampled_from(self.partnerships_missing()), label="partnership")
        answer = self.send("POST", "/artificial", {"artificial": award, "pair": label},
                           self.ev.director, 200).json()  # fmt: skip
        assert answer["entered"] == len([m for m in self.ev.missing
                                         if label in self.ev.sitting(m)])  # fmt: skip

    def slips(self) -> list[int]:
        stray = {m["board"] for m in self.ev.strays}
        return sorted({m["board"] for m in self.ev.missing} - stray)

    @precondition(lambda self: self.slips())
    @rule(data=st.data())
    def a_traveller_slip(self, data: st.DataObject) -> None:
        board = data.draw(st.sampled_from(self.slips()), label="board")
        lines, weighted = [], self.weighted_ok()
        for m in self.ev.missing:
            if m["board"] == board:
                line = data.draw(ruled(weighted))
                weighted = weighted and "weighted" not in line
                lines.append({"table": m["table"]} | line)
        answer = self.send("POST", f"/boards/{board}/results", lines, self.ev.director, 201)
        assert answer.json()["entered"] == len(lines)

    def foulable(self) -> list[int]:
        return [b for b in self.ev.boards if len(self.ev.tables_of(b)) >= 2]

    @precondition(lambda self: self.foulable() and not self.ev.versions)  # one at a time
    @rule(data=st.data())
    def a_board_is_fouled(self, data: st.DataObject) -> None:
        board = data.draw(st.sampled_from(self.foulable()), label="board")
        tables = data.draw(st.permutations(self.ev.tables_of(board)), label="tables")
        cut = data.draw(st.integers(1, len(tables) - 1), label="cut")
        versions = [sorted(tables[:cut]), sorted(tables[cut:])]
        answer = self.send("PUT", f"/boards/{board}", {"versions": versions}, self.ev.director,
                           200)  # fmt: skip
        assert answer.json()["versions"] == versions
        self.ev.versions[board] = versions

    @precondition(lambda self: self.ev.versions and len(self.ev.results) % 3 == 0)
    @rule(data=st.data())
    def a_fouled_board_is_not_fouled_after_all(self, data: st.DataObject) -> None:
        board = data.draw(st.sampled_from(sorted(self.ev.versions)), label="board")
        self.send("PUT", f"/boards/{board}", {"versions": []}, self.ev.director, 200)
        del self.ev.versions[board]

    @precondition(lambda self: len(self.ev.results) % 4 == 1)  # now and then
    @rule(data=st.data())
    def nobody_comes_late_withdraws_or_is_substituted(self, data: st.DataObject) -> None:
        """An individual's players are not its partnerships': a late pair, a withdrawal and a
        partnership's substitute are refused (422 naming the field), the evening unchanged."""
        label = data.draw(st.sampled_from(self.ev.pairs), label="partnership")
        version = self.ev.view["version"]
        late = {"pair": label, "names": "Late & Later", "from_round": 1}
        self.send("POST", "/pairs", late, self.ev.director, 422)
        self.send("POST", "/withdrawals", {"pair": label, "from_round": 1}, self.ev.director, 422)
        sub = {"players": [{"name": "Sub Stitute", "number": None},
                           {"name": ROSTER[1], "number": f"{self.club.number}2"}]}  # fmt: skip
        refused = self.send("PUT", f"/pairs/{label}", sub, self.ev.director, 422).json()
        assert refused["detail"][0]["loc"][-1] == "pair"
        assert self.world.get(self.ev.base, self.ev.director).json()["version"] == version

    @precondition(lambda self: len(self.ev.results) % 4 == 2)  # now and then
    @rule(which=st.sampled_from(("min-share", "handicap")))
    def no_pairs_ranking_rule(self, which: str) -> None:
        """A minimum share of boards or handicapped rankings: a pairs ranking's rules, which
        an individual's players' ranking has not (422 naming the field)."""
        body = {"share": "50%"} if which == "min-share" else {"method": "grade"}
        refused = self.send("PUT", f"/{which}", body, self.ev.director, 422).json()
        assert refused["detail"][0]["loc"][-1] == which.replace("-", "_")

    @precondition(lambda self: not self.ev.closed and len(self.ev.results) >= 2)
    @rule()
    def the_director_closes(self) -> None:
        answer = self.send("POST", "/close", {"closed": True}, self.ev.director, 200).json()
        assert answer["results_url"].endswith(f"/session/{self.ev.id}")
        self.ev.view["closed"] = True
        code, said, folder = publish(self.world, self.club)
        assert code == 0, said
        page = folder / "evenings" / self.ev.id / "index.html"
        assert page.is_file() == self.ev.of_club, said
        for sheet in ("slips", "cards"):  # the paper (PDFs: at closing only)
            self.world.get(f"{self.ev.base}/paper/{sheet}.pdf", self.ev.director)
        # hand records want the deals (none attached here: 409 saying so)
        self.world.get(f"{self.ev.base}/paper/hand-records.pdf", self.ev.director, 409)

    @precondition(lambda self: self.ev.closed)
    @rule()
    def the_director_opens_it_again(self) -> None:
        self.send("POST", "/close", {"closed": False}, self.ev.director, 200)
        self.ev.view["closed"] = False


def check_totals(world: World, ev: Evening, players: int) -> None:
    """Each player's total, top and boards, as the API ranks them, are the sums over the
    boards they played of the points of the side they sat in (each line's points from its
    traveller; a board of plain results only, not fouled, matchpointed here)."""
    w, at = world, seats(ev.view)
    mine: dict[int, list[tuple[float, int]]] = defaultdict(list)
    for board in sorted({r["board"] for r in ev.results}):
        got = w.get(f"{ev.base}/boards/{board}", ev.director).json()
        here = [r for r in ev.results if r["board"] == board]
        assert len(got["lines"]) == len(here), (board, got["lines"], here)
        top = got["top"] or 0
        if ev.method == "mp" and board not in ev.versions and all(map(plain, here)):
            expected = len(ev.tables_of(board))
            ns = matchpoints([r["ns_score"] for r in here], expected)
            mps = {(r["round"], r["table"]): x for r, x in zip(here, ns, strict=True)}
            assert top == 2 * (expected - 1), (board, top)
        else:
            mps = {}
        for line in got["lines"]:
            seated = at[(line["round"], line["table"])]
            where = (line["round"], line["table"])
            if where in mps:  # the traveller's points are the matchpoints worked out here
                assert abs(line["ns_points"] - mps[where]) < 0.011, (board, line, mps[where])
                assert abs(line["ew_points"] - (top - mps[where])) < 0.011, (board, line)
            for seat in ("north", "south"):
                mine[seated[seat]].append((line["ns_points"], top))
            for seat in ("east", "west"):
                mine[seated[seat]].append((line["ew_points"], top))
    rows = {r["number"]: r for r in w.get(ev.base).json()["rankings"]["all"]}
    assert sorted(rows) == list(range(1, players + 1)), sorted(rows)
    for player, row in rows.items():
        points = mine.get(player, [])
        assert row["boards"] == len(points), (player, row, points)
        assert abs(row["total"] - sum(p for p, _ in points)) < 0.01 * max(1, len(points)), (
            player, row, points)  # fmt: skip
        tops = sum(t for _, t in points)
        if ev.method == "mp" and tops:  # each line's points shown to two decimals
            share = 100 * sum(p for p, _ in points) / tops
            slack = 0.01 + 100 * 0.005 * len(points) / tops
            assert abs(row["percent"] - share) < slack, (player, row, points)


def render_individual(world: World, club: Club, ev: Evening, players: int) -> None:
    """Every output of an individual evening, each with the status the docs give it now (200,
    or 403 before closing; never a 500); a closed evening's USEBIO read back ranking the
    players as the API does."""
    w, base, director = world, ev.base, ev.director
    anyone = refresh_view(w, ev)
    for table, token in ev.tables.items():
        seen = w.get(base, token).json()
        assert ev.closed or all(r["table"] == table for r in seen["results"])
        board = ev.boards[(table - 1) % len(ev.boards)]
        w.get(f"{base}/boards/{board}", token, 200 if ev.may_see(table, board) else 403)
    for page in ("table", "director"):
        w.get(f"/live/{ev.id}/{page}")
    for path in ("changes", "tables"):
        w.get(f"{base}/{path}", director)
    w.get(f"{base}/deals")
    public = 200 if ev.closed else 403
    ranked = {r["number"]: r for r in anyone["rankings"]["all"]}
    # a few players' recaps (the first, one who may sit out, the last): the director's, and
    # everyone's once closed; each the player's line of the ranking
    for player in sorted({1, 2 + ev.view["version"] % (players - 2), players}):
        recap = w.get(f"{base}/players/{player}", director).json()
        assert abs(recap["total"] - ranked[player]["total"]) < 0.01, (recap, ranked[player])
        assert len(recap["boards"]) == ranked[player]["boards"]
        assert abs(sum(b["points"] for b in recap["boards"]) - recap["total"]) < 0.01 * (
            1 + len(recap["boards"]))  # fmt: skip
        w.get(f"{base}/players/{player}", None, public)
    w.get(f"{base}/players/{players + 1}", director, 404)
    for label in ev.pairs[:2]:  # a partnership's recap, as a pair's
        w.get(f"{base}/recaps/{label}", director)
    if ev.of_club:
        assert w.get(f"{base}/emails", director).json()["closed"] == ev.closed
    else:
        w.get(f"{base}/emails", director, 409)
    page = w.get(f"/session/{ev.id}", None, public)
    w.get(f"/session/{ev.id}?player={players}", None, public)
    w.get(f"/session/{ev.id}/hands", None, public)
    for name in ("session.pbn", "session.csv"):
        w.get(f"/session/{ev.id}/{name}", None, public)
    if ev.closed:  # the results sheet (a PDF: costly, once closed only)
        w.get(f"{base}/paper/results.pdf", director)
    files = {f: w.get(f"{base}/export?format={f}", None, public) for f in ("pbn", "csv", "usebio")}
    if ev.closed and page.status_code == 200:
        assert 'id="players-ranking"' in page.text
        again = read_usebio(files["usebio"].content)
        assert [(s.place, s.pair.number) for s in again.standings] == [
            (r["rank"], r["number"]) for r in anyone["rankings"]["all"]]  # fmt: skip
        for s, r in zip(again.standings, anyone["rankings"]["all"], strict=True):
            assert abs((s.total or 0.0) - r["total"]) < 0.01, (s, r)
        wanted = api_ranking(anyone["rankings"])
        same_ranking(csv_ranking(files["csv"].text), wanted, "the CSV export")
        (section,) = pbn.read(files["pbn"].text).sections  # the partnerships' boards (§26)
        assert len(section.results) == len(ev.results)
    evening = f"{club.site}evenings/{ev.id}/"
    site = crawl(world, club.site, (200,))
    if not ev.closed or not ev.of_club:
        w.get(evening, None, 404)
    else:
        assert evening in site, f"the closed evening is not on the club's site: {sorted(site)}"


def test_individual_nights(tmp_path: Path) -> None:
    with World(tmp_path, open_evenings=True) as world:

        class Here(IndividualNight):
            pass

        Here.world = world
        deadline = time.monotonic() + SOAK_SECONDS * 0.2  # the pairs' and teams' share: 1
        while True:
            run_state_machine_as_test(Here, settings=EVENING)
            if not SOAK or time.monotonic() > deadline:
                break

"""A club's public results site: its evenings and events, newest first; each evening's
rankings, travellers, hand records and each pair's scorecard; each player's page with a plot
of their percentages; served at ``/clubs/{slug}/`` and written as a folder by
``bridgescore publish``.

One rendering path: :class:`SiteBuilder` gathers a page's data (what a public reader may see
is :class:`~bridgescore.storage.site.ClubSite`'s rule) and :func:`render` draws it with the
same Jinja templates (``templates/site/``) for the server and for the folder. Every link is
relative to the page (a page knows how deep it is below the club's root), so the folder
works from any web host or from ``file://``; only the ending differs: the server's clean
URLs end in ``/``, the folder's in ``/index.html``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from fastapi import Request

from bridgescore.club import Club, ClubNotFoundError
from bridgescore.club.filing import outright_awards
from bridgescore.duplicate.analysis import pair_analysis
from bridgescore.duplicate.session import (
    METHODS,
    PairScore,
    RankRow,
    SectionScores,
    SessionError,
    heading,
    individual_scores,
)
from bridgescore.events import EventKind
from bridgescore.events.pairs import EventRules, PairsEvent, rank_event
from bridgescore.events.season import ladder, outings
from bridgescore.grades import Grade, GradeError, grade_sessions
from bridgescore.grades.handicap import HandicapRow, handicapped_ranking
from bridgescore.grades.sessions import graded_session, read_date
from bridgescore.locale import error_text
from bridgescore.players import Player
from bridgescore.storage.clubs import ClubStore, StoredEvent
from bridgescore.storage.nights import TEAM_KINDS, adopt
from bridgescore.storage.season import LadderStore, StoredLadder
from bridgescore.storage.site import ClubSite, Published
from bridgescore.storage.store import utcnow
from bridgescore.web.awards import award_text as _award_text
from bridgescore.web.awards import award_texts
from bridgescore.web.common import asset, templates
from bridgescore.web.deps import Live
from bridgescore.web.hand_records import HAND_TABLES, Solver, hand_records, solve_dd
from bridgescore.web.site_plot import PercentPoint, percent_plot
from bridgescore.web.work import run_heavy, scores_of

__all__ = [
    "ASSETS",
    "Scorer",
    "SiteBuilder",
    "SitePage",
    "club_slug",
    "pair_key",
    "parse_slug",
    "render",
    "site_builder",
]

ASSETS: Final = ("site.css", "hands.css")
"""The static files the site's pages use (copied into a published folder's ``assets/``)."""

Scorer = Callable[[Published], list[SectionScores]]
"""How a published evening is scored (the server keeps scores per version)."""


def club_slug(club: Club) -> str:
    """The club's address on the site: its name in ASCII words, its body and its number
    (body and number find it; the name is for people).

    >>> club_slug(Club("c1", "Łódź Acol B.C.", "1234", "EBU"))
    'lodz-acol-b-c-ebu-1234'
    """
    plain = unicodedata.normalize("NFKD", club.name.replace("Ł", "L").replace("ł", "l"))
    words = re.findall(r"[a-z0-9]+", plain.encode("ascii", "ignore").decode().lower())
    return "-".join([*words[:8], club.body.lower(), club.number])


def parse_slug(slug: str) -> tuple[str, str]:
    """The body and number a slug ends in.

    :raises ClubNotFoundError: for a slug without them.

    >>> parse_slug("acol-bc-ebu-1234")
    ('EBU', '1234')
    """
    parts = slug.rsplit("-", 2)
    if len(parts) < 2 or not parts[-1] or not parts[-2].isalpha():
        raise ClubNotFoundError.coded("no_club_at", field="club", value=slug[:100],
                                      slug=slug[:100])  # fmt: skip
    return parts[-2].upper(), parts[-1]


def pair_key(section_index: int, section_name: str, side: str | None, number: int) -> str:
    """A pair's scorecard's folder name: its section (by name when it is short letters and
    digits, else by place), side and number.

    >>> pair_key(0, "A", "NS", 3), pair_key(1, "Red room", None, 7)
    ('A-NS-3', 's2-7')
    """
    short = re.fullmatch(r"[A-Za-z0-9]{1,8}", section_name)
    name = section_name if short else f"s{section_index + 1}"
    return f"{name}-{side}-{number}" if side else f"{name}-{number}"


templates.env.globals["club_slug"] = club_slug  # the club's page links to its site


@dataclass(frozen=True, slots=True)
class SitePage:
    """A page of the site: where it is below the club's root (``''``, ``evenings/x/``),
    its template and its data."""

    path: str
    template: str
    context: dict[str, Any]


def render(page: SitePage, *, static: bool) -> str:
    """The page's HTML: the server's (``static`` false: clean URLs, fingerprinted assets) or
    the published folder's (``index.html`` links, assets in ``assets/``)."""
    root = "../" * page.path.count("/")

    def href(path: str) -> str:
        return root + path + ("index.html" if static else "")

    def site_asset(name: str) -> str:
        return f"{root}assets/{name}" if static else asset(name)

    template = templates.env.get_template(page.template)
    return template.render({**page.context, "href": href, "site_asset": site_asset,
                            "static": static})  # fmt: skip


@dataclass(frozen=True, slots=True)
class Handicapped:
    """A line of a handicapped ranking: the handicapped figures and the pair's scratch row."""

    row: HandicapRow
    scratch: RankRow


def _percent(value: float | None) -> str:
    return "" if value is None else f"{value:.2f}"


class SiteBuilder:
    """The pages of one club's site at one moment (``now`` decides what is provisional)."""

    def __init__(
        self, site: ClubSite, club: Club, now: datetime, score: Scorer, solve: Solver
    ) -> None:
        self.site, self.club, self.now = site, club, now
        self.score, self.solve = score, solve
        self._evenings: list[Published] | None = None
        self._scores: dict[str, list[SectionScores]] = {}
        self._grades: dict[str, Grade] | None = None

    # -- what the pages share ----------------------------------------------------------------

    @property
    def evenings(self) -> list[Published]:
        """The club's published evenings, newest first."""
        if self._evenings is None:
            self._evenings = self.site.published(self.club, self.now)
        return self._evenings

    def evening(self, game_id: str) -> Published:
        """One published evening.

        :raises ClubNotFoundError: if the club has none such published.
        """
        for p in self.evenings:
            if p.id == game_id:
                return p
        raise ClubNotFoundError.coded("no_published_evening", field="id", value=game_id[:40],
                                      game=game_id[:40])  # fmt: skip

    def scores(self, evening: Published) -> list[SectionScores]:
        """The evening's scores (once per builder)."""
        if evening.id not in self._scores:
            self._scores[evening.id] = self.score(evening)
        return self._scores[evening.id]

    def grades(self) -> dict[str, Grade]:
        """Every numbered player's grade from the club's published evenings (SCORING.md §27),
        worked out again from the results as they stand, so a correction changes it. An
        evening that cannot be graded (no date, a player in two pairs) is left out."""
        if self._grades is None:
            sessions = []
            for evening in self.evenings:
                try:
                    day = read_date(evening.date)
                    sessions.append(graded_session(evening.id, day, self.scores(evening)))
                except GradeError:
                    continue
            self._grades = grade_sessions(sessions)
        return self._grades

    def handicapped(self, evening: Published) -> list[list[tuple[str, list[Handicapped]]]]:
        """Each section's rankings handicapped (in the order of :meth:`scores`), if the
        director turned it on: each pair's allowance from its players' grades as they stood
        before the evening, or as the director set them."""
        rules = evening.session.handicap
        if rules is None:
            return []
        try:
            day = read_date(evening.date)
        except GradeError:
            return []
        grades = self.grades()

        def before(number: str | None) -> float | None:
            grade = grades.get(number) if number else None
            return grade.before(day, evening.id) if grade else None

        out = []
        for s in self.scores(evening):
            fields = []
            for field, rows in s.rankings.items():
                ranked = [r for r in rows if r.percent is not None]
                allowances = [
                    rules.pair_allowance([(p.number, before(p.number)) for p in r.pair.players])
                    for r in ranked
                ]
                table = handicapped_ranking(
                    [(r.percent or 0.0, a) for r, a in zip(ranked, allowances, strict=True)]
                )
                lines = [Handicapped(row, ranked[row.index]) for row in table]
                fields.append((field.value if field else "All pairs", lines))
            out.append(fields)
        return out

    def _base(self, title: str, crumbs: list[tuple[str, str]]) -> dict[str, Any]:
        return {"club": self.club, "title": title, "crumbs": crumbs, "now": self.now}

    def _pairs(self, evening: Published) -> Iterator[tuple[str, SectionScores, Any]]:
        for i, s in enumerate(self.scores(evening)):
            for (side, number), score in s.pairs.items():
                key = pair_key(i, s.section.name, side.value if side else None, number)
                yield key, s, score

    # -- the pages ----------------------------------------------------------------------------

    def club_page(self) -> SitePage:
        """The club's page: its evenings and events, newest first, and its players."""
        events = [(e.id, e.definition.get("name", ""), e.created_at)
                  for e in self.site.clubs.events(self.club.id)]  # fmt: skip
        context = self._base(self.club.name, []) | {
            "evenings": self.evenings,
            "events": events,
            "ladders": self.ladders,
            "players": sorted(self.site.players(self.club), key=lambda p: p.name),
        }
        return SitePage("", "site/club.html", context)

    def evening_page(self, game_id: str) -> SitePage:
        """An evening: its status, rankings (each pair linked to its scorecard), travellers
        and the corrections of its audit trail."""
        evening = self.evening(game_id)
        scored = self.scores(evening)
        keys = {(id(s), score.pair.side, score.pair.number): key
                for key, s, score in self._pairs(evening)}  # fmt: skip
        awards = award_texts(self.club, scored)
        sections = []
        handicapped = self.handicapped(evening)
        individual = evening.session.individual
        if individual is not None:  # the players ranked, not their partnerships (§26)
            awards = {}
        for i, s in enumerate(scored):
            fields = []
            if individual is not None and i == 0:
                rows = individual_scores(individual, s).rankings
                fields.append(("", [(r, "", _percent(r.percent), "") for r in rows]))
            for field, rows in s.rankings.items() if individual is None else ():
                lines = [(r, keys.get((id(s), r.pair.side, r.pair.number), ""),
                          _percent(r.percent), awards.get((s.section.name, r.pair.label), ""))
                         for r in rows]  # fmt: skip
                fields.append((field.value if field else "All pairs", lines))
            sections.append((s, fields, handicapped[i] if handicapped else []))
        path = f"evenings/{evening.id}/"
        context = self._base(evening.title, [("", self.club.name)]) | {
            "evening": evening,
            "heading": heading(evening.session),
            "sections": sections,
            "mp": evening.session.method == "mp",
            "awards": bool(awards),
            "method": METHODS[evening.session.method].label,
            "has_deals": any(
                b.deal is not None for sec in evening.session.sections for b in sec.boards
            ),
            "handicap": evening.session.handicap,
            "individual": individual is not None,
        }
        return SitePage(path, "site/evening.html", context)

    def hands_page(self, game_id: str) -> SitePage:
        """An evening's hand records: each board's hands, double-dummy table and par."""
        evening = self.evening(game_id)
        records = hand_records(evening.session, self.scores(evening), self.solve)
        shown = {r.board.number for _, rs in records for r in rs}
        missing = sorted({b.number for s in evening.session.sections for b in s.boards} - shown)
        crumbs = [("", self.club.name), (f"evenings/{evening.id}/", evening.title)]
        context = self._base(f"Hand records: {evening.title}", crumbs) | {
            "evening": evening,
            "sections": records,
            "missing": missing,
            **HAND_TABLES,
        }
        return SitePage(f"evenings/{evening.id}/hands/", "site/hands.html", context)

    def scorecard_page(self, game_id: str, key: str) -> SitePage:
        """A pair's scorecard (:meth:`SectionScores.recap`): board by board, whom it met, the
        result, its score and its matchpoints or IMPs."""
        evening = self.evening(game_id)
        match = next(((s, score) for found, s, score in self._pairs(evening) if found == key),
                     None)  # fmt: skip
        if match is None:
            raise ClubNotFoundError.coded("evening_no_pair", field="pair", value=key[:40],
                                          pair=key[:40])  # fmt: skip
        s, score = match
        pair = score.pair
        rank = next((f"ranked {r.rank}" if r.ranked else r.place for rows in s.rankings.values()
                     for r in rows if (r.pair.side, r.pair.number) == (pair.side, pair.number)),
                    "")  # fmt: skip
        crumbs = [("", self.club.name), (f"evenings/{evening.id}/", evening.title)]
        players = {p.number: p for p in self.site.players(self.club)}
        context = self._base(f"Scorecard: pair {pair.label}", crumbs) | {
            "evening": evening,
            "section": s,
            "pair": pair,
            "score": score,
            "rank": rank,
            "percent": _percent(score.percent),
            "lines": s.recap(pair.number, pair.side),
            "mp": evening.session.method == "mp",
            "linked": [(p, p.number in players) for p in pair.players],
            "analysis": pair_analysis(evening.session, s, pair),
        }
        return SitePage(f"evenings/{evening.id}/pairs/{key}/", "site/scorecard.html", context)

    @property
    def ladders(self) -> list[StoredLadder]:
        """The club's ladders, the newest first."""
        return LadderStore(self.site.store).ladders(self.club.id)

    def public_player(self, number: str) -> Player:
        """The player of this national number as the club's pages show them.

        :raises ClubNotFoundError: if the club's site has no page for them.
        """
        player = next((p for p in self.site.players(self.club) if p.number == number), None)
        if player is None:
            raise ClubNotFoundError.coded("no_public_player", field="player", value=number[:20],
                                          number=number[:20])  # fmt: skip
        return player

    def played(self, number: str) -> list[tuple[Published, str, PairScore, list[Player]]]:
        """The player's published sessions, the oldest first: the evening, the pair's
        scorecard key, its score and the partner."""
        played = []
        for evening in reversed(self.evenings):  # oldest first, as the plot reads
            for key, _s, score in self._pairs(evening):
                if any(p.number == number for p in score.pair.players):
                    partner = [p for p in score.pair.players if p.number != number]
                    played.append((evening, key, score, partner))
        return played

    def player_page(self, number: str) -> SitePage:
        """A player's page: their published sessions and a plot of their percentages."""
        player = self.public_player(number)
        played = self.played(number)
        points = [PercentPoint(e.date, score.percent) for e, _, score, _ in played
                  if score.percent is not None]  # fmt: skip
        grade = self.grades().get(number)
        history = list(grade.history) if grade else []
        grade_points = [PercentPoint(p.date.strftime("%Y.%m.%d"), p.grade) for p in history]
        titles = {e.id: e.title for e in self.evenings}
        context = self._base(player.name, [("", self.club.name)]) | {
            "player": player,
            "played": list(reversed(played)),
            "plot": percent_plot(points),
            "grade": grade,
            "grade_history": [(p, titles.get(p.key, p.key)) for p in reversed(history)],
            "grade_plot": percent_plot(grade_points),
        }
        return SitePage(f"players/{number}/", "site/player.html", context)

    def ladder_page(self, ladder_id: str) -> SitePage:
        """A ladder of the club's season, ranked over the published evenings it covers."""
        stored = next((s for s in self.ladders if s.id == ladder_id), None)
        if stored is None:
            raise ClubNotFoundError.coded("no_ladder", field="id", value=ladder_id[:40],
                                          ladder=ladder_id[:40])  # fmt: skip
        covered = [e for e in self.evenings if stored.ladder.covers(e.date)]
        found = [o for e in covered for o in outings(e.date, e.id, self.scores(e))]
        named = {p.number for p in self.site.players(self.club)}
        context = self._base(stored.ladder.name, [("", self.club.name)]) | {
            "ladder": stored.ladder,
            "rows": ladder(stored.ladder.rules, found),
            "sessions": len(covered),
            "linked": named,
            "provisional": any(e.provisional for e in covered),
        }
        return SitePage(f"ladders/{ladder_id}/", "site/ladder.html", context)

    def event_page(self, event_id: str) -> SitePage:
        """An event of several sessions: the whole event ranked over its published sessions."""
        stored = next((e for e in self.site.clubs.events(self.club.id) if e.id == event_id), None)
        if stored is None:
            raise ClubNotFoundError.coded("club_no_event", field="id", value=event_id[:40],
                                          event=event_id[:40])  # fmt: skip
        if stored.kind in TEAM_KINDS:
            return self._team_event_page(stored)
        event = PairsEvent.from_dict(stored.definition)
        published = {e.id: e for e in self.evenings}
        sessions = [(game_id, published.get(game_id)) for game_id in event.sessions]
        scored = [self.scores(p) for _, p in sessions if p is not None]
        rules = event.rules if len(scored) == len(sessions) else EventRules(event.rules.ranking)
        try:
            rows = rank_event(rules, scored) if scored else []
        except SessionError as exc:  # IMPs, or a session of several sections: not rankable
            rows, problem = [], error_text(exc)
        else:
            problem = ""
        complete = len(scored) == len(sessions)  # the outright awards: of the whole event
        found = outright_awards(self.club.masterpoints, rows, len(sessions)) if complete else None
        context = self._base(event.name, [("", self.club.name)]) | {
            "event": event,
            "sessions": sessions,
            "rows": rows,
            "problem": problem,
            "awards": None if found is None else {p: _award_text(a) for p, a in found.items()},
        }
        return SitePage(f"events/{event_id}/", "site/event.html", context)

    def _team_event_page(self, stored: StoredEvent) -> SitePage:
        """A team or Swiss event: its standings and each round's matches as they stand
        (provisional until the director closes the night)."""
        adopt(self.site.live, stored.id)  # a team event stored by an earlier version
        state = self.site.live.state(stored.id)
        event = state.event
        context = self._base(event.name, [("", self.club.name)]) | {
            "event": event,
            "summary": event.summary(),
            "final": state.closed,
            "kind_label": event.kind.value.replace("-", " ").capitalize(),
            "vp": event.kind is not EventKind.KNOCKOUT,
        }
        return SitePage(f"events/{stored.id}/", "site/team_event.html", context)

    def pages(self) -> Iterator[SitePage]:
        """Every page of the site (for ``bridgescore publish``)."""
        yield self.club_page()
        for evening in self.evenings:
            yield self.evening_page(evening.id)
            yield self.hands_page(evening.id)
            for key, _, _ in self._pairs(evening):
                yield self.scorecard_page(evening.id, key)
        for player in self.site.players(self.club):
            assert player.number is not None
            yield self.player_page(player.number)
        for e in self.site.clubs.events(self.club.id):
            yield self.event_page(e.id)
        for stored in self.ladders:
            yield self.ladder_page(stored.id)


def site_builder(request: Request, club: Club, clubs: ClubStore, live: Live) -> SiteBuilder:
    """The club's site as the server draws it now: scores kept per version, deals solved
    off the event loop."""
    site = ClubSite(clubs, live.store)

    def score(p: Published) -> Any:
        return scores_of(request, (f"{p.id}/site/{hash(p.view)}", p.version), p.session)

    def solve(deals: Any) -> Any:
        return run_heavy(request, solve_dd, deals)

    return SiteBuilder(site, club, utcnow(), score, solve)

"""An individual session scored: each player's score is the sum over their partnerships
(SCORING.md §26).

The boards are scored as a pairs session whose pairs are the movement's partnerships
(:meth:`~bridgescore.duplicate.movement.individual.IndividualMovement.as_pairs`: each plays
one round, as nobody partners twice), by the session's own method (matchpoints across the
field, §5); a player's total and top are the sums of their partnerships', their percentage
the one over the other, and the players are ranked as pairs are (:func:`._scores._rank`).

>>> from bridgescore import Result
>>> from bridgescore.duplicate.movement.individual import individual
>>> from bridgescore.duplicate.session import BoardResult, score_section
>>> movement = individual(8, 1, rounds=4)
>>> results = [BoardResult(p.boards[0], *movement.pairs_at(p), Result.parse("3NTN+1" if
...            p.table == 1 else "3NTN="), round=p.round, table=p.table) for p in movement.plays]
>>> section = individual_section(movement).with_results(results)
>>> scored = score_individual(movement, score_section(section))
>>> [(row.rank, row.pair.number, row.percent) for row in scored.rankings]
[('1', 8, 100.0), ('2=', 2, 75.0), ('2=', 3, 75.0), ('4=', 1, 50.0), ('4=', 4, 50.0), \
('6=', 5, 25.0), ('6=', 7, 25.0), ('8', 6, 0.0)]
>>> [(partner, line.board, line.points) for partner, line in scored.recap(2)]
[(7, 1, 2.0), (8, 2, 2.0), (4, 3, 2.0), (6, 4, 0.0)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bridgescore.duplicate.movement.individual import IndividualMovement, Seats
from bridgescore.duplicate.session._json import _round, _score
from bridgescore.duplicate.session._model import Pair, Section
from bridgescore.duplicate.session._scores import (
    PairScore,
    RankRow,
    RecapLine,
    SectionScores,
    _rank,
)
from bridgescore.errors import SessionError

__all__ = [
    "Individual",
    "IndividualScores",
    "individual_scores",
    "individual_section",
    "player_recap_to_dict",
    "score_individual",
]


def individual_section(
    movement: IndividualMovement, names: Mapping[int, str] | None = None, name: str = "A"
) -> Section:
    """The section of the movement's partnerships, with no results yet; ``names`` maps a
    player's number to their name, and a partnership is named ``'Ann & Bob'``.

    :raises SessionError: if ``names`` names a player the movement does not have.
    """
    names = dict(names or {})
    unknown = sorted(p for p in names if not 1 <= p <= movement.players)
    if unknown:
        raise SessionError.coded("individual_no_player", field="names", value=unknown[0],
                                 player=unknown[0], players=movement.players)  # fmt: skip

    def named(player: int) -> str:
        return names.get(player) or str(player)

    labels = {}
    for p in movement.plays:  # named as they sit: North & South, East & West
        ns, ew = movement.pairs_at(p)
        labels[str(ns)] = f"{named(p.north)} & {named(p.south)}"
        labels[str(ew)] = f"{named(p.east)} & {named(p.west)}"
    return Section.from_movement(movement.as_pairs(), name, names=labels)


@dataclass(frozen=True)
class Individual:
    """What makes a session an individual: its movement and the players' names (what a
    stored session keeps besides the section of its partnerships).

    >>> from bridgescore.duplicate.movement.individual import individual
    >>> one = Individual(individual(8, 2), {1: "Ann"})
    >>> Individual.from_dict(one.to_dict()) == one, one.name(1), one.name(2)
    (True, 'Ann', '2')
    """

    movement: IndividualMovement
    names: Mapping[int, str] = field(default_factory=dict)
    """A player's name by number (a player not named is called by number)."""

    def __post_init__(self) -> None:
        for player in self.names:
            if (
                isinstance(player, bool)
                or not isinstance(player, int)
                or not (1 <= player <= self.movement.players)
            ):
                count = self.movement.players
                raise SessionError.coded("individual_no_player", field="names", value=player,
                                         player=player, players=count)  # fmt: skip

    def name(self, player: int) -> str:
        """The player's name, or their number."""
        return self.names.get(player) or str(player)

    def section(self, name: str = "A") -> Section:
        """The section of the partnerships, with no results (:func:`individual_section`)."""
        return individual_section(self.movement, self.names, name)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the movement as ``bridgescore movement individual --json`` prints
        it, and the names by number."""
        return {
            "movement": self.movement.to_dict(),
            "names": {str(k): v for k, v in sorted(self.names.items())},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Individual:
        """What :meth:`to_dict` gave.

        :raises MovementError: for a movement that is not one; :raises SessionError: for names
            that are not the players'.
        """
        names = data.get("names") or {}
        if not isinstance(names, Mapping):
            raise SessionError.coded("individual_names", field="names", value=names)
        try:
            named = {int(k): str(v) for k, v in names.items()}
        except ValueError as exc:
            raise SessionError.coded("individual_names_number", field="names",
                                     why=str(exc)) from exc  # fmt: skip
        return cls(IndividualMovement.from_dict(data["movement"]), named)


def individual_scores(individual: Individual, scored: SectionScores) -> IndividualScores:
    """The players' scores of a session's individual, from its section scored."""
    return score_individual(individual.movement, scored, individual.names)


@dataclass(frozen=True)
class IndividualScores:
    """The players' scores: each one's total, top and boards, and the rankings."""

    movement: IndividualMovement
    pairs: SectionScores
    """The partnerships' section scored."""
    players: Mapping[int, PairScore]
    """Each player's score, as a pair's with the player's number (its ``names``: theirs)."""
    rankings: list[RankRow]
    """The players ranked by percentage; ties share a rank written ``2=``."""

    def recap(self, player: int) -> list[tuple[int, RecapLine]]:
        """The player's boards in order, each with their partner.

        :raises SessionError: if the movement has no such player.
        """
        if player not in self.players:
            raise SessionError.coded("individual_no_player_recap", field="player",
                                     value=player, player=player)  # fmt: skip
        lines: list[tuple[int, RecapLine]] = []
        for (a, b), n in self.movement.partnership_numbers.items():
            if player in (a, b):
                partner = b if player == a else a
                lines += [(partner, line) for line in self.pairs.recap(n)]
        return sorted(lines, key=lambda item: item[1].board)


def score_individual(
    movement: IndividualMovement, scores: SectionScores, names: Mapping[int, str] | None = None
) -> IndividualScores:
    """Each player's score: the sum over their partnerships' (see the module).

    :raises SessionError: if ``scores`` is not a section of the movement's partnerships.
    """
    numbers = movement.partnership_numbers
    if len(scores.section.pairs) != len(numbers):
        raise SessionError.coded("individual_partnerships", field="pairs",
                                 value=len(scores.section.pairs), pairs=len(scores.section.pairs),
                                 partnerships=len(numbers))  # fmt: skip
    names = dict(names or {})
    totals: dict[int, list[float]] = {p: [0.0, 0, 0] for p in range(1, movement.players + 1)}
    for (a, b), n in numbers.items():
        score = scores.pairs.get((None, n))
        if score is None:
            continue
        for player in (a, b):
            totals[player][0] += score.total
            totals[player][1] += score.top
            totals[player][2] += score.boards
    players = {
        p: PairScore(Pair(p, names=names.get(p, "")), total, int(top), int(boards))
        for p, (total, top, boards) in totals.items()
    }
    return IndividualScores(movement, scores, players, _rank(list(players.values())))


def player_recap_to_dict(scores: IndividualScores, player: int) -> dict[str, Any]:
    """A player's recap as JSON-ready data: their total, percentage and boards, and each
    board with its round, their partner, where they sat, the result, their side's score and
    points (the shape of a pair's recap, with ``partner``).

    :raises SessionError: if the movement has no such player.
    """
    lines = scores.recap(player)
    score = scores.players[player]
    seats = {(p.round, p.table): p for p in scores.movement.plays}
    return {
        "player": player,
        "names": score.pair.names,
        "total": _round(score.total),
        "percent": score.percent,
        "boards": [
            {
                "board": line.board,
                "round": line.result.round,
                "partner": partner,
                "sat": line.sat.value,
                "opponents": [
                    x
                    for x in _sides(seats.get((line.result.round or 0, line.result.table or 0)))
                    if x not in (player, partner)
                ],
                "result": line.result.text,
                "score": _score(line.score),
                "points": _round(line.points),
                "top": line.top,
            }
            for partner, line in lines
        ],
    }


def _sides(seats: Seats | None) -> tuple[int, ...]:
    return () if seats is None else seats.players

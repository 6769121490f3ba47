"""Masterpoints as each federation awards them (SCORING.md §25): the ABF's, the ACBL's and the
EBU's, from a session's rankings or an event's.

>>> from bridgescore import Result, Side
>>> from bridgescore.duplicate.session import BoardResult, Section, score_section
>>> results = [BoardResult(1, t, t, Result.parse(c)) for t, c in
...            [(1, "4SS="), (2, "4SS+1"), (3, "3NTS="), (4, "2SS=")]]
>>> scored = score_section(Section("A", "mitchell", results=results))
>>> got = awards(parse_spec("abf"), [scored])
>>> [(p.label, str(a.points), a.kind) for p, a in got.items() if p.side is Side.NS]
[('NS 2', '0.12', 'GREEN'), ('NS 1', '0.08', 'GREEN'), ('NS 3', '0.00', 'GREEN'), \
('NS 4', '0.00', 'GREEN')]
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from bridgescore.duplicate.session import IndividualScores, Pair, RankRow, SectionScores
from bridgescore.errors import MasterpointError
from bridgescore.events.pairs import EventRankRow
from bridgescore.masterpoints import abf, acbl, ebu
from bridgescore.masterpoints._places import Field, fields_of, share
from bridgescore.masterpoints._spec import (
    CLUB_WEIGHT,
    KINDS,
    Award,
    MasterpointSpec,
    Scheme,
    parse_spec,
)

__all__ = [
    "CLUB_WEIGHT",
    "KINDS",
    "Award",
    "MasterpointSpec",
    "Scheme",
    "abf",
    "acbl",
    "awards",
    "ebu",
    "event_awards",
    "individual_awards",
    "parse_spec",
]


def _field_awards(spec: MasterpointSpec, field: Field) -> dict[Pair, Award]:
    if spec.scheme is Scheme.ABF:
        winner = abf.session_winner(field.tables, one_winner=field.one_winner,
                                    weight=spec.weight)  # fmt: skip
        shared = share(field.rows, abf.placings(winner, field.size), abf.QUANTUM)
        return {pair: Award(points, abf.kind(spec.weight)) for pair, points in shared.items()}
    if spec.scheme is Scheme.ACBL:
        first = acbl.section_first(field.tables, spec.weight)
        # a Mitchell's half table counts whole: "7 1/2 tables would be 8 pairs in each group"
        pairs = field.size if field.one_winner else field.tables
        shared = share(field.rows, acbl.placings(first, pairs), acbl.QUANTUM)
        return {pair: Award(points, acbl.KIND) for pair, points in shared.items()}
    if not field.one_winner:
        raise MasterpointError.coded("ebu_two_winner", field="masterpoints", value=spec.text,
                                     scheme=repr(spec.text))  # fmt: skip
    # the full tables of the field's pairs; the boards a pair played, at most
    boards = max((row.boards for row in field.rows if row.ranked), default=0)
    places = [Decimal(x) for x in ebu.pairs_scale(field.size // 2, boards, spec.weight)]
    shared = _ebu_share(field.rows, places, spec.weight)
    return {pair: Award(points, ebu.KIND) for pair, points in shared.items()}


def _ebu_share(rows: Sequence[RankRow], places: list[Decimal], weight: Fraction
               ) -> dict[Pair, Decimal]:  # fmt: skip
    """A tie's share of the EBU's awards: rounded up to a whole point, and at least the
    scale's minimum award (SCORING.md §25.3)."""
    return share(rows, places, ebu.QUANTUM, up=True, minimum=Decimal(ebu.minimum(weight)))


def awards(spec: MasterpointSpec, sections: Sequence[SectionScores]) -> dict[Pair, Award]:
    """Each pair's award for one session: every pair of each section's rankings gets an
    entry, 0 points if it earns none; a tie shares the awards of the places it fills; a pair
    not ranked (below the minimum share of boards) gets 0.

    Each section's field is its own (each direction of a Mitchell, a Howell's one field). Two
    sections' pairs are told apart by their names and players: give sections one at a time
    when they are not named.

    :raises MasterpointError: for a scheme whose session awards bridgescore does not have, or
        for two sections' pairs that cannot be told apart (field ``sections``).
    """
    out: dict[Pair, Award] = {}
    for field in fields_of(sections):
        if not field.rows:
            continue
        for pair, award in _field_awards(spec, field).items():
            if pair in out:
                raise MasterpointError.coded("award_pair_two_sections", field="sections",
                                             value=pair.label, pair=pair.label)  # fmt: skip
            out[pair] = award
    return out


def individual_awards(spec: MasterpointSpec, scores: IndividualScores) -> dict[int, Award]:
    """Each player's award for an individual session (SCORING.md §26): the EBU's Scale F
    (:func:`ebu.scale_f`) for its full tables (4 players each: those who sit out a round do not
    make a table) and the boards played, a tie's share rounded up and at least 6 as a pair's
    is (SCORING.md §25.3), whole master points; 0 past the awards.

    >>> from bridgescore import Result
    >>> from bridgescore.duplicate.movement.individual import individual
    >>> from bridgescore.duplicate.session import BoardResult, score_individual, score_section
    >>> from bridgescore.duplicate.session import individual_section
    >>> m = individual(12, 4, rounds=5)
    >>> results = [BoardResult(b, *m.pairs_at(p), Result.parse(f"3NTN {7 + (p.table * b) % 5}"),
    ...            round=p.round, table=p.table) for p in m.plays for b in p.boards]
    >>> scores = score_individual(m, score_section(individual_section(m).with_results(results)))
    >>> got = individual_awards(parse_spec("ebu"), scores)
    >>> sorted((int(a.points) for a in got.values()), reverse=True)[:5], len(got)  # 2nd= of 3
    ([12, 7, 7, 7, 0], 12)

    :raises MasterpointError: for the ABF and the ACBL (no individual scale here, field
        ``masterpoints``), and for boards outside Scale F's 18 to 35 (field ``boards``).
    """
    if spec.scheme is not Scheme.EBU:
        raise MasterpointError.coded("individual_scale_f", field="masterpoints", value=spec.text,
                                     scheme=repr(spec.scheme.value))  # fmt: skip
    tables = scores.movement.players // 4
    places = [Decimal(x) for x in ebu.scale_f(tables, len(scores.pairs.travellers))]
    shared = _ebu_share(scores.rankings, places, Fraction(1))
    return {row.pair.number: Award(shared.get(row.pair, Decimal(0)), ebu.KIND)
            for row in scores.rankings}  # fmt: skip


def event_awards(spec: MasterpointSpec, rows: Sequence[EventRankRow], sessions: int
                 ) -> dict[Pair, Award]:  # fmt: skip
    """Each pair's outright award for an event of ``sessions`` sessions, ranked as
    :func:`bridgescore.events.pairs.rank_event` ranks it (SCORING.md §20): the ABF's clause
    3.1.2 for the winner, its placings (clause 4.2) in each field (NS and EW, or all), the
    tables being the field's entry.

    :raises MasterpointError: for the ACBL and the EBU (their outright awards are not
        available here), and for an ABF event of 2 or 3 sessions.
    """
    if spec.scheme is not Scheme.ABF:
        raise MasterpointError.coded("abf_outright_only", field="masterpoints", value=spec.text,
                                     scheme=repr(spec.scheme.value))  # fmt: skip
    by_field: dict[str, list[EventRankRow]] = {}
    for row in rows:
        by_field.setdefault(row.field, []).append(row)
    two = max((len(v) for k, v in by_field.items() if k != "all"), default=0)
    out: dict[Pair, Award] = {}
    for name, field in by_field.items():
        tables = (len(field) + 1) // 2 if name == "all" else two
        winner = abf.outright_winner(tables, sessions, spec.weight)
        ranked = [RankRow(r.rank, r.pair, r.total, None, 0) for r in field]
        for pair, points in share(ranked, abf.placings(winner, len(field)), abf.QUANTUM).items():
            out[pair] = Award(points, abf.kind(spec.weight))
    return out

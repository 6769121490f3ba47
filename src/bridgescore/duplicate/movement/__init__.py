"""Movements: who plays whom, at which table, on which boards, round by round.

A :class:`Movement` is a frozen value that checks the rules every movement obeys when it is
made (in a round a pair sits at one table at most; no pair plays a board twice; no two pairs
meet more often than the movement says, once or twice; every table plays the same number of
boards a round; a board is at one table a round unless the movement shares it; boards are
numbered 1 to B). It is built by :func:`mitchell` or :func:`howell`, or read from a table
typed in (:func:`read`, ``round,table,ns,ew,boards``) or from an ``.ASC`` movement file
(:func:`read_asc`). :func:`~report.fairness` says how often each two pairs meet and are
compared, :func:`~report.moves` whether one card a table is enough,
:func:`~complete.completeness` whether every pair meets all the opponents it could (and
:func:`~complete.alternatives` the complete movements instead); :func:`~report.describe`,
:func:`~report.table_cards` and :func:`~report.guide_cards` give the text a director prints.
An individual (players, not pairs, at the seats; nobody partners anyone twice) is an
:class:`~individual.IndividualMovement`, built by :func:`~individual.individual`.

>>> from bridgescore.duplicate.movement import mitchell, howell
>>> m = mitchell(7, 3)
>>> (m.tables, m.rounds, m.boards), m.plays[0]
((7, 7, 21), TableRound(round=1, table=1, ns='NS 1', ew='EW 1', boards=(1, 2, 3)))
>>> howell(9, 3).sit_outs[0]
SitOut(round=1, pair='1')

Sources followed:

* **Mitchell** (NS pairs stay, EW pairs move up one table, boards move down one; table *t*
  starts with EW pair *t* and set *t*): the standard movement as Bridge Central
  (Ian McKinnon, bridgecentral.com, "Mitchell movements") and the ACBL and EBU directors'
  material describe it. An even number of tables: the **skip** Mitchell (EW pairs skip a
  table at the start of round *n*/2 + 1, as "tables 6: skip at the start of round 4, 8: round
  5"), stopped one round short of the published version, whose last round makes EW pairs meet
  their first opponents again; or the **share-and-relay** Mitchell of Bridge Central's
  "Share and relay Mitchell movement" page (sets 1 to *n*/2 on tables 1 to *n*/2, the next
  on a relay stand, the rest on the following tables; the last table shares with table 1).
  A **half table**: the NS pair of the last table is missing, and each EW pair sits out there
  in turn (Bridge Central, "Half table considerations"). **Arrow switch**: about one round in
  eight, at the end (J. R. Manning's analysis, as the EBU gives it: the last round of up to 9
  rounds, the last two of 12 or more).
* **Howell**: computed, not copied. Every Howell is 1-rotational (one pair stationary NS at
  table 1, the others and the boards moving round a fixed cycle), so every table sends its
  pairs and boards to the same place each round; the designs were found offline by
  :mod:`bridgescore.duplicate.movement.search` (``python -m bridgescore.duplicate.movement.search
  --write``), which picks the NS sides whose periodic autocorrelation is ideal (a cyclic difference
  set: perfect balance at 2, 4, 6, 8, 10 tables) or the best possible (3, 5, 7, 9 tables), and are
  kept in :mod:`bridgescore.duplicate.movement._howells`. 2 and 3 tables share boards, as no Room
  square of side 3 or 5 exists. A 3/4 Howell (every board at every table, several stationary pairs)
  is served where the search found one, else a shorter Howell is the complete one's first rounds;
  2 to 4 tables can also play twice as many rounds, pairs meeting twice. Where arrow switches
  at single tables make one more balanced, ``arrow_switches=False`` offers one without.
* **Balance**: J. R. Manning's competition score of two pairs (EBU, *Bridge movements: the
  maths*; as summarized by P. Smulders, "The balance", pjms.nl), reported as its spread.
"""

from __future__ import annotations

from bridgescore.duplicate.movement._sentences import REPORTS, Sentence
from bridgescore.duplicate.movement.build import mitchell, switched_rounds
from bridgescore.duplicate.movement.complete import (
    Alternative,
    Completeness,
    alternatives,
    completeness,
)
from bridgescore.duplicate.movement.cyclic import howell, howell_rounds
from bridgescore.duplicate.movement.formats import FileFormat, read_asc, read_file
from bridgescore.duplicate.movement.individual import (
    IndividualFairness,
    IndividualMovement,
    Seats,
    describe_individual,
    individual,
)
from bridgescore.duplicate.movement.model import (
    COLUMNS,
    Kind,
    Movement,
    Play,
    Relay,
    Share,
    SitOut,
    TableRound,
    format_boards,
    parse_boards,
    read,
)
from bridgescore.duplicate.movement.report import (
    Card,
    Fairness,
    Moves,
    PairFairness,
    cards,
    describe,
    fairness,
    guide_cards,
    moves,
    table_cards,
)
from bridgescore.duplicate.movement.results import Slot, check_result, missing, slot_of, slots
from bridgescore.errors import MovementError

__all__ = [
    "COLUMNS",
    "REPORTS",
    "Alternative",
    "Card",
    "Completeness",
    "Fairness",
    "FileFormat",
    "IndividualFairness",
    "IndividualMovement",
    "Kind",
    "Movement",
    "MovementError",
    "Moves",
    "PairFairness",
    "Play",
    "Relay",
    "Seats",
    "Sentence",
    "Share",
    "SitOut",
    "Slot",
    "TableRound",
    "alternatives",
    "cards",
    "check_result",
    "completeness",
    "describe",
    "describe_individual",
    "fairness",
    "format_boards",
    "guide_cards",
    "howell",
    "howell_rounds",
    "individual",
    "missing",
    "mitchell",
    "moves",
    "parse_boards",
    "read",
    "read_asc",
    "read_file",
    "slot_of",
    "slots",
    "switched_rounds",
    "table_cards",
]

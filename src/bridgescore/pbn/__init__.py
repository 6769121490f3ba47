"""PBN 2.1 (Portable Bridge Notation): duplicate results read from files and written scored.

Two layers, both pure Python:

* :func:`read_games` and :func:`write_games` see a file as its :class:`Game` s, each an
  ordered tuple of :class:`Tag` s with the section data that follows a tag (§3.1, §5.1) and
  the comments (§3.8); :meth:`Game.table` reads a table such as a ``ScoreTable`` (§5.2).
* :func:`read` and :func:`write` turn a file into a :class:`~bridgescore.duplicate.session.Session`
  and back; :func:`read_match` reads a two-room team match, :func:`read_matches` the several
  matches of a team event.

Section numbers (§) are those of the PBN 2.1 standard. Reading accepts its import format
(§2.1): tags in any order, several on a line or one spread over lines, lower case where §3.11
allows it, ``Vulnerable`` ``"Both"``, ``"Love"`` or ``"-"``, comments ``{...}`` and ``;``,
``%`` lines (§2.4), ``#`` and ``##`` values inherited from earlier games (§4.8). A tag that
repeats in a game is ignored (§3.4), but a repeated ``Board`` starts a new game (files written
without empty lines between games), or the file is refused, naming the line, where a game so
split would hold a tag twice. A problem in an optional part (``Auction``, ``Play``, ``Note``,
``Deal``, an unknown tag) is a warning naming the file, line and tag, never a refusal of the
results;
``4N`` in an auction is 4NT (Magic Contest writes it). Writing produces the export format:
the 15 mandatory tags in order, ``"?"`` where unknown and ``""`` where they do not apply
(§3.4), the other tags sorted by name, then the sections sorted by name (§3.1), one tag per
line, CRLF line ends (§2.3), an empty line between games (§3).

How a :class:`~bridgescore.duplicate.session.Session` is written (and read back):

* **One game per board of each section**, with the PBN ``Section`` tag (§4.4.5) and a
  ``ScoreTable`` (§5.9) listing every table's result: ``PairId_NS``, ``PairId_EW``,
  ``Round`` and ``Table`` (if known), ``Contract``, ``Declarer``, ``Result`` (tricks),
  ``Score_NS`` or ``Score_EW`` (the plus side's, the other ``-``), then ``MP_NS``, ``MP_EW``,
  ``Percentage_NS``, ``Percentage_EW`` or ``IMP_NS``, ``IMP_EW``, and ``Names_NS``,
  ``Names_EW``. The mandatory ``Declarer``, ``Contract`` and ``Result`` are ``""``: the game
  stands for every table. ``write(session, per="table")`` writes a game per table instead,
  with ``Declarer``, ``Contract``, ``Result``, ``Score``, ``ScoreMP`` and
  ``ScorePercentage`` (or ``ScoreIMP``), ``PairNS``/``PairEW`` (§4.3.2) holding pair
  numbers, and ``Round`` and ``Table`` where known. Either reads back as the same session. A
  section without boards (a session with no results yet) is a game with ``Board "?"`` holding
  its ``TotalScoreTable``.
* **Pairs of a game per table** are its ``PairNS``/``PairEW``; where a file has none (JFR
  Pary, KoPS, BBO pages converted by pbntools, GIB logs) they are told apart by the players'
  names: the same two names (``North``/``South`` or ``East``/``West``, either seat, either
  direction, any case) are the same pair, numbered in order of first appearance, with
  :attr:`Pair.names <bridgescore.duplicate.session.Pair.names>` set, and a warning. A game with
  neither numbers nor both players of a side named is refused (never a ranking made up from
  the order of the games, which would mix partnerships), and so is a section whose games mix
  the two. A ``Table`` tag is not a pair number.
* The first game of each section carries a ``TotalScoreTable`` (§5.10): ``Rank`` (``2=``
  for a tie), ``PairId``, ``TotalMP`` and ``TotalPercentage`` or ``TotalIMP``, ``NrBoards``,
  ``Names``, and in a Mitchell a ``Direction`` column (``NS``/``EW``; a column of our own, as
  §5.2 allows). Reading takes only the pairs and names from it: the scores are recomputed.
  Columns the mapping does not know (Magic Contest's ``Lead``, ``Tiebreak``, ``MemberID1``)
  are ignored. ``Direction`` is read as ``NS``/``EW`` (``N-S``/``E-W`` too, as Magic Contest
  writes it, anything else as unknown); in a section whose pairs sit both ways (a Howell, or
  Magic Contest's pairs that switch direction during a session, ranked as one field) it is
  ignored with a warning: the ScoreTable rows say who sat where, so the movement is inferred
  from them, never from this column.
* **Movement**: the tag ``Movement`` (``"Mitchell"`` or ``"Howell"``, ours, §4.9). Without it a
  section is a Howell if a pair number sits both NS and EW, but never against itself and never
  twice on one board; else a Mitchell (which may number its NS and EW pairs alike: NS 1 meets
  EW 1, and NS 1 and EW 1 both play every board).
* **Method** (``Scoring``, §3.4.12), one a session: games whose ``Scoring`` says another
  method (``MP`` and ``MatchPoints;MP1`` are the same) are refused, naming both values and
  their lines. ``MatchPoints;MP1``; ``IMP;Butler`` (no score dropped),
  ``IMP;Butler-2`` (one dropped at each end, the default), ``IMP;Butler-<2k>`` or
  ``IMP;Butler-<2p>%`` for other datums; ``IMP;Cross2`` (sum / (n - 1), the default),
  ``IMP;Cross1`` (sum / n), ``IMP;Cross`` (the sum). ``OldMP`` is the pre-1987 undertrick
  table. Our own fields: ``HalfUp`` (a Butler datum ending in 5 rounds away from zero) and
  ``Artificial=60,50,40,3`` (A+, A, A- percentages and IMPs, when not those defaults; then
  ``,if-better,if-worse`` when A+ and A- are the pair's own percentage if better or worse,
  as the EBU and the ACBL score them).
* **Artificial scores** (§5.2 ``^``): ``Contract``, ``Declarer`` and ``Result`` ``-``,
  ``Score_NS "^A+"`` and ``Score_EW "^A-"``, and the matchpoints, percentages or IMPs also
  with ``^``. Reading accepts ``^A+``/``^A``/``^A-`` (or ``^Ave+`` ...) in the score columns,
  or failing those a ``^`` percentage (above 50 is A+, 50 is A, below is A-). In a game per
  table: ``[Score "NS ^A+ EW ^A-"]`` with an empty ``Contract``. ``A+``, ``A``, ``A-``
  without the ``^`` (as Magic Contest writes them) are read as artificial scores with a
  warning naming their lines.
* **Weighted scores** (Law 12C1(c); :class:`~bridgescore.duplicate.weighted.Weighted`): PBN 2.1 has
  no notation for them, and no program we know of writes them (we found none in public club
  programs' code or pages), so the weighted score's own text is written in the ``Contract``
  column (or tag), where a ``%`` cannot be mistaken for a contract:
  ``"50% 4SN=, 30% 4SN-1, 20% 5HXE-2"``, with ``Declarer``, ``Result``, ``Score_NS`` and
  ``Score_EW`` ``-`` (in a game per table: ``Declarer`` and ``Result`` ``""`` and no
  ``Score``). Its matchpoints, percentages or IMPs are written as any result's, without
  ``^``: a weighted score is a real result. Reading takes a ``Contract`` with a ``%`` as a
  weighted score; another program reading such a file sees an unknown contract.
* **Fouled boards** (a board played in two or more versions, scored version by version):
  PBN 2.1 has no notation for them, so a fouled board's ``ScoreTable`` has a ``Version``
  column of our own (§5.2 allows it; in a game per table a ``Version`` tag): ``1``, ``2`` ...,
  the version each table played, in the order of
  :attr:`Section.versions <bridgescore.duplicate.session.Section.versions>`. Reading groups a
  board's tables by it (a positive whole number; a fouled board's every row needs a version
  and a ``Table``), so the file is scored as the session was.
* **Boards**: a game without a ``Board`` tag (import format allows it) that has a deal, a
  result or a ScoreTable is numbered in order, one after the highest board before it, with a
  warning naming its line; a game per table of an earlier board needs its Board tag.
* A score that differs from the contract's (an irregularity, §4.2.1) is kept as the
  result's assigned score; ``Declarer "^S"`` (declarer and dummy swapped, §3.4.13) reads as S
  with a warning; ``Score "450"`` with no side is declarer's.
* **Boards** keep the file's ``Dealer`` and ``Vulnerable``; where they are not Law 2's for
  the board number the section warns. Missing or ``"?"``: Law 2.
* **A board's cards** are read once into the board's typed fields
  (:class:`~bridgescore.boards.board.Board`; :mod:`bridgescore.boards.tags` says how): ``Deal``
  into :attr:`~bridgescore.boards.board.Board.deal`, ``Auction`` and ``Play`` with their notes
  into :attr:`~bridgescore.boards.board.Board.auction` and
  :attr:`~bridgescore.boards.board.Board.play`, ``DoubleDummyTricks`` and a complete
  ``OptimumResultTable`` (in any order of rows) into the double-dummy table
  :attr:`~bridgescore.boards.board.Board.dd`, ``OptimumScore`` with ``ParContract`` into
  :attr:`~bridgescore.boards.board.Board.par`. Writing writes them back: ``Deal`` from North,
  the sections four calls (or a trick) a line, and the analysis as ``bridgescore analyse``
  writes it (``DoubleDummyTricks``, ``OptimumResultTable``, ``OptimumScore``, ``ParContract``).
  A tag that does not read as its field (a partial ``OptimumResultTable``, an ``OptimumScore``
  without ``ParContract``, as Dealer4 and Magic Contest write it) is kept as read, with the
  other tags.
* **Other tags** are kept: those with one value in every game (``Site``...) in
  :attr:`Session.tags <bridgescore.duplicate.session.Session.tags>`, the others (the
  ``Annotator``, a tag of the file's program ...) in
  :attr:`Board.tags <bridgescore.boards.board.Board.tags>`. Tags that differ between the tables
  of one board (players, a game per table's ``Auction``) are not kept, with a warning; comments
  are not kept in a session (:func:`read_games` keeps them).

>>> s = read('[Board "1"][Dealer "N"][Vulnerable "None"][PairNS "1"][PairEW "1"]'
...          '[Contract "4S"][Declarer "S"][Result "11"]')
>>> [str(r.result) for r in s.sections[0].results]
['4SS+1']
>>> text = write(s, per="table")
>>> [line for line in text.splitlines() if line.startswith(("[Contract", "[Score "))]
['[Contract "4S"]', '[Score "NS 450"]']
>>> read(text) == s
True

**Auctions and plays** (§3.5, §3.6, §3.9): :meth:`Game.auction` and :meth:`Game.play` (or
:func:`auction_of`, :func:`play_of`) read a game's sections with their ``Note`` tags into an
:class:`~bridgescore.boards.auction.Auction` and a :class:`~bridgescore.boards.play.Play`: calls
with note references, NAGs and suffixes, ``AP``, ``-``, ``*``, ``+``, the irregularities ``^I``,
``^S``, ``^R``, ``^L``; :func:`section_tags` writes them back in export format. Reading a session
checks every game's sections (errors name the line and the tag), and a board keeps its
auction and play when all its games share them (:attr:`Board.auction
<bridgescore.boards.board.Board.auction>`, :attr:`Board.play
<bridgescore.boards.board.Board.play>`). :meth:`Game.played` gives a game's own board,
typed, and the contract its tags say was played.

**Team matches** (:func:`read_matches`): a match is a pair of teams (``HomeTeam`` and
``VisitTeam``, either way round); a game without them belongs to the match before. Its rooms
are the ``Room`` tag's; without one, a game with the teams swapped is the closed room, else a
board's two games are the open and the closed room in order (a game without a ``Board`` right
after a board's first room is its other room, as rpbridge.net writes). A board one room did
not play is left out of that match with a warning. :func:`read` refuses a teams file
(:class:`TeamsFileError`: ``HomeTeam``, ``VisitTeam``, ``Room "Open"``/``"Closed"``).
:func:`read_event` reads the matches of a file, round by round (``Round``), into a
:class:`~bridgescore.events.Event`; :func:`write_event` writes one back, a game per board and
room with ``Round``, ``HomeTeam``, ``VisitTeam`` and ``Room``.

**Writing refuses** (:class:`PbnError`) what would not read back: a control character in any
value or element, tab and line breaks included (§3.7: strings hold printing characters), an
event, date or tag value starting with ``#`` (§4.8: inherited), an event, date or pair name
that PBN reads as unknown (``?``, ``-``, spaces), a section name with spaces around it or
none. A session without sections is written as the header alone.

The package reads in two steps, as python-chess's ``pgn`` reads a game and hands it to a
``GameBuilder``: ``_lexer`` reads the text into games (``_games`` holds their values, their
sections and their boards, and writes them), ``_reader`` reads each game's tags (their
values: ``_values``) and hands boards and results to the ``_builder``, which checks what
involves several games and builds the session (``_players`` numbers pairs by their names).
``_writer`` writes a session, ``_match`` reads team matches; ``_location`` is the place in the
file an error names. Most files are written plainly, and read so at once: a game of one tag a
line and rows of words (``_lexer``), a ScoreTable's rows of plain numbers and results already
seen (``_rows``: a table of pairs and results only read column by column at once, else row by
row); anything else falls back to the exact path, which names what is wrong, and
``tests/formats/test_pbn_fast.py`` checks that both read every file alike. The section's own
checks of its results run over whole columns at once (``duplicate/session/_bulk``), its loops
only where those find something to say.
"""

from __future__ import annotations

from bridgescore.boards.dd import DDTable
from bridgescore.errors import PbnError, TeamsFileError
from bridgescore.pbn._analysis import (
    ANALYSIS_TAGS,
    analyse_games,
    analysis_tags,
    dd_tricks_from_tag,
)
from bridgescore.pbn._event import read_event, write_event
from bridgescore.pbn._games import (
    MANDATORY_TAGS,
    Column,
    Game,
    Table,
    Tag,
    auction_of,
    board_facts,
    complete_deal,
    decode,
    encode,
    escape,
    kept_sections,
    play_of,
    section_tags,
    write_games,
)
from bridgescore.pbn._games import NAME as TAG_NAME
from bridgescore.pbn._lexer import read_games
from bridgescore.pbn._match import read_match, read_matches, read_rounds
from bridgescore.pbn._reader import read
from bridgescore.pbn._values import scoring_tag
from bridgescore.pbn._writer import write

__all__ = [
    "ANALYSIS_TAGS",
    "MANDATORY_TAGS",
    "TAG_NAME",
    "Column",
    "DDTable",
    "Game",
    "PbnError",
    "Table",
    "Tag",
    "TeamsFileError",
    "analyse_games",
    "analysis_tags",
    "auction_of",
    "board_facts",
    "complete_deal",
    "dd_tricks_from_tag",
    "decode",
    "encode",
    "escape",
    "kept_sections",
    "play_of",
    "read",
    "read_event",
    "read_games",
    "read_match",
    "read_matches",
    "read_rounds",
    "scoring_tag",
    "section_tags",
    "write",
    "write_event",
    "write_games",
]

"""BBO's LIN: tournament and vugraph files read into boards, sessions, team matches and PBN;
boards written as LIN and as links to BBO's hand viewer. Pure Python, linear time.

LIN is a run of ``key|value|`` pairs. :func:`read_lin` reads these keys (in either case) into
a :class:`LinFile` of :class:`LinBoard` s and skips the others (``st|``, ``rh|``, ``pg|``,
``sa|``, the commentary ``nt|``, ``at|`` ...):

* ``pn|S,W,N,E|``: the players, South first as LIN lists them; in a vugraph ``pn|`` with eight
  names, the open room's four then the closed room's, for the boards after it (a ``pn|`` with
  four names there is not a room's, and is ignored; in other files it is the next board's).
* ``md|3<S>,<W>,<N>,<E>|``: the dealer (1 South, 2 West, 3 North, 4 East), then the hands in
  that order, each a suit letter and its ranks (any case, any order, ``10`` for ``T``); the
  fourth hand may be left out when the other three hold 13 cards each. ``md|`` (or ``qx|``)
  starts a board.
* ``sv|o|``: vulnerability, ``o``/``0``/``-`` none, ``n``, ``e``, ``b`` both.
* ``ah|Board 7|``: the board's heading, whose last number is the board's number unless
  ``qx|`` gives one; else a board is numbered one after the board before it.
* ``qx|o1|``, ``qx|c1|`` (``qx|o1,BOARD 1|`` too): a vugraph board, its room and number.
* ``mb|1N!|``: a call (``p``, ``d``, ``r``, ``1C`` ... ``7N``), ``!`` if alerted; ``an|...|``
  after it explains it. Explanations become the auction's notes (PBN's ``=1=``, §3.5.4): a
  note a different text, the same text the same note, at most 32.
* ``pc|cK|``: a card played, in the order played (either case). The trump suit, from the
  auction's contract, says who won each trick and leads the next; the play is kept in PBN's
  columns from the opening leader (:class:`~bridgescore.boards.play.Play`). A card the deal does
  not give its player is refused.
* ``mc|10|``: a claim (or concession): declarer's tricks in all. The play then ends (``*``).
* ``vg|event,segment,I,1,16,home,0,away,0|``: a vugraph's event and teams (the home team
  sits NS in the open room), ``rs|4SW-1,4SW-2,...|`` its results, the open and the closed
  room of each board from the first (``4SWx-1``, ``3NE=``; empty: not played).

A board's :attr:`~LinBoard.result` is the one ``rs|`` records, else the claim's, else the
tricks won if all thirteen were played; else there is none (a board abandoned, say).

>>> lin = read_lin("pn|Sue,Walt,Nina,Ed|md|3SAKQJHAKQDAKQCAKQ,,,|sv|n|mb|2C!|an|strong|"
...                "mb|p|mb|2N|mb|p|mb|7N|mb|p|mb|p|mb|p|pc|D2|mc|13|")
>>> b = lin.boards[0]
>>> b.players, str(b.auction.contract), b.auction.declarer, str(b.result)
(('Nina', 'Ed', 'Sue', 'Walt'), '7NT', Seat.SOUTH, '7NTS=')
>>> b.auction.calls[0], b.auction.notes
(Call(name='2C', note=1, nags=(), insufficient=False, alert=True), ((1, 'strong'),))

From there:

* :func:`lin_to_pbn` writes PBN, a game per board with the mandatory tags, ``Room``,
  ``HomeTeam``, ``VisitTeam`` for a vugraph, and the ``Auction`` and ``Play`` sections with
  their notes. PBN has no alert: an alerted call without an explanation has no note.
* :func:`read_lin_session`: a BBO tournament (one file, or a file a table) as a pairs
  :class:`~bridgescore.duplicate.session.Session`, read as those PBN games are (pairs told apart by
  their names; BBO's robots keep their ``~~M...`` names).
* :func:`read_lin_match`: a vugraph as a :class:`~bridgescore.events.match.TeamMatch`, both rooms.
* :func:`write_lin` and :func:`write_board` write boards back (reading them again gives the
  same boards), :func:`handviewer_url` a link to BBO's hand viewer;
  :func:`pbn_to_lin_boards` turns PBN games into boards, so PBN is written as LIN too, and
  :func:`board_to_lin` a session's board (its deal, auction and play) with a result.
* :func:`read_lin_deals` (bytes or text) and :func:`write_lin` are the LIN format of
  :mod:`bridgescore.deals`; :func:`tagged_board` gives a board as a deal file's board (a
  :class:`~bridgescore.boards.board.Board` with its deal, auction and play, whose tags hold the
  players and the result; and its deal), :func:`board_to_lin` turns such a board back.

Errors are :class:`~bridgescore.errors.LinError` s naming the file, the board and the
character offset, and the key (:attr:`~bridgescore.errors.BridgeError.field`):

>>> read_lin("md|3SAKQJHAKQDAKQCAKQ,,,|mb|1S|mb|1Z|", source="club.lin")
Traceback (most recent call last):
...
bridgescore.errors.LinError: club.lin, board 1, character 31: bad call mb|1Z|: expected p, d, \
r or a bid such as 1N, with ! if alerted

The package: ``_reader`` reads LIN into boards, ``_writer`` writes them and the links,
``_convert`` turns them into PBN games, sessions and matches (through the PBN reader) and back.
"""

from bridgescore.errors import LinError
from bridgescore.lin._convert import (
    board_to_lin,
    boards_from_games,
    lin_to_pbn,
    pbn_to_lin_boards,
    read_lin_deals,
    read_lin_match,
    read_lin_session,
    tagged_board,
    to_games,
)
from bridgescore.lin._names import NamesFileError, read_names, with_names
from bridgescore.lin._reader import LinBoard, LinFile, read_lin
from bridgescore.lin._writer import HANDVIEWER, handviewer_url, write_board, write_lin

__all__ = [
    "HANDVIEWER",
    "LinBoard",
    "LinError",
    "LinFile",
    "NamesFileError",
    "board_to_lin",
    "boards_from_games",
    "handviewer_url",
    "lin_to_pbn",
    "pbn_to_lin_boards",
    "read_lin",
    "read_lin_deals",
    "read_lin_match",
    "read_lin_session",
    "read_names",
    "tagged_board",
    "to_games",
    "with_names",
    "write_board",
    "write_lin",
]

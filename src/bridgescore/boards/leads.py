"""The opening lead against double dummy: the tricks the lead actually made cost the defence.

For a board with its deal, contract, declarer and play, the opening leader (declarer's
left-hand opponent) may lead any of their 13 cards; DDS gives the tricks declarer then takes
with best play by everyone after it (:func:`bridgescore.boards.dd.lead_tricks`). The best lead is
the one after which declarer takes fewest (the double-dummy table's figure); the *lead cost* is
the tricks declarer takes after the lead made less that: 0 for a best lead.

>>> cost = LeadCost(Seat.EAST, "C4", (("C4", 9), ("DQ", 8), ("HA", 8)))
>>> cost.lead_tricks, cost.best, cost.cost, cost.best_leads
(9, 8, 1, ('DQ', 'HA'))

:func:`opening_lead` finds the lead of a board (its deal, auction and play), or of a PBN game
(:class:`bridgescore.pbn.Game`: a LIN file's boards become such games); :func:`lead_costs`
solves many.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Protocol

from bridgescore.boards.board import Board
from bridgescore.boards.deal import Deal
from bridgescore.model import Contract, Seat, Strain

__all__ = ["Lead", "LeadCost", "Played", "lead_costs", "opening_lead"]

_SEATS = tuple(Seat)


@dataclass(frozen=True, slots=True)
class Lead:
    """A board's opening lead: the deal, the trump strain, who led and the card led."""

    deal: Deal
    strain: Strain
    leader: Seat
    card: str
    """``'SK'``, ``'H2'``: suit and rank, ``T`` for the ten."""


@dataclass(frozen=True, slots=True)
class LeadCost:
    """An opening lead against the others the leader could have made."""

    leader: Seat
    lead: str
    """The card led."""
    tricks: tuple[tuple[str, int], ...]
    """Each card the leader held and the tricks declarer takes double dummy after it."""

    @property
    def lead_tricks(self) -> int:
        """Declarer's tricks double dummy after the lead made."""
        return dict(self.tricks)[self.lead]

    @property
    def best(self) -> int:
        """Declarer's tricks after the best lead (the double-dummy table's figure)."""
        return min(t for _, t in self.tricks)

    @property
    def cost(self) -> int:
        """The tricks the lead made gave declarer against the best lead (0 or more)."""
        return self.lead_tricks - self.best

    @property
    def best_leads(self) -> tuple[str, ...]:
        """Every card that is a best lead."""
        return tuple(sorted(card for card, t in self.tricks if t == self.best))


class Played(Protocol):
    """A game :func:`opening_lead` takes besides a board: a PBN game
    (:meth:`bridgescore.pbn.Game.played`) gives its board and the contract it says was
    played."""

    def played(self, *, source: str = "<text>") -> tuple[Board, tuple[Contract, Seat] | None]:
        """The game's board (its deal, auction and play) and the contract and declarer its
        own tags give, if they do."""
        ...


def opening_lead(
    board: Board | Played,
    source: str = "<text>",
    *,
    reached: tuple[Contract, Seat] | None = None,
) -> Lead | None:
    """The opening lead of a board with a complete deal, a contract and declarer (``reached``,
    a game's own, else its complete auction's) and a play whose first card is declarer's
    left-hand opponent's; None for any other board (no play, a pass-out, a lead out of turn,
    a card the leader does not hold).

    >>> from bridgescore.boards.play import Play
    >>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.8765.76 432.432.432.5432")
    >>> board = Board.numbered(1).with_fields(deal=deal, play=Play.read(Seat.WEST, "S2"))
    >>> opening_lead(board, reached=(Contract.parse("7NT"), Seat.SOUTH))
    Lead(deal=Deal.parse('N:AKQJ.AKQ.AKQ.AKQ T98.JT9.JT9.JT98 765.8765.8765.76 432.432.432.5432'), \
strain=Strain.NOTRUMP, leader=Seat.WEST, card='S2')

    :raises PbnError: for a game whose ``Deal``, ``Auction`` or ``Play`` cannot be read, naming
        its line.
    """
    if not isinstance(board, Board):
        board, own = board.played(source=source)
        reached = reached or own
    deal, play = board.deal, board.play
    if deal is None or not deal.is_complete or play is None:
        return None
    reached = reached or _reached(board)
    if reached is None:
        return None
    contract, declarer = reached
    first = next(play.sequence(contract.strain), None)
    leader = _SEATS[(_SEATS.index(declarer) + 1) % 4]
    if first is None or first[0] is not leader:
        return None
    seat, card = first
    hand = deal[seat]
    if hand is None or card not in hand.cards():
        return None
    return Lead(deal, contract.strain, leader, card)


def _reached(board: Board) -> tuple[Contract, Seat] | None:
    """The contract and declarer of the board's complete auction (a board whose play stopped
    before a result)."""
    auction = board.auction
    if auction is None or not auction.is_complete:
        return None
    contract, declarer = auction.final()
    if not isinstance(contract, Contract) or declarer is None:
        return None
    return contract, declarer


def lead_costs(leads: Iterable[Lead]) -> Iterator[LeadCost]:
    """Each lead's cost, solved by DDS (the ``bridgescore[dd]`` extra), in order.

    :raises ModuleNotFoundError: without endplay.
    """
    from bridgescore.boards.dd import lead_tricks

    chosen = list(leads)
    solved = lead_tricks((x.deal, x.strain, x.leader) for x in chosen)
    for lead, tricks in zip(chosen, solved, strict=True):
        yield LeadCost(lead.leader, lead.card, tuple(sorted(tricks.items())))

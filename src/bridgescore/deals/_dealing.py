"""Dealing a set of boards from a secret seed, and checking a set against its seed.

The algorithm, in full (``docs/guide/dealing.md`` shows it in thirty lines of standard Python):

* The **seed** is 32 bytes from :func:`secrets.token_bytes` (the operating system's secure
  random source), or one given (at least 16 bytes: a shorter seed could be found by trying them
  all against its commitment).
* The **commitment** is the SHA-256 hash of the seed, in hex. It is shown before play; the seed
  is published after it, and anyone can check that the one hashes to the other and that the
  seed deals the boards played, so the boards were fixed before play.
* **Board** ``n`` is dealt from the stream of 32-bit numbers (big-endian) cut from the blocks
  ``HMAC-SHA256(key=seed, message=f"{n}:{k}")`` for ``k`` = 0, 1, 2 ..., eight numbers a block.
* The 52 cards, in the order ``SA SK ... S2 HA ... C2``, are shuffled by Fisher-Yates: for
  ``i`` from 51 down to 1, a number ``r`` is drawn, and drawn again while
  ``r >= 2**32 - 2**32 % (i + 1)`` (rejection sampling, so that every ``j`` is equally
  likely); then ``j = r % (i + 1)`` and cards ``i`` and ``j`` change places.
* North holds the first 13 cards, East the next 13, then South, then West. Dealer and
  vulnerability follow from the board number (Law 2).

>>> s = deal_set(range(1, 4), seed="00" * 32)
>>> s.commitment
'66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
>>> [b.number for b in s.boards], str(s.boards[0].deal)[:20]
([1, 2, 3], 'N:QT742.K832.86.84 A')
>>> verify(s.boards, "00" * 32, s.commitment)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from bridgescore.boards.deal import RANKS, Deal, Hand
from bridgescore.deals._model import DealtBoard
from bridgescore.duplicate.session import Board
from bridgescore.errors import DealingError

__all__ = [
    "SEED_BYTES",
    "DealtSet",
    "board_numbers",
    "commitment",
    "deal_board",
    "deal_set",
    "read_seed",
    "verify",
]

SEED_BYTES: Final = 32
"""The length of a seed :func:`deal_set` draws."""
_SHORTEST: Final = 16
"""The shortest seed accepted (128 bits)."""
_LONGEST: Final = 1024
_CARDS: Final = tuple(suit + rank for suit in "SHDC" for rank in RANKS)
_MOST_BOARDS: Final = 10_000


@dataclass(frozen=True, slots=True)
class DealtSet:
    """Boards dealt from a seed: the boards, the seed (kept secret until after play) and the
    commitment to it (shown before play)."""

    boards: tuple[DealtBoard, ...]
    seed: bytes

    @property
    def commitment(self) -> str:
        """The SHA-256 hash of the seed, in hex: publish it before play."""
        return commitment(self.seed)

    @property
    def seed_hex(self) -> str:
        """The seed in hex, as :func:`read_seed` reads it: publish it after play."""
        return self.seed.hex()


def commitment(seed: bytes | str) -> str:
    """The SHA-256 hash of a seed (bytes, or hex), in hex.

    >>> commitment("00" * 16)
    '374708fff7719dd5979ec875d56cd2286f6d3cf7ec317a3b25632aab28ec37bb'
    """
    return hashlib.sha256(read_seed(seed)).hexdigest()


def read_seed(seed: bytes | str) -> bytes:
    """A seed as bytes: given as bytes, or as hex (blanks and a ``0x`` ignored).

    >>> read_seed("0x" + "ab" * 16) == bytes([0xAB] * 16)
    True
    >>> read_seed("abc")
    Traceback (most recent call last):
    ...
    bridgescore.errors.DealingError: a seed is hex digits, two a byte: got 'abc'

    :raises DealingError: for text that is not hex, or a seed shorter than 16 bytes.
    """
    if isinstance(seed, str):
        text = "".join(seed[: 4 * _LONGEST + 1].split()).removeprefix("0x")
        if len(text) > 2 * _LONGEST or len(seed) > 4 * _LONGEST:
            raise DealingError(f"a seed is at most {_LONGEST} bytes", field="seed",
                               value=seed[:80])  # fmt: skip
        if len(text) % 2 or not re.fullmatch(r"[0-9A-Fa-f]*", text):
            raise DealingError(f"a seed is hex digits, two a byte: got {seed[:80]!r}",
                               field="seed", value=seed[:80])  # fmt: skip
        seed = bytes.fromhex(text)
    if not isinstance(seed, bytes):
        raise DealingError(f"a seed is bytes or hex text, got {type(seed).__name__}",
                           field="seed", value=seed)  # fmt: skip
    if not _SHORTEST <= len(seed) <= _LONGEST:
        raise DealingError(
            f"a seed has {_SHORTEST} to {_LONGEST} bytes ({2 * _SHORTEST} or more hex digits), "
            f"got {len(seed)}: a short one could be found from its commitment by trying them all",
            field="seed",
            value=seed.hex()[:80],
        )
    return seed


def _numbers(seed: bytes, board: int) -> Iterator[int]:
    """The stream of 32-bit numbers that deals ``board``."""
    block = 0
    while True:
        digest = hmac.new(seed, f"{board}:{block}".encode(), hashlib.sha256).digest()
        for k in range(0, 32, 4):
            yield int.from_bytes(digest[k : k + 4], "big")
        block += 1


def deal_board(seed: bytes | str, number: int) -> DealtBoard:
    """Board ``number`` of the set ``seed`` deals (see the module's notes for the algorithm).

    >>> b = deal_board("00" * 32, 2)
    >>> b.board.dealer, b.deal.is_complete
    (Seat.EAST, True)

    :raises DealingError: for a bad seed or board number.
    """
    key = read_seed(seed)
    _check_number(number)
    stream = _numbers(key, number)
    cards = list(_CARDS)
    for i in range(51, 0, -1):
        n = i + 1
        limit = 2**32 - 2**32 % n
        r = next(stream)
        while r >= limit:
            r = next(stream)
        j = r % n
        cards[i], cards[j] = cards[j], cards[i]
    hands = [_hand(cards[13 * h : 13 * h + 13]) for h in range(4)]
    return DealtBoard(Board.numbered(number), Deal((hands[0], hands[1], hands[2], hands[3])))


def _hand(cards: Sequence[str]) -> Hand:
    own = set(cards)
    return Hand(*("".join(r for r in RANKS if s + r in own) for s in "SHDC"))


def _check_number(number: object) -> int:
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise DealingError(f"a board number is a whole number from 1, got {number!r}",
                           field="board", value=number)  # fmt: skip
    if number > _MOST_BOARDS:
        raise DealingError(f"board numbers go up to {_MOST_BOARDS}, got {number}",
                           field="board", value=number)  # fmt: skip
    return number


def deal_set(boards: Iterable[int] | str, seed: bytes | str | None = None) -> DealtSet:
    """Deal boards (numbers, or a range such as ``"1-36"``) from ``seed``, or from a new seed
    drawn from the operating system's secure random source.

    >>> s = deal_set("1-2")
    >>> len(s.seed), [b.number for b in s.boards], len(s.commitment)
    (32, [1, 2], 64)

    :raises DealingError: for a bad seed, a board number that is not a whole number from 1,
        or a board given twice.
    """
    numbers = board_numbers(boards) if isinstance(boards, str) else list(boards)
    seen: set[int] = set()
    for n in numbers:
        _check_number(n)
        if n in seen:
            raise DealingError(f"board {n} is given twice", field="board", value=n)
        seen.add(n)
    if not numbers:
        raise DealingError("no boards to deal", field="board", value=boards)
    key = secrets.token_bytes(SEED_BYTES) if seed is None else read_seed(seed)
    return DealtSet(tuple(deal_board(key, n) for n in numbers), key)


def board_numbers(text: str) -> list[int]:
    """Board numbers written as a number, a range or several: ``"7"``, ``"1-36"``,
    ``"1-16,33-48"``.

    >>> board_numbers("1-3, 9")
    [1, 2, 3, 9]

    :raises DealingError: for other text, or a range that runs backwards.
    """
    out: list[int] = []
    for part in text[:200].split(","):
        m = re.fullmatch(r"\s*([0-9]{1,5})\s*(?:-\s*([0-9]{1,5})\s*)?", part)
        if m is None or len(text) > 200:
            raise DealingError(
                f"expected board numbers such as 7, 1-36 or 1-16,33-48, got {text[:80]!r}",
                field="board",
                value=text[:80],
            )
        first, last = int(m[1]), int(m[2] or m[1])
        if last < first:
            raise DealingError(f"the range {part.strip()!r} runs backwards", field="board",
                               value=part.strip())  # fmt: skip
        out.extend(range(first, min(last, _MOST_BOARDS + 1) + 1))
    return out


def verify(boards: Iterable[DealtBoard], seed: bytes | str, commitment_hex: str) -> None:
    """Check a set of boards against the seed published after play and the commitment shown
    before it: the seed hashes to the commitment, and it deals every board's cards (the
    dealer and vulnerability are not checked, since a file may not hold them).

    >>> s = deal_set("1-2", seed="01" * 16)
    >>> verify(s.boards, "01" * 16, s.commitment)
    >>> verify(s.boards, "02" * 16, s.commitment)
    Traceback (most recent call last):
    ...
    bridgescore.errors.DealingError: the seed does not hash to the commitment 'cc8cd41c...'

    :raises DealingError: naming the first thing that does not check out.
    """
    key = read_seed(seed)
    given = commitment_hex.strip().lower()
    if not hmac.compare_digest(hashlib.sha256(key).hexdigest(), given[:64]) or len(given) != 64:
        raise DealingError(
            f"the seed does not hash to the commitment {given[:8] + '...'!r}",
            field="commitment",
            value=commitment_hex[:80],
        )
    for b in boards:
        dealt = deal_board(key, b.number).deal
        if b.deal != dealt:
            raise DealingError(
                f"board {b.number} is not the one the seed deals: {b.deal} where the seed deals "
                f"{dealt}",
                field="board",
                value=b.number,
            )

"""The files of dealing machines: ``.bri``, ``.dge``, Duplimate's ``.dup``, Dealer4's ``.dlm``.

What each holds (learnt from Duplimate's conversion notes as quoted in njhammond's
hand_record_utility, from Big Deal's writers and from deal-convert's files; none has a
published standard):

* **.bri**: a record of 128 bytes a board, boards 1, 2, 3 ... in order (the file has no board
  numbers). The first 78 bytes are North's, East's and South's 13 cards, each two ASCII digits
  ``01`` (the ace of spades) to ``52`` (the two of clubs), in any order; West holds the rest.
  Then 32 spaces and 18 NUL bytes (either is read as padding).
* **.dge**: a record of 128 bytes a board, in order: each hand North, East, South, West as the
  suit symbols of the DOS character set ``06`` (spades), ``03`` (hearts), ``04`` (diamonds),
  ``05`` (clubs), each followed by its ranks ``AKQJT98765432`` (68 bytes), then 60 NUL bytes.
* **.dup**: a record of 156 bytes a board: the board's ``.bri`` part (78 bytes), its ``.dge``
  part (68 bytes; blanks in Big Deal's "not on screen" files, read as unknown) and 10 bytes
  that, in the first record, say ``Y``/``N`` (random hands), ``N`` (counting backwards, which is
  refused), the lowest board (3 bytes, left-aligned), the copies (2 bytes) and the highest board
  (3 bytes): ``YN1  0 16 ``. Big Deal and deal-convert write the number of boards where the
  highest board belongs; it is read as that where it cannot be the highest. The other records'
  10 bytes are NUL, or repeat the first's.
* **.dlm** (Dealer4): CRLF text lines, ``[Document]`` then ``Key=value`` lines: ``Status``
  (``Show`` or ``Sealed``), ``Duplicates``, ``From board``, ``To board``, ``Crypto key`` (0; a
  file encrypted with another key is refused) and ``Checksum`` (``Duplicates``, ``From board``
  and ``To board`` XORed, and 1 more XORed for ``Show``; deal-convert's files, which XOR the
  number of boards with ``Show``, are read too); then for each board 1 to 99
  ``Duplicates NN=0`` and ``Board NN=`` with 26 letters and a checksum of 3 digits. Each letter
  is ``a`` plus 4 times the seat (N 0, E 1, S 2, W 3) holding one card plus the seat holding the
  next, the cards in the order SA, SK ... S2, HA ... C2; the checksum is the board number XORed
  with the 26 letters' codes. Boards outside ``From board``-``To board`` are filler.

None of them holds a dealer or a vulnerability: they are Law 2's for the board number.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from bridgescore.boards.deal import RANKS, Deal, Hand
from bridgescore.deals._model import DealtBoard, consecutive
from bridgescore.errors import BridgeError, DealFileError

__all__ = ["BRI", "DGE", "FixedRecords", "read_dlm", "read_dup", "write_dlm", "write_dup"]

_RECORD: Final = 128
_DUP: Final = 156
_BRI: Final = 78
_DGE: Final = 68
_SYMBOLS: Final = b"\x06\x03\x04\x05"
"""The DOS suit symbols, spades first."""
_PADDING: Final = frozenset(b" \x00")
_LETTERS: Final = "abcdefghijklmnop"
_DLM_MOST: Final = 99
_FILLER: Final = "aaaaaabffffffkkkkkklpppppp"
"""The deal Dealer4 files hold for the boards outside the set."""


def _owners(deal: Deal) -> list[int]:
    """The seat (0 North to 3 West) holding each card, SA first and C2 last."""
    owners = [0] * 52
    for seat, hand in enumerate(deal.hands):
        assert hand is not None
        for s, suit in enumerate(hand.suits):
            for rank in suit:
                owners[13 * s + RANKS.index(rank)] = seat
    return owners


def _from_owners(owners: Sequence[int]) -> Deal:
    hands = [
        Hand(*("".join(RANKS[r] for r in range(13) if owners[13 * s + r] == seat)
               for s in range(4)))
        for seat in range(4)
    ]  # fmt: skip
    return Deal((hands[0], hands[1], hands[2], hands[3]))


def _card_numbers(deal: Deal) -> bytes:
    """The ``.bri`` part: North's, East's and South's cards as numbers 01 to 52, in order."""
    out: list[str] = []
    for hand in deal.hands[:3]:
        assert hand is not None
        for s, suit in enumerate(hand.suits):
            out.extend(f"{13 * s + RANKS.index(r) + 1:02d}" for r in suit)
    return "".join(out).encode("ascii")


def _symbols(deal: Deal) -> bytes:
    """The ``.dge`` part: each hand's suits after their DOS symbols."""
    out = bytearray()
    for hand in deal.hands:
        assert hand is not None
        for symbol, suit in zip(_SYMBOLS, hand.suits, strict=True):
            out.append(symbol)
            out += suit.encode("ascii")
    return bytes(out)


def _records(data: bytes, size: int, name: str, source: str) -> list[tuple[int, bytes]]:
    """The file's records of ``size`` bytes, each with its first byte's offset."""
    if not data:
        raise DealFileError(f"an empty file: a {name} file holds a record of {size} bytes a "
                            "board", source=source, byte=0)  # fmt: skip
    if len(data) % size:
        whole = len(data) // size
        raise DealFileError(
            f"the file ends inside board {whole + 1}: a {name} file holds a record of {size} "
            f"bytes a board, and it has {len(data)} bytes",
            source=source,
            board=whole + 1,
            byte=whole * size,
        )
    return [(i, data[i : i + size]) for i in range(0, len(data), size)]


def _check_padding(record: bytes, start: int, offset: int, board: int, source: str) -> None:
    for i in range(start, len(record)):
        if record[i] not in _PADDING:
            raise DealFileError(
                f"byte {record[i]:#04x} where the record has padding (blanks or NUL bytes)",
                source=source,
                board=board,
                byte=offset + i,
                value=record[i],
            )


def _bri_deal(part: bytes, offset: int, board: int, source: str) -> Deal:
    owners = [3] * 52
    seen: dict[int, int] = {}
    for k in range(39):
        digits = part[2 * k : 2 * k + 2]
        at = offset + 2 * k
        if not (digits.isdigit() and 1 <= int(digits) <= 52):
            raise DealFileError(
                f"{digits.decode('latin-1')!r} is not a card: expected two digits 01 (the ace "
                "of spades) to 52 (the two of clubs)",
                source=source, board=board, byte=at, value=digits,
            )  # fmt: skip
        card = int(digits)
        if card in seen:
            raise DealFileError(f"card {card:02d} is dealt twice (first at byte {seen[card]})",
                                source=source, board=board, byte=at, value=card)  # fmt: skip
        seen[card] = at
        owners[card - 1] = k // 13
    return _from_owners(owners)


@dataclass(frozen=True, slots=True)
class FixedRecords:
    """A file of 128-byte records, boards 1, 2 ... in order (``.bri``, ``.dge``; see the
    module's notes): each record's first ``width`` bytes are the deal, the rest padding."""

    ext: str
    width: int
    deal_of: Callable[[bytes, int, int, str], Deal]
    """The deal of a record's first ``width`` bytes (given its offset, board and source)."""
    record_of: Callable[[Deal], bytes]
    """A deal's whole record."""

    def read(self, data: bytes, source: str = "<bytes>") -> tuple[DealtBoard, ...]:
        """The boards of a file.

        :raises DealFileError: naming the board and byte of the first thing not read.
        """
        out = []
        for n, (offset, record) in enumerate(_records(data, _RECORD, self.ext, source), start=1):
            deal = self.deal_of(record[: self.width], offset, n, source)
            _check_padding(record, self.width, offset, n, source)
            out.append(DealtBoard.numbered(n, deal))
        return tuple(out)

    def write(self, boards: Sequence[DealtBoard], target: str = "<bytes>") -> bytes:
        """A file of boards numbered one after another (it holds no numbers).

        :raises DealFileError: for boards it cannot hold (gaps, hands not known).
        """
        consecutive(tuple(boards), self.ext, target, 10**6)
        return b"".join(self.record_of(b.deal) for b in boards)


def _dge_deal(part: bytes, offset: int, board: int, source: str) -> Deal:
    suits: list[str] = []
    at = 0
    for k in range(16):
        if at >= len(part) or part[at] != _SYMBOLS[k % 4]:
            found = f"{part[at]:#04x}" if at < len(part) else "the end of the deal"
            raise DealFileError(
                f"{found} where the suit symbol {_SYMBOLS[k % 4]:#04x} of "
                f"{'NESW'[k // 4]}'s {'SHDC'[k % 4]} belongs",
                source=source, board=board, byte=offset + at,
            )  # fmt: skip
        at += 1
        end = at
        while end < len(part) and part[end] not in _SYMBOLS:
            end += 1
        ranks = part[at:end]
        for i, rank in enumerate(ranks):
            if chr(rank) not in RANKS:
                raise DealFileError(f"{chr(rank)!r} is not a rank: expected AKQJT98765432",
                                    source=source, board=board, byte=offset + at + i,
                                    value=chr(rank))  # fmt: skip
        suits.append(ranks.decode("ascii"))
        at = end
    return _checked(suits, source, board, offset)


def _checked(suits: list[str], source: str, board: int, offset: int) -> Deal:
    try:
        hands = [Hand.parse(".".join(suits[4 * h : 4 * h + 4])) for h in range(4)]
        return Deal((hands[0], hands[1], hands[2], hands[3]))
    except BridgeError as exc:
        raise DealFileError(str(exc), source=source, board=board, byte=offset) from None


BRI: Final = FixedRecords(".bri", _BRI, _bri_deal,
                          lambda deal: _card_numbers(deal) + b" " * 32 + b"\0" * 18)  # fmt: skip
DGE: Final = FixedRecords(".dge", _DGE, _dge_deal, lambda deal: _symbols(deal) + b"\0" * 60)


def _dup_numbers(trailer: bytes, count: int, source: str) -> range:
    """The board numbers the first record's last 10 bytes give."""
    at = _BRI + _DGE
    if trailer[:1] not in (b"Y", b"N"):
        raise DealFileError(f"{trailer[:1]!r} where 'Y' or 'N' (random hands) belongs: the "
                            "first record ends with the set's header", source=source, board=1,
                            byte=at)  # fmt: skip
    if trailer[1:2] != b"N":
        raise DealFileError(f"{trailer[1:2]!r} where 'N' belongs: counting backwards is not "
                            "supported", source=source, board=1, byte=at + 1)  # fmt: skip
    low, high = trailer[2:5].strip(), trailer[7:10].strip()
    for text, where in ((low, 2), (trailer[5:7].strip(), 5), (high, 7)):
        if not text.isdigit():
            raise DealFileError(f"{text!r} where a number belongs in the set's header "
                                f"{trailer.decode('latin-1')!r}", source=source, board=1,
                                byte=at + where)  # fmt: skip
    first, last = int(low), int(high)
    if first < 1 or (last - first + 1 != count and last != count):
        raise DealFileError(
            f"the header says boards {first} to {last}, but the file holds {count}",
            source=source, board=1, byte=at + 2,
        )  # fmt: skip
    return range(first, first + count)


def read_dup(data: bytes, source: str = "<bytes>") -> tuple[DealtBoard, ...]:
    """Read a Duplimate ``.dup`` file (see the module's notes).

    :raises DealFileError: naming the board and byte of the first thing not read.
    """
    records = _records(data, _DUP, ".dup", source)
    header = records[0][1][_BRI + _DGE :]
    numbers = _dup_numbers(header, len(records), source)
    out = []
    for n, (offset, record) in zip(numbers, records, strict=True):
        deal = _bri_deal(record[:_BRI], offset, n, source)
        dge = record[_BRI : _BRI + _DGE]
        if set(dge) - _PADDING and _dge_deal(dge, offset + _BRI, n, source) != deal:
            raise DealFileError("the record's two copies of the deal differ (its .bri part and "
                                "its .dge part)", source=source, board=n,
                                byte=offset + _BRI)  # fmt: skip
        trailer = record[_BRI + _DGE :]
        if offset and trailer not in (header, b"\0" * 10):
            raise DealFileError(f"{trailer!r} where NUL bytes or the set's header belong",
                                source=source, board=n, byte=offset + _BRI + _DGE)  # fmt: skip
        out.append(DealtBoard.numbered(n, deal))
    return tuple(out)


def write_dup(boards: Sequence[DealtBoard], target: str = "<bytes>") -> bytes:
    """Write a Duplimate ``.dup`` file: boards numbered one after another, up to 999.

    :raises DealFileError: for boards it cannot hold (gaps, hands not known, above 999).
    """
    first = consecutive(tuple(boards), ".dup", target, 999)
    last = first + len(boards) - 1
    header = f"YN{first:<3d}0 {last:<3d}".encode("ascii")
    return b"".join(
        _card_numbers(b.deal) + _symbols(b.deal) + (header if i == 0 else b"\0" * 10)
        for i, b in enumerate(boards)
    )


def _dlm_fields(text: str, source: str) -> tuple[dict[str, tuple[str, int]], int]:
    """The ``Key=value`` lines of a ``.dlm`` file, each with its line number, and the number of
    the ``[Document]`` line."""
    fields: dict[str, tuple[str, int]] = {}
    document = 0
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line:
            continue
        if not document:
            if line != "[Document]":
                raise DealFileError(f"{line[:60]!r} where a Dealer4 file starts with "
                                    "'[Document]'", source=source, line=number)  # fmt: skip
            document = number
            continue
        key, equals, value = line.partition("=")
        if not equals:
            raise DealFileError(f"{line[:60]!r} is not a 'Key=value' line", source=source,
                                line=number)  # fmt: skip
        if key.strip() in fields:
            raise DealFileError(f"{key.strip()[:40]!r} is given twice (first on line "
                                f"{fields[key.strip()][1]})", source=source,
                                line=number)  # fmt: skip
        fields[key.strip()] = (value.strip(), number)
    if not document:
        raise DealFileError("an empty file: a Dealer4 file starts with '[Document]'",
                            source=source, line=1)  # fmt: skip
    return fields, document


def _dlm_number(fields: dict[str, tuple[str, int]], key: str, source: str, at: int) -> int:
    if key not in fields:
        raise DealFileError(f"no {key!r} line", source=source, line=at)
    value, line = fields[key]
    if not (value.isdigit() and len(value) < 10):
        raise DealFileError(f"{key} is {value[:20]!r}; expected a number", source=source,
                            line=line)  # fmt: skip
    return int(value)


def read_dlm(data: bytes, source: str = "<bytes>") -> tuple[DealtBoard, ...]:
    """Read a Dealer4 ``.dlm`` file (see the module's notes).

    :raises DealFileError: naming the board and line of the first thing not read, or a
        checksum that does not match.
    """
    fields, document = _dlm_fields(data.removeprefix(b"\xef\xbb\xbf").decode("latin-1"), source)
    status, status_line = fields.get("Status", ("", document))
    if status not in ("Show", "Sealed"):
        raise DealFileError(f"Status is {status[:20]!r}; expected Show or Sealed",
                            source=source, line=status_line)  # fmt: skip
    if fields.get("Crypto key", ("0", 0))[0] != "0":
        value, line = fields["Crypto key"]
        raise DealFileError(f"the file is encrypted (Crypto key={value[:20]}): only files with "
                            "Crypto key=0 are read", source=source, line=line)  # fmt: skip
    first = _dlm_number(fields, "From board", source, document)
    last = _dlm_number(fields, "To board", source, document)
    copies = _dlm_number(fields, "Duplicates", source, document) if "Duplicates" in fields else 0
    checksum = _dlm_number(fields, "Checksum", source, document)
    if not 1 <= first <= last <= _DLM_MOST:
        raise DealFileError(f"boards {first} to {last}: a Dealer4 file holds boards 1 to 99",
                            source=source, line=fields["From board"][1])  # fmt: skip
    show = status == "Show"
    if checksum not in (copies ^ first ^ last ^ show, (last - first + 1) ^ show):
        raise DealFileError(
            f"Checksum is {checksum}; Duplicates, From board, To board (and 1 for Show) XORed "
            f"give {copies ^ first ^ last ^ show}",
            source=source, line=fields["Checksum"][1],
        )  # fmt: skip
    return tuple(_dlm_board(fields, n, source, document) for n in range(first, last + 1))


def _dlm_board(fields: dict[str, tuple[str, int]], n: int, source: str, at: int) -> DealtBoard:
    key = f"Board {n:02d}"
    if key not in fields:
        raise DealFileError(f"no {key!r} line", source=source, board=n, line=at)
    value, line = fields[key]
    letters, digits = value[:26], value[26:]
    bad = next((i for i, c in enumerate(letters) if c not in _LETTERS), None)
    if len(value) != 29 or bad is not None or not digits.isdigit():
        raise DealFileError(
            f"{value[:40]!r}: a board is 26 letters a to p and a checksum of 3 digits",
            source=source, board=n, line=line, value=value[:40],
        )  # fmt: skip
    total = n
    owners: list[int] = []
    for c in letters:
        total ^= ord(c)
        code = ord(c) - ord("a")
        owners += [code // 4, code % 4]
    if total != int(digits):
        raise DealFileError(f"the board's checksum is {digits}; its letters give {total:03d}",
                            source=source, board=n, line=line)  # fmt: skip
    counts = [owners.count(seat) for seat in range(4)]
    if counts != [13] * 4:
        raise DealFileError(f"the hands hold {counts} cards (N, E, S, W); a hand holds 13",
                            source=source, board=n, line=line)  # fmt: skip
    return DealtBoard.numbered(n, _from_owners(owners))


def write_dlm(boards: Sequence[DealtBoard], target: str = "<bytes>") -> bytes:
    """Write a Dealer4 ``.dlm`` file: boards numbered one after another, 1 to 99.

    :raises DealFileError: for boards it cannot hold (gaps, hands not known, above 99).
    """
    first = consecutive(tuple(boards), ".dlm", target, _DLM_MOST)
    last = first + len(boards) - 1
    copies, show = 1, 1  # as deal-convert writes them (Big Deal writes Duplicates=0)
    lines = [
        "[Document]", "Headline=Generated by bridgescore", "Status=Show", f"Duplicates={copies}",
        f"From board={first}", f"To board={last}", "Next board to duplimate=0", "PrintOuts=0",
        "Crypto key=0", f"Checksum={copies ^ first ^ last ^ show}",
    ]  # fmt: skip
    by_number = {b.number: b for b in boards}
    for n in range(1, _DLM_MOST + 1):
        if n in by_number:
            owners = _owners(by_number[n].deal)
            letters = "".join(_LETTERS[4 * owners[2 * i] + owners[2 * i + 1]] for i in range(26))
        else:
            letters = _FILLER
        total = n
        for c in letters:
            total ^= ord(c)
        lines += [f"Duplicates {n:02d}=0", f"Board {n:02d}={letters}{total:03d}"]
    return "".join(line + "\r\n" for line in lines).encode("ascii")

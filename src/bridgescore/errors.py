"""The exceptions bridgescore raises.

Every error the library raises on purpose is a :class:`BridgeError`, so an outer layer (the
CLI, the web app) can catch that one class and show its message. The ones about bad values are
also :class:`ValueError`, so ``except ValueError`` keeps working for callers who think of them
that way. Messages are lower case, quote the offending input with ``!r`` and say what is allowed.

An error about an input also says which input: :attr:`BridgeError.field` is a stable name
(``'contract'``, ``'tricks'``, ``'declarer'``, ``'vulnerability'``, ``'honors'``, ``'board'``,
``'pair'``, ``'by'`` ...) and :attr:`BridgeError.value` the value given, so a form can mark the
field and an API can name it without reading the message:

>>> import bridgescore
>>> try:
...     bridgescore.score("4Z", 8, vulnerable=False)
... except bridgescore.NotationError as exc:
...     print(exc.field, repr(exc.value))
contract '4Z'

An error a player may read also carries a :attr:`BridgeError.code` and its
:attr:`BridgeError.params`: the code names an English template in :data:`MESSAGES` (marked
with :func:`N_` for ``pybabel extract``), so the web app and the CLI can say it in the reader's
language while the core stays standard library only:

>>> try:
...     bridgescore.score("4H", 14, vulnerable=False)
... except bridgescore.InvalidResultError as exc:
...     print(exc.code, exc.params)
tricks_range {'tricks': '14'}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, Final, Self

__all__ = [
    "MESSAGES",
    "N_",
    "BatchError",
    "BridgeError",
    "BwsError",
    "DealFileError",
    "DealingError",
    "EventError",
    "GameStateError",
    "InvalidBoardError",
    "InvalidResultError",
    "LinError",
    "MasterpointError",
    "MissingExtraError",
    "MovementError",
    "NotationError",
    "PbnError",
    "RulesError",
    "SessionError",
    "TeamsFileError",
    "UsebioError",
    "for_field",
]


def N_(message: str) -> str:
    """Mark an English message for translation (``pybabel extract`` finds it); return it as is.

    >>> N_("tricks must be a whole number from 0 to 13, got {tricks}")
    'tricks must be a whole number from 0 to 13, got {tricks}'
    """
    return message


MESSAGES: Final[Mapping[str, str]] = {
    # the kernel's checks of one deal's values (bridgescore.model)
    "tricks_range": N_("tricks must be a whole number from 0 to 13, got {tricks}"),
    "seat_notation": N_("invalid seat: {text!r}; expected N, E, S or W"),
    "strain_notation": N_("invalid strain: {text!r}; expected C, D, H, S or NT (or N, ♣, ♦, ♥, ♠)"),
    "board_number": N_("board number must be a positive integer, got {board!r}"),
    "contract_level": N_("contract level must be 1-7: {text!r}"),
    "contract_notation": N_(
        "invalid contract notation: {text}; expected a level 1-7, a strain C D H S NT (or N ♣ ♦ "
        "♥ ♠) and X or XX if doubled, e.g. '4HX' or '3NT', or 'Pass'"
    ),
    "contract_doubled_twice": N_(
        "doubling written twice in {text!r}; expected a level 1-7, a strain C D H S NT (or N ♣ "
        "♦ ♥ ♠) and X or XX if doubled, e.g. '4HX' or '3NT', or 'Pass'"
    ),
    "result_notation": N_(
        "invalid result notation: {text}; expected a contract such as '4HX', an optional "
        "declarer N E S W and an outcome '=', '+n' or '-n' or the tricks taken, e.g. '4HXS-2', "
        "'3NTN=', '4S+1', '4HX S 8' or 'Pass'"
    ),
    "result_doubled_twice": N_(
        "doubling written twice in {text!r}; expected a contract such as '4HX', an optional "
        "declarer N E S W and an outcome '=', '+n' or '-n' or the tricks taken, e.g. '4HXS-2', "
        "'3NTN=', '4S+1', '4HX S 8' or 'Pass'"
    ),
    "artificial_notation": N_(
        "invalid artificial score {text!r}; expected A+, A or A- (or Ave+ ...)"
    ),
    # a movement's size (bridgescore.duplicate.movement)
    "boards_per_round": N_("boards_per_round must be 1 to {most}, got {got!r}"),
    "mitchell_tables": N_("a Mitchell needs 2 to 30 tables, got {got!r}"),
    "mitchell_rounds": N_("a {tables}-table Mitchell has 1 to {most} rounds, got {got!r}"),
    "mitchell_rounds_skip": N_(
        "a {tables}-table Mitchell has 1 to {most} rounds (a skip Mitchell stops before EW "
        "pairs meet their first opponents again), got {got!r}"
    ),
    "howell_pairs": N_("a Howell needs 4 to 20 pairs (for more, use a Mitchell), got {got!r}"),
    "howell_rounds": N_("a Howell of {pairs} pairs has 1 to {full} rounds, got {got!r}"),
    "howell_rounds_twice": N_(
        "a Howell of {pairs} pairs has 1 to {full} rounds, or {twice} (pairs meet twice), got "
        "{got!r}"
    ),
    "individual_players": N_(
        "an individual movement is for {least} to {most} players, got {got!r}"
    ),
    "individual_rounds": N_(
        "rounds must be 1 to {most} for {players} players (then partnerships would repeat), "
        "got {got!r}"
    ),
    # the director's changes to a session (late pairs, withdrawals, fouled boards, draws)
    "from_round": N_("from_round must be one of rounds 1 to {rounds}, got {got!r}"),
    "late_pair_played": N_(
        "pair {pair} has played already (round {round}); a late pair takes the place of one "
        "that has not"
    ),
    "pair_not_in_movement": N_("no pair {pair!r} in the movement; its pairs are {pairs}"),
    "withdrawn_pair_played": N_(
        "pair {pair} has results in round {round}; delete them before it withdraws from round "
        "{from_round}"
    ),
    "board_not_played": N_("no table plays board {board}"),
    "fouled_versions": N_(
        "board {board} is played at tables {tables}; the versions must share them out, each "
        "table in one, got {got}"
    ),
    "director_who_plays": N_(
        "only the director changes who plays (a late pair, a withdrawal, a fouled board)"
    ),
    "results_would_not_fit": N_(
        "table {table} has results in round {round}, which it would no longer play"
    ),
    "director_draws": N_("only the director draws the rounds and changes them"),
    "round_not_finished": N_(
        "round {needed} is not finished: round {round} is drawn from its standings once every "
        "board of it is in"
    ),
    "round_begun": N_("round {round} has begun (results are in): its draw stays"),
    "carry_over_knockout": N_("only a knockout match has a carry-over"),
    # a weighted score (bridgescore.duplicate.weighted): each ends with the text and the help
    "weighted_weight": N_(
        "invalid weight {weight!r} (a percentage such as 50 or 33.33): {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_total": N_(
        "the weights must add up to exactly 100%, not {total}%: {shown}; expected weighted "
        "results separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_count": N_(
        "a weighted score has 1 to {most} results: {shown}; expected weighted results "
        "separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_at_most": N_(
        "a weighted score has at most {most} results: {shown}; expected weighted results "
        "separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_declarer": N_(
        "{result} needs its declarer (N, E, S or W): {shown}; expected weighted results "
        "separated by commas, each a percentage and a result with its declarer, the "
        "percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_needs_weight": N_(
        "each result needs a weight, as in '50% 4SN=', got {part!r}: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_pairs": N_(
        "expected (weight, result) pairs: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_weight_range": N_(
        "each weight must be a percentage above 0 with at most 2 decimals, got {weight}: "
        "{shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_result_type": N_(
        "each result of a weighted score must be a Result: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_text": N_(
        "a weighted score must be text: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_length": N_(
        "a weighted score is at most {most} characters, got {length}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_result": N_(
        "invalid result {result!r} ({why}): {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    "weighted_score_type": N_(
        "each score of a weighted score must be an integer: {shown}; expected "
        "weighted results separated by commas, each a percentage and a result with its "
        "declarer, the percentages adding up to 100, e.g. '50% 4SN=, 30% 4SN-1, 20% 5HXE-2'"
    ),
    # a session's split scores, shares of boards and strata (bridgescore.duplicate)
    "split_notation": N_("invalid split score {text!r}; expected e.g. 'NS 4SN= / EW 4SN-1'"),
    "share_notation": N_(
        "a share of boards is a percentage (70%), a decimal (0.7) or a fraction (2/3), above 0 "
        "and at most 1, not {text!r}"
    ),
    "share_percent": N_(
        "a share of boards is above 0 and at most 1 (or 100%): write {percent} or {decimal}, "
        "not {text!r}"
    ),
    "result_not_plain": N_("board {board}: {result} is not a plain result of section {section}"),
    "strata_count": N_("strata need 1 to {most} limits, got {limits}"),
    "stratum_limit_number": N_("a stratum's limit is a number, not {limit}"),
    "stratum_limit_above_0": N_("a stratum's limit is above 0, got {limit}"),
    "strata_order": N_("strata limits go down, B's first: got {limits}"),
    "strata_by": N_("a pair is stratified by 'higher' or 'average', not {by}"),
    "holdings_line": N_("{source} line {line}: expected number,holding, got {text!r}"),
    # a movement file in the .ASC standard (bridgescore.duplicate.movement.formats)
    "asc_boards_per_round": N_(
        "an .ASC movement file does not say how many boards a group has: give boards_per_round"
    ),
    "asc_boards_whole": N_("boards_per_round must be a whole number"),
    "asc_boards_range": N_("boards_per_round must be 1 to 36, got {got}"),
    "asc_line_long": N_("line {line}: longer than {most} characters"),
    "asc_items": N_(
        "line {line}: expected {tables} tables of NS pair, EW pair and board group ({items} "
        "items), got {got}: {text!r}"
    ),
    "asc_round_over": N_("line {line}: the header says {rounds} rounds, and this is round {round}"),
    "asc_pair": N_(
        "line {line}, table {table}, {side} pair: expected a pair from 1 to {most} (0 for an "
        "unused table), got {pair!r}"
    ),
    "asc_group": N_(
        "line {line}, table {table}, board group: expected A to {last} or 1 to {groups}, got "
        "{group!r}"
    ),
    "asc_group_letter": N_(
        "line {line}, table {table}, board group: expected A to {last}, got {group!r}"
    ),
    "asc_group_number": N_(
        "line {line}, table {table}, board group: expected 1 to {groups}, got {group!r}"
    ),
    "asc_pair_0": N_("line {line}, table {table}: a pair 0 is an unused table, written 0 0 0"),
    "asc_empty": N_("line 1: a movement file starts with its header; the file is empty"),
    "asc_rounds": N_("the header says {rounds} rounds, and the file has {got}"),
    "asc_header": N_(
        "line {line}: expected the header: contestants, tables, rounds, board groups, 0 (pairs) "
        "or 1 (individual); got {text!r}"
    ),
    "asc_individual": N_(
        "line {line}: an individual movement (header ends in {individual}); only pairs "
        "movements can be read"
    ),
    "asc_header_sizes": N_(
        "line {line}: contestants, tables, rounds and board groups must be from 1 (2 "
        "contestants), got {text!r}"
    ),
    "asc_number": N_("line {line}: a number above {most}"),
    # a club's settings (bridgescore.club)
    "club_language": N_("language {language!r}: expected one of {languages} or none"),
    # a table's entry on a live evening (bridgescore.live)
    "lead_notation": N_("invalid lead {lead!r}; expected a suit and a card, as SK or H7"),
    "entry_no_contract": N_(
        "give the contract (Pass for a passed-out board) or an artificial score"
    ),
    "entry_needs_declarer": N_("{contract} needs its declarer (N, E, S or W) and the tricks taken"),
    "entry_one_score": N_(
        "give one of a result (Pass for a passed-out board), an artificial score, a weighted "
        "score or a split score"
    ),
    "table_not_in_round": N_(
        "no table {table} in round {round} of this night ({tables} tables, {rounds} rounds)"
    ),
    "board_not_at_table": N_(
        "table {table} plays boards {boards} in round {round}, not board {board}"
    ),
    "nothing_missing": N_("no board is missing there"),
    "entry_wrong_pairs": N_(
        "in round {round} table {table} has {ns_label} v {ew_label}, not {ns} v {ew}"
    ),
    "lead_without_contract": N_("a lead goes with a contract played"),
    "board_in_at_both_tables": N_(
        "board {board} is in at both tables of the match (its IMPs are out): the director "
        "changes it now"
    ),
    "token_enters": N_("this is table {table}'s token: it enters only table {table}'s results"),
    "token_changes": N_("this is table {table}'s token: it changes only table {table}'s results"),
    "token_deletes": N_("this is table {table}'s token: it deletes only table {table}'s results"),
    "token_sends": N_("this is table {table}'s token: it sends only table {table}'s results"),
    "closed_change_results": N_("the session is closed: ask the director to change results"),
    "closed_ask_director": N_("the session is closed: ask the director"),
    "director_weighted": N_("only the director gives or changes a weighted score"),
    "director_artificial": N_("only the director gives or changes an artificial score"),
    "director_split": N_("only the director gives or changes a split score"),
    "round_entered": N_(
        "table {table} is in round {entered}: ask the director to change round {round}"
    ),
    "round_not_reached": N_(
        "table {table} has reached round {reached}: it enters board {board} of round {round} "
        "once every board of its rounds before is in"
    ),
    "only_result_of_round": N_(
        "board {board} is table {table}'s only result of round {round}: deleting it would take "
        "the table back to an earlier round; change it, or ask the director"
    ),
    "too_many_requests": N_(
        "table {table} has sent the director {kept} entries for board {board} already: the "
        "director settles them at the table"
    ),
    "nobody_at_table": N_("nobody plays at table {table}"),
    "pair_two_players": N_("a pair is two players, got {count}"),
    "no_such_pair": N_("no pair {pair!r} in this session"),
    "individual_no_substitute": N_(
        "an individual's players are named by their number, not by partnership: {pair}'s "
        "players cannot be changed"
    ),
    "individual_no_min_share": N_(
        "an individual ranks its players: it has no minimum share of boards yet"
    ),
    "individual_no_handicap": N_("an individual ranks its players: it has no handicaps yet"),
    "players_not_at_table": N_(
        "table {table} enters the players of {ns} and {ew} (who sit there in round {round}), "
        "not {pair}'s"
    ),
    "table_past_round": N_(
        "table {table} is past round {round}: the director changes a pair's players"
    ),
    "players_in_already": N_(
        "{pair}'s players are in already: the director changes them (a substitute)"
    ),
    # a live evening's deals, definition and state (bridgescore.live)
    "director_deals": N_("only the director attaches the deals"),
    "director_analysis": N_("only the director stores the double-dummy tables"),
    "deals_none": N_("no deals to attach"),
    "deals_board_not_played": N_(
        "board {board}: this session plays boards {boards}, not board {board}"
    ),
    "deals_board_twice": N_("board {board} is given twice"),
    "deals_law_2": N_(
        "board {board}: dealer {dealer}, {vulnerability} vulnerable; Law 2 has board {board} "
        "dealt by {law_dealer}, {law_vulnerability} vulnerable"
    ),
    "deals_incomplete": N_("board {board}: a hand record needs all four hands, got {deal!r}"),
    "deal_changed": N_("board {board}'s deal has changed since it was solved"),
    "individual_no_late_pair": N_(
        "an individual's players cannot be added or withdrawn yet (its partnerships play one "
        "round each; SCORING.md §26)"
    ),
    "director_min_share": N_("only the director sets the minimum share of boards"),
    "director_handicap": N_("only the director turns handicapped rankings on or off"),
    "team_no_min_share": N_("a team night ranks no pairs: it has no minimum share of boards"),
    "team_no_handicap": N_("a team night ranks no pairs: it has no handicapped rankings"),
    "live_one_section": N_("a live session is one section with its movement"),
    "fouled_table_in_none": N_(
        "board {board} is fouled, its versions played at tables {versions}: table {table} is "
        "in none of them (the director shares the tables out again first)"
    ),
    "team_night_weighted": N_(
        "a team night takes a result or an artificial score, not a weighted score"
    ),
    "team_night_split": N_("a team night takes a result or an artificial score, not a split score"),
    "weighted_work": N_(
        "with this weighted score, scoring the session's weighted scores would take {work} "
        "board scorings (each combination of their results, each time its board is played); "
        "at most {most} are taken in one session"
    ),
    "team_night_no_session": N_("a team night has no session: it is an event"),
    "pairs_evening_no_event": N_("a pairs evening is a session, not an event"),
    "no_such_result": N_("this night has no result {result_id}"),
}
"""The English template of each error code (:attr:`BridgeError.code`); its ``{names}`` are the
error's :attr:`~BridgeError.params`. The outer layers translate the template, then fill it."""


class BridgeError(Exception):
    """Base class of every error bridgescore raises on purpose.

    >>> err = BridgeError("tricks must be 0-13, got 14", field="tricks", value=14)
    >>> str(err), err.field, err.value
    ('tricks must be 0-13, got 14', 'tricks', 14)
    """

    field: str | None
    """The input the error is about (``'contract'``, ``'tricks'`` ...), or None."""
    value: object
    """The value given for that input, as it was given (None if unknown)."""
    code: str | None = None
    """The key of the message's template in :data:`MESSAGES`, or None (English only)."""
    params: Mapping[str, object] = {}
    """The values the template names."""

    def __init__(self, *args: Any, field: str | None = None, value: object = None) -> None:
        super().__init__(*args)
        self.field = field
        self.value = value

    @classmethod
    def coded(
        cls, code: str, *, field: str | None = None, value: object = None, **params: object
    ) -> Self:
        """The error whose message is :data:`MESSAGES` ``[code]`` filled with ``params``.

        >>> err = InvalidResultError.coded("tricks_range", field="tricks", value=14, tricks="14")
        >>> str(err), err.code, err.params
        ('tricks must be a whole number from 0 to 13, got 14', 'tricks_range', {'tricks': '14'})
        """
        err = cls(MESSAGES[code].format(**params), field=field, value=value)
        err.code, err.params = code, params
        return err

    def __reduce__(self) -> tuple[Any, ...]:
        # Keep field and value across pickling (Dask workers, process pools).
        return (_rebuild, (type(self), self.args, self.__dict__))


def _rebuild(cls: type[BridgeError], args: tuple[Any, ...], state: dict[str, Any]) -> BridgeError:
    err = cls.__new__(cls)
    Exception.__init__(err, *args)
    err.__dict__.update(state)
    return err


@contextmanager
def for_field(name: str, value: object = None) -> Iterator[None]:
    """Name the input that errors raised inside the block are about.

    A parser that knows only that it read a seat says ``'seat'``; the caller that gave it the
    declarer says ``'declarer'``: every :class:`BridgeError` leaving the block gets ``name`` as
    its :attr:`~BridgeError.field` (and ``value``, if given, as its value).

    >>> from bridgescore import Seat
    >>> try:
    ...     with for_field("declarer"):
    ...         Seat.parse("Q")
    ... except BridgeError as exc:
    ...     print(exc.field, repr(exc.value))
    declarer 'Q'
    """
    try:
        yield
    except BridgeError as exc:
        exc.field = name
        if value is not None:
            exc.value = value
        raise


class MissingExtraError(BridgeError, ImportError):
    """A part of bridgescore needs an optional dependency this install lacks: the message
    names it and the extra that brings it (``pip install 'bridgescore[web]'``)."""


class NotationError(BridgeError, ValueError):
    """Text that cannot be read as bridge notation, such as ``'4Z'`` or ``'4HXXX'``."""


class InvalidResultError(BridgeError, ValueError):
    """A well-formed but impossible value, such as ``'7NT+1'`` or 14 tricks."""


class InvalidBoardError(BridgeError, ValueError):
    """A board number that is not a positive integer."""


class RulesError(BridgeError, ValueError):
    """An unknown rule set or scoring option, such as ``undertrick_rule='1932'``."""


class GameStateError(BridgeError, ValueError):
    """An action the state of a game does not allow, such as a deal after the rubber is over."""


class SessionError(BridgeError, ValueError):
    """Results that contradict each other or the section, such as a pair at two tables."""


class MovementError(BridgeError, ValueError):
    """A movement that cannot exist, such as a Howell for 30 tables or a board played twice."""


class BatchError(BridgeError, ValueError):
    """A column of deals that cannot be scored (:mod:`bridgescore.batch`, ``bridgescore batch``).

    The message names the first bad row (counted from 0), the column and the value, and says what
    is allowed; :attr:`row` and :attr:`column` hold the first two (None when the whole input is
    wrong, such as columns of different lengths). :attr:`field` is the column.

    >>> str(BatchError("got 14; expected a whole number from 0 to 13", 3, "tricks"))
    "row 3, column 'tricks': got 14; expected a whole number from 0 to 13"
    """

    def __init__(
        self,
        reason: str,
        row: int | None = None,
        column: str | None = None,
        *,
        value: object = None,
    ) -> None:
        super().__init__(reason, row, column, field=column, value=value)
        self.reason = reason
        """What is wrong, without the row and column."""
        self.row = row
        """The first bad row, counted from 0."""
        self.column = column
        """The name of the bad column."""

    def __str__(self) -> str:
        where = [] if self.row is None else [f"row {self.row}"]
        if self.column is not None:
            where.append(f"column {self.column!r}")
        return f"{', '.join(where)}: {self.reason}" if where else self.reason


class PbnError(NotationError):
    """A PBN file that cannot be read (or a session that cannot be written as one).

    The message names the file and the line and quotes the text:
    ``results.pbn, line 12: unterminated tag value: '[Board "1'``. :attr:`field` is the tag or
    column the problem is in, when it is about one (``'Contract'``, ``'Board'``).
    """

    line: int | None
    """The line the problem is on (1 for the first line), if it is about one."""
    source: str
    """The file's name, or ``'<text>'``."""
    reason: str
    """The message without the file and line."""

    def __init__(
        self,
        reason: str,
        *,
        line: int | None = None,
        source: str = "<text>",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.line, self.source, self.reason = line, source, reason
        where = f"{source}, line {line}" if line is not None else source
        super().__init__(f"{where}: {reason}", field=field, value=value)


class TeamsFileError(PbnError):
    """A PBN file of team matches (``HomeTeam``/``VisitTeam``, ``Room "Open"``/``"Closed"``)
    given where a pairs session is read: :func:`bridgescore.pbn.read_matches` reads it, or
    ``bridgescore event score``; it is never scored as pairs."""


class DealFileError(NotationError):
    """A deal file (PBN, or a dealing machine's ``.dup``, ``.dlm``, ``.bri``, ``.dge``) that
    cannot be read, or boards a format cannot hold (:mod:`bridgescore.deals`).

    The message names the file, the board and the byte (counted from 0) or line (from 1)
    where it goes wrong, and quotes what is there:

    >>> str(DealFileError("card 53 is not a card; expected 01 to 52", source="set.bri",
    ...                   board=3, byte=262))
    'set.bri, board 3, byte 262: card 53 is not a card; expected 01 to 52'
    """

    source: str
    """The file's name, or ``'<bytes>'``."""
    board: int | None
    """The board the problem is in, if it is about one."""
    line: int | None
    """The line (1 for the first) of a text format, if known."""
    byte: int | None
    """The offset (0 for the first byte) of a binary format, if known."""
    reason: str
    """The message without the file, board and place."""

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<bytes>",
        board: int | None = None,
        line: int | None = None,
        byte: int | None = None,
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.source, self.board, self.line, self.byte = source, board, line, byte
        self.reason = reason
        where = [source]
        if board is not None:
            where.append(f"board {board}")
        if line is not None:
            where.append(f"line {line}")
        if byte is not None:
            where.append(f"byte {byte}")
        super().__init__(f"{', '.join(where)}: {reason}", field=field, value=value)


class DealingError(BridgeError, ValueError):
    """Boards that cannot be dealt as asked: a seed, commitment or set of boards that does not
    check out (:func:`bridgescore.deals.verify`), a seed too short to keep a set secret, or a
    request :func:`bridgescore.batch.deal_where` cannot meet (a bad count, a predicate that does
    not give one bool a deal, a condition too rare to find enough deals of).

    One class for both: ``except DealingError`` catches either (``bridgescore.batch.DealingError``
    is this class)."""


class EventError(BridgeError, ValueError):
    """A team or Swiss event asked to do what its state does not allow, such as a result for a
    match that was not drawn, or a swap in a round that has started."""


class LinError(NotationError):
    """A BBO LIN file that cannot be read (or a board that cannot be written as one).

    The message names the file, the board and the character offset (counted from 0) and
    quotes the text: ``match.lin, board 3, character 812: bad card 'Z9' in pc|``.
    :attr:`field` is the LIN key the problem is in (``'md'``, ``'pc'``).
    """

    board: int | None
    """The board the problem is in (its number), if known."""
    offset: int | None
    """Where in the text the problem starts (0 for the first character), if known."""
    source: str
    """The file's name, or ``'<text>'``."""
    reason: str
    """The message without the file, board and offset."""

    def __init__(
        self,
        reason: str,
        *,
        board: int | None = None,
        offset: int | None = None,
        source: str = "<text>",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.board, self.offset, self.source, self.reason = board, offset, source, reason
        where = [source]
        if board is not None:
            where.append(f"board {board}")
        if offset is not None:
            where.append(f"character {offset}")
        super().__init__(f"{', '.join(where)}: {reason}", field=field, value=value)


class BwsError(NotationError):
    """A Bridgemate ``.bws`` file (an Access database) that cannot be read.

    The message names the file, then the table and row where the problem is, and quotes the
    value: ``club.bws, ReceivedData ID 12: Contract '9 Z' is not a contract``. :attr:`field`
    is the column (or ``'file'`` for the file as a whole: too large, not a database, too slow).

    >>> str(BwsError("Contract '9 Z' is not a contract", source="club.bws",
    ...              where="ReceivedData ID 12", field="Contract", value="9 Z"))
    "club.bws, ReceivedData ID 12: Contract '9 Z' is not a contract"
    """

    source: str
    """The file's name."""
    where: str
    """The table and row the problem is in (``'ReceivedData ID 12'``), or ``''``."""
    reason: str
    """The message without the file and the row."""

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<file>",
        where: str = "",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.source, self.where, self.reason = source, where, reason
        parts = [source, *([where] if where else [])]
        super().__init__(f"{', '.join(parts)}: {reason}", field=field, value=value)


class UsebioError(NotationError):
    """A USEBIO XML file that cannot be read (or a session that cannot be written as one).

    The message names the file, the line and the element, and quotes the value:
    ``club.xml, line 40, BOARD 3: TRICKS 'x' is not a number``. :attr:`field` is the element
    (or attribute) the problem is in.

    >>> str(UsebioError("TRICKS 'x' is not a number", source="club.xml", line=40,
    ...                 where="BOARD 3", field="TRICKS", value="x"))
    "club.xml, line 40, BOARD 3: TRICKS 'x' is not a number"
    """

    source: str
    """The file's name, or ``'<bytes>'``."""
    line: int | None
    """The line (1 for the first) the element starts on, if known."""
    where: str
    """The element the problem is in (``'BOARD 3, TRAVELLER_LINE 2'``), or ``''``."""
    reason: str
    """The message without the file, line and element."""

    def __init__(
        self,
        reason: str,
        *,
        source: str = "<bytes>",
        line: int | None = None,
        where: str = "",
        field: str | None = None,
        value: object = None,
    ) -> None:
        self.source, self.line, self.where, self.reason = source, line, where, reason
        parts = [source, *([f"line {line}"] if line is not None else [])]
        parts += [where] if where else []
        super().__init__(f"{', '.join(parts)}: {reason}", field=field, value=value)


class MasterpointError(RulesError):
    """A masterpoint scheme or weight that cannot be used (``--masterpoints``), or an award the
    published rules do not give: :attr:`field` is ``'masterpoints'`` (or the input at fault,
    such as ``'sessions'``) and :attr:`value` the value given.

    >>> err = MasterpointError("unknown scheme 'xyz'", field="masterpoints", value="xyz")
    >>> isinstance(err, ValueError), err.field
    (True, 'masterpoints')
    """

"""What rubber and Chicago share: rules from a preset, honors, and a game replayed from its deals.

A home game (:class:`~bridgescore.home.rubber.Rubber`, :class:`~bridgescore.home.chicago.Chicago`)
is its rules plus its list of deals. The deals are the truth: every score is derived from them, so
recording, undoing, changing or ending returns a new game built from the new list, and two
games with the same rules and deals are equal. Rules are a named preset with some options
changed:

>>> from bridgescore.home.rubber import RubberRules
>>> str(RubberRules.preset("laws-1993", honors=False, undertrick_rule=None))
'laws-1993, honors off'

The same bad input raises the same error in both games: :class:`~bridgescore.NotationError`
for text that is not a contract, seat or side, :class:`~bridgescore.InvalidResultError` for an
impossible value (15 tricks, honors of 120, two sides holding honors),
:class:`~bridgescore.RulesError` for honors where the rules score none, and
:class:`~bridgescore.GameStateError` only for what the game's state does not allow (a deal after
the rubber is over, nothing to undo).
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Concatenate,
    Generic,
    ParamSpec,
    Protocol,
    Self,
    TypeAlias,
    TypeVar,
    overload,
)

from bridgescore.errors import (
    GameStateError,
    InvalidResultError,
    NotationError,
    RulesError,
    for_field,
)
from bridgescore.model import PASS_OUT, Contract, NamedEnum, PassOut, Result, Seat, parse_contract
from bridgescore.scoring import (
    ScorePart,
    UndertrickRule,
    check_honors,
    check_undertrick_rule,
    score,
)

__all__ = [
    "Choices",
    "HomeDeal",
    "HomeGame",
    "HomeRules",
    "Honors",
    "Labels",
    "Played",
    "Recorder",
    "Replacer",
    "read_honors",
    "written_parts",
]

S = TypeVar("S", bound=NamedEnum)
"""A side: ``WeThey`` in rubber, ``Side`` in Chicago."""

Honors: TypeAlias = Mapping[S, int] | Mapping[str, int] | Mapping[S | str, int]
"""An honors claim: the side that held them and 100 or 150, ``{"we": 100}``, ``{"NS": 150}``."""

Played: TypeAlias = Contract | PassOut | str
"""A contract as a deal is entered: a :class:`~bridgescore.Contract`, ``PASS_OUT`` or notation."""


def read_honors(
    honors: Mapping[Any, int] | None, parse: Callable[[Any], S]
) -> tuple[S | None, int]:
    """Read an honors claim, a mapping of one side to its points, as (side, points).

    >>> from bridgescore import Side
    >>> read_honors({"ns": 150}, Side.parse), read_honors(None, Side.parse)
    ((Side.NS, 150), (None, 0))

    :raises InvalidResultError: for anything but a mapping, or more than one side.
    :raises NotationError: for a side ``parse`` cannot read.
    """
    if honors is None or (isinstance(honors, Mapping) and not honors):
        return None, 0
    if not isinstance(honors, Mapping):
        raise InvalidResultError.coded("honors_notation", field="honors", value=honors,
                                       got=repr(honors))  # fmt: skip
    if len(honors) > 1:
        raise InvalidResultError.coded("honors_both_sides", field="honors", value=honors,
                                       got=repr(dict(honors)))  # fmt: skip
    ((holder, points),) = honors.items()
    with for_field("honors", holder):
        return parse(holder), points


T = TypeVar("T", bound=NamedEnum)


def _read(kind: type[T], text: object) -> T:
    """A member of ``kind``, or ``kind.parse(text)``."""
    if isinstance(text, kind):
        return text
    if not isinstance(text, str):
        raise NotationError.coded("text_or_kind", value=text, kind=kind.__name__, got=repr(text))
    return getattr(kind, "parse")(text)  # type: ignore[no-any-return]  # noqa: B009


def written_parts(
    contract: Contract | PassOut,
    tricks: int,
    *,
    vulnerable: bool,
    undertrick_rule: UndertrickRule,
    premiums: bool,
) -> list[tuple[bool, int, str, ScorePart]]:
    """A deal's score as a sheet writes it: (to the declaring side, points, part name, part).

    Points are positive; undertricks go to the defenders. The duplicate game and part-score
    premiums are kept only if ``premiums``.

    >>> [part[:3] for part in written_parts(
    ...     Contract.parse("4H"), 9, vulnerable=True, undertrick_rule="modern", premiums=False)]
    [(False, 100, 'undertricks')]
    """
    s = score(contract, tricks, vulnerable=vulnerable, undertrick_rule=undertrick_rule)
    return [
        (p.name != "undertricks", abs(p.points), p.name, p)
        for p in s.parts
        if premiums or p.name not in ("game", "part_score")
    ]


Choices: TypeAlias = Mapping[str, tuple[str, tuple[str, ...]]]
"""Rules options that take one of a few names: option -> (what it is called, allowed names)."""
Labels: TypeAlias = Mapping[str, Callable[[Any], str]]
"""How to say an option's value when it differs from the preset's: option -> function."""


@dataclass(frozen=True, slots=True)
class HomeRules:
    """Base of :class:`~bridgescore.home.rubber.RubberRules` and
    :class:`~bridgescore.home.chicago.ChicagoRules`: the preset's name, the game's own options, then
    the options both games have (keyword-only)."""

    name: str = "default"
    """The preset these rules start from."""
    honors: bool = field(default=False, kw_only=True)
    """Whether honors are scored."""
    undertrick_rule: UndertrickRule = field(default="modern", kw_only=True)
    """The undertrick table."""

    _NOUN: ClassVar[str]
    """The game, as error messages name it."""
    _PRESETS: ClassVar[Mapping[str, Any]]
    """The presets by name, the default first."""
    _CHOICES: ClassVar[Choices] = MappingProxyType({})
    """Text options: what each is called, and its allowed values."""
    _LABELS: ClassVar[Labels] = MappingProxyType({})
    """How :meth:`__str__` says each of the game's own options."""

    def __post_init__(self) -> None:
        for name, (what, allowed) in self._CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise RulesError.coded("rules_choice", field="rules", value=value, what=what,
                                       got=repr(value),
                                       allowed=" or ".join(map(repr, allowed)))  # fmt: skip
        for name, default in self._options().items():
            value = getattr(self, name)
            if isinstance(default, bool) and not isinstance(value, bool):
                raise RulesError.coded("rules_flag", field="rules", value=value, name=name,
                                       got=repr(value))  # fmt: skip
        with for_field("rules", self.undertrick_rule):
            check_undertrick_rule(self.undertrick_rule)

    @classmethod
    def _options(cls) -> dict[str, object]:
        """The options a preset can change, with their defaults: the game's own first."""
        fields = sorted(dataclasses.fields(cls), key=lambda f: f.kw_only is True)
        return {f.name: f.default for f in fields if f.name != "name"}

    @classmethod
    def preset(cls, name: str, **options: object) -> Self:
        """A named preset, with the options given changed (an option given as None is kept).

        :raises RulesError: for an unknown name, option or value.
        """
        rules = cls._PRESETS.get(name) if isinstance(name, str) else None
        if rules is None:
            raise RulesError.coded("rules_preset", field="rules", value=name, game=cls._NOUN,
                                   got=repr(name), presets=", ".join(cls._PRESETS))  # fmt: skip
        return rules._changed(options)  # type: ignore[no-any-return]

    @classmethod
    def of(cls, rules: Self | str, **options: object) -> Self:
        """Accept a rules object or a preset name, with options changed as :meth:`preset` does."""
        if isinstance(rules, cls):
            return rules._changed(options)
        return cls.preset(rules, **options)  # type: ignore[arg-type]

    def _changed(self, options: Mapping[str, object]) -> Self:
        unknown = [name for name in options if name not in self._options()]
        if unknown:
            raise RulesError.coded("rules_option", field="rules", value=unknown[0],
                                   game=self._NOUN, got=repr(unknown[0]),
                                   options=", ".join(self._options()))  # fmt: skip
        changes: dict[str, Any] = {k: v for k, v in options.items() if v is not None}
        return dataclasses.replace(self, **changes) if changes else self

    def to_dict(self) -> dict[str, object]:
        """The rules as JSON-ready data; :meth:`from_dict` reads it back."""
        return {"name": self.name} | {name: getattr(self, name) for name in self._options()}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Self:
        """Rules from :meth:`to_dict`'s data; missing keys keep the preset's values.

        :raises RulesError: for unknown names or values.
        """
        base = cls.preset(str(data.get("name", "default")))
        changes: dict[str, Any] = {
            name: bool(data[name]) if isinstance(default, bool) else data[name]
            for name, default in cls._options().items()
            if name in data
        }
        return dataclasses.replace(base, **changes)

    def __str__(self) -> str:
        """The preset's name and every option that differs from it."""
        base = self._PRESETS.get(self.name)
        labels: dict[str, Callable[[Any], str]] = {
            **self._LABELS,
            "honors": lambda on: "honors on" if on else "honors off",
            "undertrick_rule": lambda rule: f"{rule} undertricks",
        }
        extras = [
            label(getattr(self, name))
            for name, label in labels.items()
            if base is None or getattr(self, name) != getattr(base, name)
        ]
        return ", ".join([self.name, *extras])


class HomeDeal(Generic[S]):
    """Base of :class:`~bridgescore.home.rubber.RubberDeal` and
    :class:`~bridgescore.home.chicago.ChicagoDeal`: frozen dataclasses of a contract, who declared
    it (``by`` or ``declarer``), tricks, the side that held honors and their points."""

    __slots__ = ()

    contract: Contract | PassOut
    tricks: int
    honors_by: S | None
    honors: int

    _BY_OR_DECLARER: ClassVar[str]
    """The name of the field that says who declared: ``by`` (a side) or ``declarer`` (a seat)."""
    _NEEDS: ClassVar[str]
    """What a contract needs that a pass-out has not, as error messages say it."""
    _TEXT: ClassVar[str]
    """The key of the deal's notation in :meth:`to_dict`."""

    if TYPE_CHECKING:

        def __init__(
            self,
            contract: Contract | PassOut,
            by_or_declarer: Any,
            tricks: int,
            honors_by: S | None = None,
            honors: int = 0,
        ) -> None: ...

    _BY_OR_DECLARER_TYPE: ClassVar[type[NamedEnum]]
    """What declares: ``WeThey`` (a side) or ``Seat``."""
    _SIDE_TYPE: ClassVar[type[NamedEnum]]
    """What holds honors: ``WeThey`` or ``Side``."""

    @property
    def _by_or_declarer(self) -> NamedEnum | None:
        return getattr(self, self._BY_OR_DECLARER)  # type: ignore[no-any-return]

    def __post_init__(self) -> None:
        by_or_declarer = self._by_or_declarer
        seat = by_or_declarer if isinstance(by_or_declarer, Seat) else None
        Result(self.contract, seat, self.tricks)  # checks contract, seat and tricks
        if (by_or_declarer is None) != (self.contract is PASS_OUT):
            declarer = self._BY_OR_DECLARER == "declarer"
            if by_or_declarer is None:
                code = "deal_needs_declarer" if declarer else "deal_needs_side"
            else:
                code = "pass_no_declarer" if declarer else "pass_no_side"
            raise InvalidResultError.coded(code, field=self._BY_OR_DECLARER, value=by_or_declarer,
                                           contract=str(self.contract),
                                           got=repr(by_or_declarer))  # fmt: skip
        if (self.honors_by is None) != (self.honors == 0):
            raise InvalidResultError.coded("honors_side_and_points", field="honors",
                                           value=self.honors, side=repr(self.honors_by),
                                           points=repr(self.honors))  # fmt: skip
        if self.honors:
            with for_field("honors", self.honors):
                check_honors(self.contract, self.honors)

    @classmethod
    def _make(
        cls, contract: Played, by_or_declarer: object, tricks: int, honors: Mapping[Any, int] | None
    ) -> Self:
        if isinstance(contract, str):
            contract = parse_contract(contract)
        read = None
        if contract is not PASS_OUT:
            with for_field(cls._BY_OR_DECLARER, by_or_declarer):
                read = _read(cls._BY_OR_DECLARER_TYPE, by_or_declarer or "")
        held: tuple[Any, int] = read_honors(honors, lambda text: _read(cls._SIDE_TYPE, text))
        honors_by, points = held
        return cls(contract, read, tricks, honors_by, points)

    @property
    def result(self) -> Result:
        """The deal as a :class:`~bridgescore.Result` (its declarer is None in rubber)."""
        by_or_declarer = self._by_or_declarer
        return Result(
            self.contract, by_or_declarer if isinstance(by_or_declarer, Seat) else None, self.tricks
        )

    @property
    def made(self) -> bool:
        """Whether the contract was made (False for a pass-out)."""
        return self.result.made

    def to_dict(self, n: int) -> dict[str, object]:
        """The deal as JSON-ready data, numbered ``n``."""
        by_or_declarer = self._by_or_declarer
        return {
            "n": n,
            "contract": str(self.contract),
            self._BY_OR_DECLARER: None if by_or_declarer is None else by_or_declarer.value,
            "tricks": self.tricks,
            "honors": None if self.honors_by is None else {self.honors_by.value: self.honors},
            self._TEXT: str(self),
        }


S_co = TypeVar("S_co", covariant=True)


P = ParamSpec("P")
G = TypeVar("G", bound="HomeGame[Any, Any, Any, Any]")


class Recorder(Generic[P]):
    """A game's ``record``: it takes a deal as the deal class's ``make`` does.

    So the declaring side is ``by`` in a rubber and ``declarer`` in a Chicago, both at run time
    and for a type checker, and each game states its deal's arguments once, in ``make``.
    """

    def __init__(self, make: Callable[P, HomeDeal[Any]], doc: str) -> None:
        self._make = make
        self._doc = doc
        self._signature = inspect.signature(make)

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self._name, self._module = name, owner.__module__
        self._qualname = f"{owner.__qualname__}.{name}"

    def _apply(self, game: G, *args: P.args, **kwargs: P.kwargs) -> G:
        game._check_open()
        return game._rebuild((*game._deals, self._make(*args, **kwargs)))

    @overload
    def __get__(self, game: None, owner: type[G]) -> Callable[Concatenate[G, P], G]: ...
    @overload
    def __get__(self, game: G, owner: type[G] | None = None) -> Callable[P, G]: ...
    def __get__(self, game: G | None, owner: type[G] | None = None) -> Callable[..., G]:
        apply, parameters = self._apply, list(self._signature.parameters.values())
        if game is None:  # the method as its class has it, with ``self``

            def method(*args: Any, **kwargs: Any) -> Any:
                return apply(*args, **kwargs)

            parameters.insert(0, inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY))
        else:

            def method(*args: Any, **kwargs: Any) -> Any:
                return apply(game, *args, **kwargs)

        returns = (owner or type(game)).__name__
        method.__name__, method.__qualname__ = self._name, self._qualname
        method.__module__, method.__doc__ = self._module, self._doc
        method.__signature__ = self._signature.replace(  # type: ignore[attr-defined]
            parameters=parameters, return_annotation=returns
        )
        return method


class Replacer(Recorder[P]):
    """A game's ``replace``: the number of the deal to change, then a deal as for ``record``."""

    def __init__(self, make: Callable[P, HomeDeal[Any]], doc: str) -> None:
        super().__init__(make, doc)
        number = inspect.Parameter("deal_no", inspect.Parameter.POSITIONAL_ONLY, annotation=int)
        parameters = self._signature.parameters.values()
        self._signature = self._signature.replace(parameters=[number, *parameters])

    def _apply(  # type: ignore[override]
        self, game: G, deal_no: int, *args: P.args, **kwargs: P.kwargs
    ) -> G:
        deals = game._deals
        if not isinstance(deal_no, int) or not 1 <= deal_no <= len(deals):
            raise GameStateError.coded("no_deal", field="deal", value=deal_no, deal=repr(deal_no),
                                       game=game._NOUN, count=len(deals))  # fmt: skip
        deal = self._make(*args, **kwargs)
        return game._rebuild((*deals[: deal_no - 1], deal, *deals[deal_no:]), ended=game._ended)

    @overload  # type: ignore[override]
    def __get__(self, game: None, owner: type[G]) -> Callable[Concatenate[G, int, P], G]: ...
    @overload
    def __get__(
        self, game: G, owner: type[G] | None = None
    ) -> Callable[Concatenate[int, P], G]: ...
    def __get__(self, game: G | None, owner: type[G] | None = None) -> Callable[..., G]:
        return super().__get__(game, owner)  # type: ignore[arg-type]


class _Entry(Protocol[S_co]):
    @property
    def side(self) -> S_co: ...
    @property
    def points(self) -> int: ...


D = TypeVar("D", bound=HomeDeal[Any])
R = TypeVar("R", bound=HomeRules)
E = TypeVar("E", bound=_Entry[Any])


class HomeGame(Generic[D, R, E, S]):
    """Base of :class:`~bridgescore.home.rubber.Rubber` and
    :class:`~bridgescore.home.chicago.Chicago`: rules and deals (D), the entries (E) derived from
    them, and totals for each side (S).

    Immutable: every change returns a new game rebuilt from its deals.
    """

    __slots__ = ("_deals", "_ended", "_entries", "_rules")

    _NOUN: ClassVar[str]
    """The game, as error messages name it."""
    _SIDES: ClassVar[Iterable[Any]]
    """The side enum."""

    def __init__(self, rules: R, deals: Iterable[D], *, ended: bool = False) -> None:
        """Replay the deals under the rules.

        :raises RulesError: for honors where the rules have none.
        """
        self._rules = rules
        self._deals = tuple(deals)
        self._ended = ended
        for n, deal in enumerate(self._deals, 1):
            if deal.honors and not rules.honors:
                raise RulesError.coded("honors_not_scored", field="honors", value=deal.honors,
                                       deal=n, rules=str(rules))  # fmt: skip
        self._entries: tuple[E, ...] = self._replay()

    def _replay(self) -> tuple[E, ...]:
        """Work out the game's state from its deals; return every entry in order."""
        raise NotImplementedError

    def _rebuild(self, deals: tuple[D, ...], *, ended: bool = False) -> Self:
        """This game with other deals."""
        raise NotImplementedError

    def _check_open(self) -> None:
        """Raise :class:`GameStateError` if the game takes no more deals."""

    @property
    def rules(self) -> R:
        """The rules that produced every score of this game."""
        return self._rules

    @property
    def deals(self) -> tuple[D, ...]:
        """The deals in the order they were played, pass-outs included."""
        return self._deals

    @property
    def entries(self) -> tuple[E, ...]:
        """Every score written, in order."""
        return self._entries

    @property
    def totals(self) -> dict[S, int]:
        """Each side's total so far."""
        totals: dict[S, int] = dict.fromkeys(self._SIDES, 0)
        for entry in self._entries:
            totals[entry.side] += entry.points
        return totals

    def _ahead(self) -> S | None:
        """The side with more points; None on a tie."""
        totals = self.totals
        best = max(totals.values())
        ahead = [side for side, points in totals.items() if points == best]
        return ahead[0] if len(ahead) == 1 else None

    def undo(self) -> Self:
        """The game without its last deal; a game ended early is reopened instead.

        :raises GameStateError: if there is nothing to undo.
        """
        if self._ended:
            return self._rebuild(self._deals)
        if not self._deals:
            raise GameStateError.coded("no_deal_to_undo")
        return self._rebuild(self._deals[:-1])

    def _end(self) -> Self:
        self._check_open()
        return self._rebuild(self._deals, ended=True)

    def to_dict(self) -> dict[str, object]:
        """The game as JSON-ready data: rules, deals, entries, totals and what the game adds."""
        totals = self.totals
        return {
            "rules": {**self._rules.to_dict(), "description": str(self._rules)},
            "deals": [d.to_dict(n) for n, d in enumerate(self._deals, 1)],
            "entries": [
                {
                    f.name: getattr(e, f.name).value if f.name == "side" else getattr(e, f.name)
                    for f in dataclasses.fields(e)  # type: ignore[arg-type]
                    if f.compare  # not a label's template and values
                }
                for e in self._entries
            ],
            "totals": {side.value: totals[side] for side in self._SIDES},
        }

    def _key(self) -> tuple[object, ...]:
        return (self._rules, self._deals, self._ended)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, HomeGame)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def _summary(self, scores: str) -> str:
        """How far the game has gone and the ``scores``, for :meth:`__repr__`."""
        raise NotImplementedError

    def __repr__(self) -> str:
        scores = " ".join(f"{side.name} {points}" for side, points in self.totals.items())
        return f"<{type(self).__name__} {self._rules}: {self._summary(scores)}>"

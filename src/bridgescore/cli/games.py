"""The home games, kept in the store: ``bridgescore rubber ...`` and ``bridgescore chicago ...``.

Every change is saved in one transaction before the new pad is drawn, so a deal is either
stored whole or not at all.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Literal

import click

from bridgescore.cli._app import ARGS, UNDERTRICK_RULE, cli, reporting, said
from bridgescore.errors import N_, BridgeError
from bridgescore.home import render
from bridgescore.home.chicago import CHICAGO_PRESETS, Chicago, ChicagoDeal, ChicagoRules
from bridgescore.home.rubber import RUBBER_PRESETS, Rubber, RubberDeal, RubberRules, WeThey
from bridgescore.locale import gettext, ngettext
from bridgescore.model import Side
from bridgescore.scoring import UndertrickRule
from bridgescore.storage import Store, StoredGame

__all__ = ["chicago_group", "rubber_group"]

Kind = Literal["rubber", "chicago"]


def _db_option(f: Callable[..., None]) -> Callable[..., None]:
    return click.option(
        "--db",
        "db",
        envvar="BRIDGESCORE_DATABASE_URL",
        metavar="URL",
        help="The database (an SQLAlchemy URL); default: a SQLite file in your data directory.",
    )(f)


@contextmanager
def _store(db: str | None) -> Iterator[Store]:
    with reporting("--db"), Store(db) as store:
        yield store


def _honors(value: str | None) -> dict[str, int] | None:
    """``we:100`` or ``NS:150``."""
    if not value:
        return None
    side, _, points = value.partition(":")
    if not points.strip().isdigit():
        said = gettext("expected SIDE:POINTS such as we:100 or NS:150, got %(value)s")
        raise click.BadParameter(said % {"value": repr(value)}, param_hint="--honors")
    return {side.strip(): int(points)}


@dataclass(frozen=True)
class _Family:
    """What differs between the rubber and the Chicago commands."""

    kind: Kind
    noun: str
    sides: tuple[str, str]
    heading: str
    """``'Rubber %(id)s (version %(version)s)'``: the line above the pad (a message)."""
    other: str
    """What a game of the other kind is refused with (a message naming ``%(id)s``)."""
    none: str
    """What ``list`` says when there is no game yet (a message)."""
    add: str
    """The help of ``add`` (a message)."""

    def parse(self, text: str, honors: dict[str, int] | None) -> RubberDeal | ChicagoDeal:
        return (RubberDeal if self.kind == "rubber" else ChicagoDeal).parse(text, honors=honors)

    def draw(self, stored: StoredGame) -> str:
        names = stored.names
        game = stored.home_game
        if isinstance(game, Rubber):
            we, they = names.get("we", ""), names.get("they", "")
            return render.rubber(game, we=we, they=they, translate=gettext)
        ns, ew = names.get("ns", ""), names.get("ew", "")
        return render.chicago(game, ns=ns, ew=ew, translate=gettext)


RUBBER = _Family(
    "rubber", N_("rubber"), ("we", "they"),
    N_("Rubber %(id)s (version %(version)s)"), N_("%(id)s is a Chicago, not a rubber"),
    N_("No rubber yet: start one with bridgescore rubber new."),
    N_("Record a deal, e.g. '4H we 10', and draw the rubber."),
)  # fmt: skip
CHICAGO = _Family(
    "chicago", "Chicago", ("ns", "ew"),
    N_("Chicago %(id)s (version %(version)s)"), N_("%(id)s is a rubber, not a Chicago"),
    N_("No Chicago yet: start one with bridgescore chicago new."),
    N_("Record a deal, e.g. '4H S 10', and draw the Chicago."),
)  # fmt: skip


def _load(store: Store, family: _Family, game_id: str) -> StoredGame:
    with reporting("ID"):
        stored = store.get(store.resolve(game_id))
        if stored.kind != family.kind:
            raise click.BadParameter(gettext(family.other) % {"id": repr(game_id)})
        return stored


def _show(family: _Family, stored: StoredGame, *, as_json: bool = False) -> None:
    if as_json:
        click.echo(json.dumps(stored.to_dict()))
        return
    click.echo(gettext(family.heading) % {"id": stored.id, "version": stored.version})
    click.echo(family.draw(stored))


def _change(
    family: _Family, db: str | None, game_id: str, how: Callable[[Any], Any], hint: str
) -> None:
    with _store(db) as store:
        stored = _load(store, family, game_id)
        with reporting(hint):
            stored = store.update(stored.id, how)  # on top of any change made meanwhile
        _show(family, stored)


def _commands(group: click.Group, family: _Family) -> None:
    """Add undo, edit, show, list, add and play to a family's group."""

    @group.command("add", context_settings=ARGS)
    @click.argument("game_id", metavar="ID")
    @click.argument("words", nargs=-1, required=True, metavar="DEAL")
    @click.option("--honors", help="Honors held: SIDE:POINTS, e.g. we:100 or NS:150.")
    @_db_option
    def add(game_id: str, words: tuple[str, ...], honors: str | None, db: str | None) -> None:
        deal, held = _parse(family, words, honors)
        _change(family, db, game_id, lambda g: g.record(*deal, honors=held), "DEAL")

    add.help = family.add

    @group.command("undo")
    @click.argument("game_id", metavar="ID")
    @_db_option
    def undo(game_id: str, db: str | None) -> None:
        """Take back the last deal."""
        _change(family, db, game_id, lambda g: g.undo(), "ID")

    @group.command("edit", context_settings=ARGS)
    @click.argument("game_id", metavar="ID")
    @click.argument("number", type=int, metavar="N")
    @click.argument("words", nargs=-1, required=True, metavar="DEAL")
    @click.option("--honors", help="Honors held: SIDE:POINTS.")
    @_db_option
    def edit(
        game_id: str, number: int, words: tuple[str, ...], honors: str | None, db: str | None
    ) -> None:
        """Change deal N; the deals after it are scored again."""
        deal, held = _parse(family, words, honors)
        _change(family, db, game_id, lambda g: g.replace(number, *deal, honors=held), "N")

    @group.command("show")
    @click.argument("game_id", metavar="ID")
    @click.option("--json", "as_json", is_flag=True, help="Print the whole state as JSON.")
    @_db_option
    def show(game_id: str, as_json: bool, db: str | None) -> None:
        """Draw the score and explain every deal."""
        with _store(db) as store:
            stored = _load(store, family, game_id)
        _show(family, stored, as_json=as_json)
        if not as_json and isinstance(stored.game, Rubber):
            click.echo("\n".join(render.explain(stored.game, gettext)))

    @group.command("list")
    @click.option("--json", "as_json", is_flag=True, help="Print JSON.")
    @_db_option
    def list_(as_json: bool, db: str | None) -> None:
        """List the stored games, newest first."""
        with _store(db) as store:
            games = store.list(kind=family.kind)
        if as_json:
            click.echo(json.dumps([_summary(g) for g in games]))
            return
        if not games:
            click.echo(gettext(family.none))
        for g in games:
            click.echo(f"{g.id}  {g.updated_at:%Y-%m-%d %H:%M}  {_said(g)}")

    @group.command("play")
    @click.argument("game_id", required=False, metavar="[ID]")
    @_db_option
    def play(game_id: str | None, db: str | None) -> None:
        """Score deal after deal at the table; the pad is redrawn after each one.

        Type a deal (e.g. '4H we 10', honors as '4H we 10 honors we:100'), or undo, end,
        show, quit.
        """
        with _store(db) as store:
            if game_id is None:
                game: Rubber | Chicago = Rubber() if family.kind == "rubber" else Chicago()
                stored = store.create(game)
            else:
                stored = _load(store, family, game_id)
            _show(family, stored)
            _loop(family, store, stored)


def _loop(family: _Family, store: Store, stored: StoredGame) -> None:
    """The read-score-draw loop of ``play``."""
    while True:
        try:
            line = click.prompt(gettext(family.noun), prompt_suffix=f" {stored.id}> ").strip()
        except click.Abort:
            line = "quit"
        command = line.lower()
        if command in ("quit", "q", "exit"):
            click.echo(gettext("Saved as %(id)s.") % {"id": stored.id})
            return
        try:
            if command == "show":
                _show(family, stored)
                continue
            current = stored.home_game
            if command == "undo":
                game = current.undo()
            elif command == "end" and isinstance(current, Rubber):
                game = current.end()
            else:
                text, _, honors = line.partition(" honors ")
                deal, held = _parse(family, tuple(text.split()), honors or None)
                game = current.record(*deal, honors=held)
            stored = store.save(stored.id, game, expected_version=stored.version)
        except (BridgeError, click.BadParameter) as exc:
            why = said(exc) if isinstance(exc, BridgeError) else str(exc)
            click.echo(gettext("Error: %(error)s") % {"error": why})
            continue
        _show(family, stored)


def _parse(
    family: _Family, words: tuple[str, ...], honors: str | None
) -> tuple[tuple[Any, Any, int], dict[str, int] | None]:
    """The deal typed as (contract, ``by`` or ``declarer``, tricks) and its honors."""
    with reporting("DEAL"):
        deal = family.parse(" ".join(words), _honors(honors))
    held = {deal.honors_by.value: deal.honors} if deal.honors_by else None
    by_or_declarer = deal.by if isinstance(deal, RubberDeal) else deal.declarer
    return (deal.contract, by_or_declarer, deal.tricks), held


def _summary(stored: StoredGame) -> dict[str, Any]:
    game, names = stored.home_game, stored.names
    if isinstance(game, Rubber):
        t = game.totals
        state = "finished" if game.is_finished else f"game {game.game_number}"
        score = f"WE {t[WeThey.WE]} THEY {t[WeThey.THEY]} ({state})"
        label = f"{names.get('we') or 'WE'} v {names.get('they') or 'THEY'}"
    else:
        c = game.totals
        score = f"NS {c[Side.NS]} EW {c[Side.EW]} ({game.played} deals)"
        label = f"{names.get('ns') or 'NS'} v {names.get('ew') or 'EW'}"
    return {
        "id": stored.id,
        "kind": stored.kind,
        "names": label,
        "score": score,
        "version": stored.version,
        "updated_at": stored.updated_at.isoformat(),
    }


def _said(stored: StoredGame) -> str:
    """A stored game's pairs and score as ``list`` says them, in the command's language."""
    game, names = stored.home_game, stored.names
    values: dict[str, object]
    if isinstance(game, Rubber):
        t = game.totals
        we, they = gettext("WE"), gettext("THEY")
        values = {"we": names.get("we") or we, "they": names.get("they") or they}
        values |= {"we_points": t[WeThey.WE], "they_points": t[WeThey.THEY]}
        values["game"] = game.game_number
        if game.is_finished:
            said = gettext("%(we)s v %(they)s  WE %(we_points)s THEY %(they_points)s "
                           "(finished)")  # fmt: skip
        else:
            said = gettext("%(we)s v %(they)s  WE %(we_points)s THEY %(they_points)s "
                           "(game %(game)s)")  # fmt: skip
        return said % values
    c = game.totals
    values = {"ns": names.get("ns") or gettext("NS"), "ew": names.get("ew") or gettext("EW")}
    values |= {"ns_points": c[Side.NS], "ew_points": c[Side.EW], "played": game.played}
    said = ngettext(
        "%(ns)s v %(ew)s  NS %(ns_points)s EW %(ew_points)s (%(played)s deal)",
        "%(ns)s v %(ew)s  NS %(ns_points)s EW %(ew_points)s (%(played)s deals)",
        game.played,
    )
    return said % values


@cli.group("rubber")
def rubber_group() -> None:
    """Keep the score of a rubber: WE | THEY, above and below the line."""


def _rules_option(
    presets: Iterable[str], meaning: str
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The ``--rules`` option of a new game: a preset's name."""
    return click.option(
        "--rules", type=click.Choice(sorted(presets)), default="default", show_default=True,
        help=meaning,
    )  # fmt: skip


@rubber_group.command("new")
@_rules_option(RUBBER_PRESETS, N_("default: the ACBL handout; laws-1993: Law 80."))
@click.option("--honors/--no-honors", default=True, show_default=True, help="Score honors.")
@UNDERTRICK_RULE
@click.option("--we", default="", help="The names of the WE pair.")
@click.option("--they", default="", help="The names of the THEY pair.")
@_db_option
def rubber_new(
    rules: str, honors: bool, undertrick_rule: UndertrickRule, we: str, they: str, db: str | None
) -> None:
    """Start a rubber and print its id."""
    with reporting("--rules"):
        chosen = RubberRules.preset(rules, honors=honors, undertrick_rule=undertrick_rule)
    with _store(db) as store:
        stored = store.create(Rubber(chosen), names={"we": we, "they": they})
    _show(RUBBER, stored)


@cli.group("chicago")
def chicago_group() -> None:
    """Keep the score of a Chicago (four-deal bridge), with its vulnerability cycle."""


@chicago_group.command("new")
@_rules_option(CHICAGO_PRESETS, N_("default: each deal as duplicate; acbl: the ACBL form."))
@click.option("--first-dealer", default="N", show_default=True, help="Who deals first.")
@click.option("--switched", is_flag=True, help="Deals 2 and 3: the dealer's opponents are vul.")
@click.option("--honors", is_flag=True, help="Score honors.")
@click.option("--ns", default="", help="The names of the NS pair.")
@click.option("--ew", default="", help="The names of the EW pair.")
@_db_option
def chicago_new(
    rules: str, first_dealer: str, switched: bool, honors: bool, ns: str, ew: str, db: str | None
) -> None:
    """Start a Chicago and print its id."""
    with reporting("--rules"):
        chosen = ChicagoRules.preset(rules, switched=switched, honors=honors)
    with reporting("--first-dealer"):
        game = Chicago(chosen, first_dealer)
    with _store(db) as store:
        stored = store.create(game, names={"ns": ns, "ew": ew})
    _show(CHICAGO, stored)


@rubber_group.command("end")
@click.argument("game_id", metavar="ID")
@_db_option
def rubber_end(game_id: str, db: str | None) -> None:
    """Stop the rubber here and add the unfinished-rubber premiums."""
    _change(RUBBER, db, game_id, lambda g: g.end(), "ID")


_commands(rubber_group, RUBBER)
_commands(chicago_group, CHICAGO)

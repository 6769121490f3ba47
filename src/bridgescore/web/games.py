"""The rubber pad and Chicago pages, and My games.

Plain HTML forms posted to the server (they work without JavaScript), each answered with a
redirect back to the game (post/redirect/get), so a reload never enters a deal twice. The
browser that creates a game keeps its edit token in a cookie; anyone else with the link sees
the score read-only, or may edit it after opening the edit link.
"""

from __future__ import annotations

from typing import Any, Literal

import segno
from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgescore import BridgeError, Contract, Seat, Strain
from bridgescore.errors import N_
from bridgescore.home import render
from bridgescore.home.chicago import Chicago, ChicagoRules
from bridgescore.home.rubber import Rubber, RubberDeal, RubberRules
from bridgescore.inputs import read_number, read_tricks
from bridgescore.locale import error_text, gettext
from bridgescore.storage import (
    GameNotFoundError,
    HomeGame,
    Store,
    StoredGame,
    VersionConflictError,
)
from bridgescore.web.common import (
    bound_csrf,
    edit_cookie,
    link,
    name_field,
    page,
    remember_edit,
    templates,
)
from bridgescore.web.deps import GameForm, PostedForm, StoreDep, can_edit

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

Kind = Literal["rubber", "chicago"]

RUBBER_RULES = [
    (
        "default",
        N_(
            "The ACBL handout: an unfinished rubber pays 300 for each game won and 50 for "
            "each part score in the unfinished game."
        ),
    ),
    (
        "laws-1993",
        N_(
            "The 1993 Laws (Law 80): 300 only if exactly one game was completed, 100 "
            "only to the one side that alone has a part score."
        ),
    ),
]
CHICAGO_RULES = [
    (
        "default",
        N_("Each deal scored exactly as duplicate (part-score premium 50, nothing carried)."),
    ),
    (
        "acbl",
        N_(
            "ACBL four-deal bridge: part scores carry within the set, 100 for a fourth-deal "
            "part score that does not complete a game."
        ),
    ),
]


def rules_name(rules: object) -> str:
    """A game's rules as a page says them (:func:`~bridgescore.home.render.rules_phrase`): the
    preset's name in the reader's language, the options as the rules write them; the form's
    value and the stored name stay.

    >>> from bridgescore.locale import use
    >>> with use("de"):
    ...     rules_name(ChicagoRules.preset("acbl", switched=True)), rules_name("laws-1993")
    ('ACBL, switched', 'Regeln von 1993')
    """
    return render.say(render.rules_phrase(rules), gettext)


STRAINS = [(s.value, s.symbol if s is not Strain.NOTRUMP else "NT") for s in Strain]


templates.env.filters["rules_name"] = rules_name


_MISSING = {
    "rubber": N_("there is no rubber at this address (%(id)r): check the link, or start one"),
    "chicago": N_("there is no Chicago at this address (%(id)r): check the link, or start one"),
}


def _stored(store: Store, kind: Kind, game_id: str) -> StoredGame:
    try:
        return store.get(game_id, kind=kind)
    except GameNotFoundError:
        raise HTTPException(404, gettext(_MISSING[kind]) % {"id": game_id}) from None


def _url(kind: str, game_id: str) -> str:
    return f"/{kind}/{game_id}"


# New games.


@router.get("/rubber/new", response_class=HTMLResponse)
def new_rubber_page(request: Request) -> Response:
    """The form that starts a rubber."""
    return page(request, "new.html", {"kind": "rubber", "presets": RUBBER_RULES, "errors": {}})


@router.get("/chicago/new", response_class=HTMLResponse)
def new_chicago_page(request: Request) -> Response:
    """The form that starts a Chicago."""
    return page(request, "new.html", {"kind": "chicago", "presets": CHICAGO_RULES, "errors": {}})


@router.post("/rubber/new")
async def new_rubber(request: Request, form: PostedForm, store: StoreDep) -> Response:
    """Start a rubber; this browser keeps its edit token."""
    return await run_in_threadpool(_new_rubber, request, store, form)


def _new_rubber(request: Request, store: Store, form: dict[str, str]) -> Response:
    try:
        rules = RubberRules.preset(form.get("rules", "default"), honors="honors" in form)
        names = {side: name_field(form, side, request) for side in ("we", "they")}
    except BridgeError as exc:
        errors = {exc.field or "": player_words(exc)}
        context = {"kind": "rubber", "presets": RUBBER_RULES, "errors": errors}
        return page(request, "new.html", context, 422)
    return _created(request, store.create(Rubber(rules), names=names))


@router.post("/chicago/new")
async def new_chicago(request: Request, form: PostedForm, store: StoreDep) -> Response:
    """Start a Chicago; this browser keeps its edit token."""
    return await run_in_threadpool(_new_chicago, request, store, form)


def _new_chicago(request: Request, store: Store, form: dict[str, str]) -> Response:
    try:
        rules = ChicagoRules.preset(
            form.get("rules", "default"), switched="switched" in form, honors="honors" in form
        )
        game = Chicago(rules, form.get("first_dealer", "N"))
    except BridgeError as exc:
        context = {
            "kind": "chicago",
            "presets": CHICAGO_RULES,
            "errors": {"rules": error_text(exc)},
        }
        return page(request, "new.html", context, 422)
    try:
        names = {side: name_field(form, side, request) for side in ("ns", "ew")}
    except BridgeError as exc:
        errors = {exc.field or "": error_text(exc)}
        context = {"kind": "chicago", "presets": CHICAGO_RULES, "errors": errors}
        return page(request, "new.html", context, 422)
    return _created(request, store.create(game, names=names))


def _created(request: Request, stored: StoredGame) -> Response:
    response = RedirectResponse(_url(stored.kind, stored.id), status_code=303)
    remember_edit(request, response, stored.id, stored.edit_token or "")
    return response


# A game's page.


def _game_page(
    request: Request,
    store: Store,
    stored: StoredGame,
    *,
    form: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
    notice: str = "",
    status_code: int = 200,
    edit_n: int | None = None,
    confirm_end: bool = False,
) -> Response:
    editing = can_edit(request, stored)
    game = stored.home_game
    n = edit_n if edit_n is not None else _int(request.query_params.get("edit"))
    n = n if n is not None and n <= len(game.deals) else None
    base = link(request, _url(stored.kind, stored.id))
    token = request.cookies.get(edit_cookie(stored.id), "")
    plural = "rubbers" if stored.kind == "rubber" else "chicagos"
    context: dict[str, Any] = {
        "stored": stored,
        "game": game,
        "kind": stored.kind,
        "names": stored.names,
        "can_edit": editing,
        "form": form if form is not None else _defaults(game, n),
        "errors": errors or {},
        "edit_n": n,
        "notice": notice,
        "events": f"/api/{plural}/{stored.id}/events",
        "confirm_end": confirm_end or request.query_params.get("end") == "confirm",
        "view_link": base,
        "edit_link": f"{base}?key={token}" if editing else "",
        "strains": [(value, gettext(label)) for value, label in STRAINS],
        "seats": [s.value for s in Seat],
        "totals": {side.value: points for side, points in game.totals.items()},
    }
    context["qr"] = {"view": _qr(request, base), "edit": _qr(request, context["edit_link"])}
    if editing:
        context["csrf"] = bound_csrf(token, stored.id)
    if isinstance(game, Rubber):
        context["rows"] = render.pad_rows(game)
        said = [render.say(p, gettext) for p in render.status_phrases(game)]
        context["status"] = " ".join(said)
        context["explain"] = [render.say(p, gettext) for p in render.explain_phrases(game)]
        context["vulnerable"] = {side: game.vulnerable(side) for side in ("we", "they")}
        context["evening"] = _evening(request, store, stored) if editing else []
        return page(request, "rubber.html", context, status_code)
    context["set_result"] = _set_result(game)
    return page(request, "chicago.html", context, status_code)


def _qr(request: Request, address: str) -> str:
    """A QR code of a link as inline SVG ("" for no link). A link given as a path is made whole
    with the address this page was asked at: the code is shown only to whoever asked."""
    if not address:
        return ""
    if address.startswith("/"):
        address = str(request.base_url).rstrip("/") + address
    svg: str = segno.make(address, error="m").svg_inline(scale=4, border=2)
    return svg


def _set_result(game: Chicago) -> str:
    """Who won the set of four just completed (said after its fourth deal), else ""."""
    rows = [row for row in game.rows if row.number is not None]
    if not rows or rows[-1] is not game.rows[-1] or (rows[-1].number or 0) % 4:
        return ""
    last = rows[-4:]
    ns, ew = sum(r.ns for r in last), sum(r.ew for r in last)
    first = (rows[-1].number or 4) - 3
    if ns == ew:
        said = gettext("The set (deals {first}-{last}) is a tie: {points} each.")
        return said.format(first=first, last=first + 3, points=ns)
    said = gettext("{side} won the set (deals {first}-{last}) by {margin}: {points} to {other}.")
    side = gettext("NS") if ns > ew else gettext("EW")
    return said.format(
        side=side,
        first=first,
        last=first + 3,
        margin=abs(ns - ew),
        points=max(ns, ew),
        other=min(ns, ew),
    )


def _int(text: str | None) -> int | None:
    """A deal number from the address (``?edit=2``); None for anything else."""
    try:
        return read_number(text or "", "edit") if text else None
    except BridgeError:
        return None


def _defaults(game: HomeGame, n: int | None) -> dict[str, str]:
    """The deal form's values: deal ``n`` when editing it, otherwise a fresh 4-level deal."""
    if n is None:
        return {"level": "4", "strain": "H", "doubling": "", "tricks": "10"}
    deal = game.deals[n - 1]
    form = {"tricks": str(deal.tricks), "level": "Pass", "strain": "H", "doubling": ""}
    if isinstance(deal.contract, Contract):
        form["level"] = str(deal.contract.level)
        form["strain"] = deal.contract.strain.value
        form["doubling"] = deal.contract.doubling.value
    if deal.honors_by is not None:
        form["honors"] = f"{deal.honors_by.value}:{deal.honors}"
    if isinstance(deal, RubberDeal):
        form["by"] = deal.by.value if deal.by else ""
    else:
        form["declarer"] = deal.declarer.value if deal.declarer else ""
    return form


@router.get("/rubber/{game_id}", response_class=HTMLResponse, name="rubber_page")
def rubber_page(request: Request, game_id: str, store: StoreDep, key: str = "") -> Response:
    """The pad."""
    return _show(request, store, "rubber", game_id, key)


@router.get("/chicago/{game_id}", response_class=HTMLResponse, name="chicago_page")
def chicago_page(request: Request, game_id: str, store: StoreDep, key: str = "") -> Response:
    """The sheet."""
    return _show(request, store, "chicago", game_id, key)


def _show(request: Request, store: Store, kind: Kind, game_id: str, key: str) -> Response:
    stored = _stored(store, kind, game_id)
    if key:  # an edit link: keep the token in a cookie, then drop it from the address
        if not store.check_token(game_id, key):
            return _game_page(
                request, store, stored, notice="That edit link is not valid.", status_code=403
            )
        response = RedirectResponse(_url(kind, game_id), status_code=303)
        remember_edit(request, response, game_id, key)
        return response
    return _game_page(request, store, stored)


# Changes.


def _deal_args(kind: Kind, form: dict[str, str]) -> tuple[tuple[str, str | None, int], Any]:
    """The posted deal as (contract, ``by`` or ``declarer``, tricks) and honors."""
    level = form.get("level", "")
    if level.lower() == "pass":
        return ("Pass", None, 0), None
    contract = f"{level}{form.get('strain', '')}{form.get('doubling', '')}"
    tricks = read_tricks(form.get("tricks", ""))
    honors = None
    if form.get("honors"):
        side, _, points = form["honors"].partition(":")
        honors = {side: read_number(points, "honors", low=0, high=150)}
    by_or_declarer = form.get("by" if kind == "rubber" else "declarer") or None
    return (contract, by_or_declarer, tricks), honors


_FIELDS = ("level", "strain", "by", "declarer", "tricks", "honors")


def _field(exc: BridgeError) -> str:
    """Which field of the deal form an error belongs next to: the one it names (its
    ``field``), else the top of the form.

    >>> _field(BridgeError("no", field="tricks")), _field(BridgeError("no", field="contract"))
    ('tricks', 'deal')
    """
    return exc.field if exc.field in _FIELDS else "deal"


def player_words(exc: BridgeError) -> str:
    """An error of the deal form in words for a player at the table.

    >>> player_words(BridgeError("invalid side: ''; expected 'we' or 'they'", field="by"))
    'Choose who played the contract: WE or THEY.'
    >>> player_words(BridgeError("honors at notrump are 150, not 100", field="honors"))
    'Honors at notrump are 150, not 100.'
    """
    message = error_text(exc)
    if exc.field == "by":
        return "Choose who played the contract: WE or THEY."
    if exc.field == "declarer":
        return "Choose the declarer: N, E, S or W."
    if exc.field == "tricks":
        return f"Choose the tricks declarer took: 0 to 13 ({message})."
    if exc.field == "honors" and message.startswith("invalid side"):
        return "Choose whose honors they were from the list."
    if exc.field == "contract":
        return f"Choose the level and the suit of the contract ({message})."
    message = message[:1].upper() + message[1:]
    return message if message.endswith(".") else message + "."


async def _change(
    request: Request, store: Store, form: dict[str, str], kind: Kind, game_id: str, how: str,
    n: int = 0,
) -> Response:  # fmt: skip
    return await run_in_threadpool(_apply, request, store, kind, game_id, how, n, form)


def _apply(
    request: Request,
    store: Store,
    kind: Kind,
    game_id: str,
    how: str,
    n: int,
    form: dict[str, str],
) -> Response:
    stored = _stored(store, kind, game_id)
    if not can_edit(request, stored):
        return _game_page(
            request,
            store,
            stored,
            notice="Only a browser with the edit link can change this game.",
            status_code=403,
        )
    game: Any = stored.home_game
    edit_n = n if how == "edit" else None
    if how == "end" and form.get("confirm") != "yes":  # one tap must not end a rubber
        return _game_page(request, store, stored, confirm_end=True)
    try:
        sent = form.get("version", "")
        version = read_number(sent, "version", high=10**9) if sent else None
        if version is not None and version != stored.version:
            raise VersionConflictError.coded("changed_elsewhere")
        if how == "add":
            deal, honors = _deal_args(kind, form)
            game = game.record(*deal, honors=honors)
        elif how == "edit":
            deal, honors = _deal_args(kind, form)
            game = game.replace(n, *deal, honors=honors)
        elif how == "undo":
            game = game.undo()
        else:
            game = game.end()
        store.save(game_id, game, expected_version=stored.version)
    except VersionConflictError:
        fresh = _stored(store, kind, game_id)
        entry = how in ("add", "edit")
        again = " Your entry is still in the form: check it and save it again." if entry else ""
        return _game_page(
            request,
            store,
            fresh,
            form=form if entry else None,
            notice="Not saved: this game was changed on another phone meanwhile (shown here "
            f"as it is now).{again}",
            status_code=409,
            edit_n=edit_n,
        )
    except BridgeError as exc:
        errors = {_field(exc): player_words(exc)}
        return _game_page(
            request, store, stored, form=form, errors=errors, status_code=422, edit_n=edit_n
        )
    return RedirectResponse(_url(kind, game_id), status_code=303)


def _deal_routes(kind: Kind) -> None:
    """The form posts that record, change and take back a deal of a rubber or a Chicago."""

    @router.post(f"/{kind}/{{game_id}}/deals", name=f"{kind}_add")
    async def add(request: Request, game_id: str, form: GameForm, store: StoreDep) -> Response:
        """Record a deal."""
        return await _change(request, store, form, kind, game_id, "add")

    @router.post(f"/{kind}/{{game_id}}/deals/{{n}}", name=f"{kind}_edit")
    async def edit(
        request: Request, game_id: str, n: int, form: GameForm, store: StoreDep
    ) -> Response:
        """Change deal ``n``."""
        return await _change(request, store, form, kind, game_id, "edit", n)

    @router.post(f"/{kind}/{{game_id}}/undo", name=f"{kind}_undo")
    async def undo(request: Request, game_id: str, form: GameForm, store: StoreDep) -> Response:
        """Take back the last deal."""
        return await _change(request, store, form, kind, game_id, "undo")


_deal_routes("rubber")
_deal_routes("chicago")


@router.post("/rubber/{game_id}/end")
async def rubber_end(request: Request, game_id: str, form: GameForm, store: StoreDep) -> Response:
    """End the rubber early."""
    return await _change(request, store, form, "rubber", game_id, "end")


@router.post("/rubber/{game_id}/next")
async def rubber_next(request: Request, game_id: str, form: GameForm, store: StoreDep) -> Response:
    """Start the next rubber of the evening: the same players and rules."""
    return await run_in_threadpool(_next_rubber, request, store, game_id)


def _next_rubber(request: Request, store: Store, game_id: str) -> Response:
    stored = _stored(store, "rubber", game_id)
    if not can_edit(request, stored):
        notice = "Only a browser with the edit link can start the next rubber."
        return _game_page(request, store, stored, notice=notice, status_code=403)
    game: Rubber = stored.home_game  # type: ignore[assignment]
    response = _created(request, store.create(Rubber(game.rules), names=stored.names))
    new_id = response.headers["location"].rsplit("/", 1)[1]
    response.set_cookie(  # the evening's chain, kept by the browser that scores it
        _PREVIOUS + new_id, game_id, max_age=2 * 24 * 3600, httponly=True, samesite="lax"
    )
    return response


_PREVIOUS = "bs_prev_"


def _evening(request: Request, store: Store, stored: StoredGame) -> list[dict[str, Any]]:
    """The evening's rubbers up to this one (oldest first) with each one's points and the
    running settle-up (WE minus THEY); [] for a rubber that starts no evening and follows none."""
    chain = [stored]
    seen = {stored.id}
    while (previous := request.cookies.get(_PREVIOUS + chain[-1].id)) and len(chain) < 50:
        if previous in seen:
            break
        try:
            before = store.get(previous, kind="rubber")
        except GameNotFoundError:
            break
        seen.add(previous)
        chain.append(before)
    if len(chain) == 1:
        return []
    rows, running = [], 0
    for n, game in enumerate(reversed(chain), 1):
        rubber = game.home_game
        assert isinstance(rubber, Rubber)  # only rubbers are followed
        totals = {side.value: points for side, points in rubber.totals.items()}
        running += totals["we"] - totals["they"]
        rows.append({"n": n, "id": game.id, "we": totals["we"], "they": totals["they"],
                     "finished": rubber.is_finished, "running": running})  # fmt: skip
    return rows


# My games.


@router.get("/games", response_class=HTMLResponse)
def my_games(request: Request, store: StoreDep) -> Response:
    """The games this browser created (or opened with an edit link), newest first."""
    prefix = edit_cookie("")
    ids = [name[len(prefix) :] for name in request.cookies if name.startswith(prefix)]
    games = [g for g in store.list(ids=ids)
             if store.check_token(g.id, request.cookies[edit_cookie(g.id)])]  # fmt: skip
    return page(request, "games.html", {"games": games, "Rubber": Rubber})

"""The rubber pad and Chicago pages, and My games.

Plain HTML forms posted to the server (they work without JavaScript), each answered with a
redirect back to the game (post/redirect/get), so a reload never enters a deal twice. The
browser that creates a game keeps its edit token in a cookie; anyone else with the link sees
the score read-only, or may edit it after opening the edit link.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.concurrency import run_in_threadpool

from bridgescore import BridgeError, Contract, Seat, Strain, render
from bridgescore.chicago import Chicago, ChicagoRules
from bridgescore.inputs import read_number, read_tricks
from bridgescore.rubber import Rubber, RubberDeal, RubberRules
from bridgescore.storage import GameNotFoundError, HomeGame, StoredGame, VersionConflictError
from bridgescore.web.common import (
    can_edit,
    check_csrf,
    edit_cookie,
    link,
    name_field,
    page,
    remember_edit,
    store,
)

__all__ = ["router"]

router = APIRouter(include_in_schema=False)

Kind = Literal["rubber", "chicago"]

RUBBER_RULES = [
    (
        "default",
        "The ACBL handout: an unfinished rubber pays 300 for each game won and 50 for "
        "each part score in the unfinished game.",
    ),
    (
        "laws-1993",
        "The 1993 Laws (Law 80): 300 only if exactly one game was completed, 100 "
        "only to the one side that alone has a part score.",
    ),
]
CHICAGO_RULES = [
    ("default", "Each deal scored exactly as duplicate (part-score premium 50, nothing carried)."),
    (
        "acbl",
        "ACBL four-deal bridge: part scores carry within the set, 100 for a fourth-deal "
        "part score that does not complete a game.",
    ),
]
STRAINS = [(s.value, s.symbol if s is not Strain.NOTRUMP else "NT") for s in Strain]


def _stored(request: Request, kind: Kind, game_id: str) -> StoredGame:
    try:
        stored = store(request).get(game_id)
    except GameNotFoundError:
        stored = None
    if stored is None or stored.kind != kind:
        raise HTTPException(404, f"there is no {kind} with id {game_id!r}")
    return stored


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
async def new_rubber(request: Request) -> Response:
    """Start a rubber; this browser keeps its edit token."""
    return await run_in_threadpool(_new_rubber, request, await check_csrf(request))


def _new_rubber(request: Request, form: dict[str, str]) -> Response:
    try:
        rules = RubberRules.preset(form.get("rules", "default"), honors="honors" in form)
        names = {side: name_field(form, side, request) for side in ("we", "they")}
    except BridgeError as exc:
        errors = {exc.field or "": str(exc)}
        context = {"kind": "rubber", "presets": RUBBER_RULES, "errors": errors}
        return page(request, "new.html", context, 422)
    return _created(request, store(request).create(Rubber(rules), names=names))


@router.post("/chicago/new")
async def new_chicago(request: Request) -> Response:
    """Start a Chicago; this browser keeps its edit token."""
    return await run_in_threadpool(_new_chicago, request, await check_csrf(request))


def _new_chicago(request: Request, form: dict[str, str]) -> Response:
    try:
        rules = ChicagoRules.preset(
            form.get("rules", "default"), switched="switched" in form, honors="honors" in form
        )
        game = Chicago(rules, form.get("first_dealer", "N"))
    except BridgeError as exc:
        context = {"kind": "chicago", "presets": CHICAGO_RULES, "errors": {"rules": str(exc)}}
        return page(request, "new.html", context, 422)
    try:
        names = {side: name_field(form, side, request) for side in ("ns", "ew")}
    except BridgeError as exc:
        errors = {exc.field or "": str(exc)}
        context = {"kind": "chicago", "presets": CHICAGO_RULES, "errors": errors}
        return page(request, "new.html", context, 422)
    return _created(request, store(request).create(game, names=names))


def _created(request: Request, stored: StoredGame) -> Response:
    response = RedirectResponse(_url(stored.kind, stored.id), status_code=303)
    remember_edit(request, response, stored.id, stored.edit_token or "")
    return response


# A game's page.


def _game_page(
    request: Request,
    stored: StoredGame,
    *,
    form: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
    notice: str = "",
    status_code: int = 200,
) -> Response:
    editing = can_edit(request, stored)
    game = stored.home_game
    n = _int(request.query_params.get("edit"))
    n = n if n is not None and n <= len(game.deals) else None
    base = link(request, _url(stored.kind, stored.id))
    token = request.cookies.get(edit_cookie(stored.id), "")
    context: dict[str, Any] = {
        "stored": stored,
        "game": game,
        "kind": stored.kind,
        "names": stored.names,
        "can_edit": editing,
        "form": form if form is not None else _defaults(game, n),
        "errors": errors or {},
        "edit_n": n if form is None else _int(request.query_params.get("edit")),
        "notice": notice,
        "view_link": base,
        "edit_link": f"{base}?key={token}" if editing else "",
        "strains": STRAINS,
        "seats": [s.value for s in Seat],
        "totals": {side.value: points for side, points in game.totals.items()},
    }
    if isinstance(game, Rubber):
        context["rows"] = render.pad_rows(game)
        context["status"] = render.rubber_status(game)
        context["explain"] = render.explain(game)
        return page(request, "rubber.html", context, status_code)
    return page(request, "chicago.html", context, status_code)


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
def rubber_page(request: Request, game_id: str, key: str = "") -> Response:
    """The pad."""
    return _show(request, "rubber", game_id, key)


@router.get("/chicago/{game_id}", response_class=HTMLResponse, name="chicago_page")
def chicago_page(request: Request, game_id: str, key: str = "") -> Response:
    """The sheet."""
    return _show(request, "chicago", game_id, key)


def _show(request: Request, kind: Kind, game_id: str, key: str) -> Response:
    stored = _stored(request, kind, game_id)
    if key:  # an edit link: keep the token in a cookie, then drop it from the address
        if not store(request).check_token(game_id, key):
            return _game_page(
                request, stored, notice="That edit link is not valid.", status_code=403
            )
        response = RedirectResponse(_url(kind, game_id), status_code=303)
        remember_edit(request, response, game_id, key)
        return response
    return _game_page(request, stored)


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


def _field(exc: BridgeError) -> str:
    """Which field of the deal form an error belongs next to: the one it names (a contract's
    error goes by its level, a seat's by the declarer), else the form's top."""
    names = {"contract": "level", "level": "level", "strain": "strain", "tricks": "tricks",
             "honors": "honors", "by": "by", "side": "by", "declarer": "declarer",
             "seat": "declarer"}  # fmt: skip
    return names.get(exc.field or "", "deal")


async def _change(request: Request, kind: Kind, game_id: str, how: str, n: int = 0) -> Response:
    form = await check_csrf(request)
    return await run_in_threadpool(_apply, request, kind, game_id, how, n, form)


def _apply(
    request: Request, kind: Kind, game_id: str, how: str, n: int, form: dict[str, str]
) -> Response:
    stored = _stored(request, kind, game_id)
    if not can_edit(request, stored):
        return _game_page(
            request,
            stored,
            notice="Only a browser with the edit link can change this game.",
            status_code=403,
        )
    game: Any = stored.home_game
    try:
        sent = form.get("version", "")
        version = read_number(sent, "version", high=10**9) if sent else None
        if version is not None and version != stored.version:
            raise VersionConflictError("changed elsewhere")
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
        store(request).save(game_id, game, expected_version=stored.version)
    except VersionConflictError:
        fresh = _stored(request, kind, game_id)
        return _game_page(
            request,
            fresh,
            notice="This game was changed on another device "
            "meanwhile; here it is now. Enter your change again if it is still "
            "needed.",
            status_code=409,
        )
    except BridgeError as exc:
        errors = {_field(exc): str(exc)}
        return _game_page(request, stored, form=form, errors=errors, status_code=422)
    return RedirectResponse(_url(kind, game_id), status_code=303)


@router.post("/rubber/{game_id}/deals")
async def rubber_add(request: Request, game_id: str) -> Response:
    """Record a deal."""
    return await _change(request, "rubber", game_id, "add")


@router.post("/rubber/{game_id}/deals/{n}")
async def rubber_edit(request: Request, game_id: str, n: int) -> Response:
    """Change deal ``n``."""
    return await _change(request, "rubber", game_id, "edit", n)


@router.post("/rubber/{game_id}/undo")
async def rubber_undo(request: Request, game_id: str) -> Response:
    """Take back the last deal."""
    return await _change(request, "rubber", game_id, "undo")


@router.post("/rubber/{game_id}/end")
async def rubber_end(request: Request, game_id: str) -> Response:
    """End the rubber early."""
    return await _change(request, "rubber", game_id, "end")


@router.post("/chicago/{game_id}/deals")
async def chicago_add(request: Request, game_id: str) -> Response:
    """Record a deal."""
    return await _change(request, "chicago", game_id, "add")


@router.post("/chicago/{game_id}/deals/{n}")
async def chicago_edit(request: Request, game_id: str, n: int) -> Response:
    """Change deal ``n``."""
    return await _change(request, "chicago", game_id, "edit", n)


@router.post("/chicago/{game_id}/undo")
async def chicago_undo(request: Request, game_id: str) -> Response:
    """Take back the last deal."""
    return await _change(request, "chicago", game_id, "undo")


# My games.


@router.get("/games", response_class=HTMLResponse)
def my_games(request: Request) -> Response:
    """The games this browser created (or opened with an edit link), newest first."""
    prefix = edit_cookie("")
    ids = [name[len(prefix) :] for name in request.cookies if name.startswith(prefix)]
    s = store(request)
    games = [g for g in s.list(ids=ids) if s.check_token(g.id, request.cookies[edit_cookie(g.id)])]
    return page(request, "games.html", {"games": games, "Rubber": Rubber})

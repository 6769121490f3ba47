"""The JSON API: ``/api/score``, ``/api/rubbers`` and ``/api/chicagos``.

Reads are open to anyone with a game's id. Writes need ``Authorization: Bearer <edit_token>``
(the token is returned once, when the game is created). A write may carry
``If-Match: <version>``: if the game has changed since, it is refused with 409, so two phones
scoring one rubber never overwrite each other. A write without it applies to the game as it is
then, after any write before it: concurrent appends all land, one after the other. Bad input
gets 422 with the core's message; a database that is busy or down gets 503.
"""

from __future__ import annotations

import hmac
from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Header, HTTPException, Request, Response
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, Field

from bridgescore import score_request
from bridgescore.home.chicago import Chicago, ChicagoRules
from bridgescore.home.rubber import Rubber, RubberRules
from bridgescore.inputs import check_name
from bridgescore.locale import gettext
from bridgescore.storage import (
    Game,
    GameNotFoundError,
    HomeGame,
    StoredGame,
    VersionConflictError,
)
from bridgescore.web.deps import LimitsDep, StoreDep, TokenDep
from bridgescore.web.problems import Responses, problem, refused
from bridgescore.web.settings import Limits
from bridgescore.web.streams import event_stream

__all__ = ["router"]


router = APIRouter(
    prefix="/api",
    tags=["api"],
    responses={
        400: problem("The body is not JSON."),
        413: problem("The body is larger than the limit (100,000 bytes by default)."),
    },
)
_READ: Responses = refused(GameNotFoundError, "There is no such game.")
_WRITE: Responses = {
    **_READ,
    403: problem("No edit token for this game: send `Authorization: Bearer <edit_token>`."),
    **refused(VersionConflictError, "The game has changed since the version sent in `If-Match`."),
}

Rule = Literal["modern", "pre-1987"]


class ScoreRequest(BaseModel):
    """A deal to score, as :func:`bridgescore.score_request` takes it: a ``result`` (notation
    such as ``4HXS-2``) or a ``contract`` with the ``tricks`` taken (and the ``declarer``), then
    at most one of ``vulnerable`` (the declaring side's), ``vulnerability`` (the board's: None,
    NS, EW or All) and ``board`` (its number)."""

    result: str | None = Field(None, max_length=100, examples=["4HXS-2"])
    contract: str | None = Field(None, max_length=100, examples=["4HX"])
    tricks: int | None = Field(None, examples=[8])
    declarer: str | None = Field(None, max_length=10, examples=["S"])
    vulnerable: bool | None = Field(None, examples=[True])
    vulnerability: str | None = Field(None, max_length=10, examples=["NS"])
    board: int | None = Field(None, examples=[7])
    undertrick_rule: Rule = "modern"


class Part(BaseModel):
    """One part of a score."""

    name: str = Field(examples=["undertricks"])
    label: str = Field(examples=["Undertricks: 2 down, doubled, vulnerable (200 + 300)"])
    points: int = Field(examples=[-500])


class ScoreAnswer(BaseModel):
    """A score: the total from the declaring side's view and every part it is made of."""

    contract: str = Field(examples=["4HX"])
    tricks: int = Field(examples=[8])
    vulnerable: bool
    total: int = Field(examples=[-500])
    parts: list[Part]
    undertrick_rule: Rule
    declarer: str | None = None
    result: str | None = None
    ns_total: int | None = None
    vulnerability: str | None = None


@router.post("/score", response_model=ScoreAnswer)
async def score_deal(body: ScoreRequest) -> JSONResponse:
    """Score one deal; the answer is the shape of ``bridgescore score --json``."""
    return JSONResponse(score_request(**body.model_dump()).to_dict())


class NewRubber(BaseModel):
    """A new rubber: the rules preset, options, and the names of the pairs."""

    rules: str = Field("default", examples=["default", "laws-1993"])
    honors: bool | None = None
    undertrick_rule: Rule | None = None
    we: str = Field("", examples=["Ann & Bob"])
    they: str = Field("", examples=["Cy & Di"])


class NewChicago(BaseModel):
    """A new Chicago: the rules preset, options, the first dealer and the names of the pairs."""

    rules: str = Field("default", examples=["default", "acbl"])
    first_dealer: str = "N"
    switched: bool = False
    honors: bool = False
    ns: str = Field("", examples=["Ann & Bob"])
    ew: str = Field("", examples=["Cy & Di"])


class DealIn(BaseModel):
    """A deal: the contract (or ``Pass``), who declared it, the tricks taken and honors held.

    A rubber deal names the declaring side in ``by`` (``we``/``they``; honors ``{"we": 100}``);
    a Chicago deal names the declarer's seat in ``declarer`` (N E S W; honors ``{"NS": 100}``).
    """

    contract: str = Field(examples=["4H"])
    by: str | None = Field(None, examples=["we"])
    declarer: str | None = Field(None, examples=["S"])
    tricks: int = Field(0, examples=[10])
    honors: dict[str, int] | None = None


def _names(limits: Limits, **names: str) -> dict[str, str]:
    """The players' names, each checked: one line, at most ``Limits.name`` characters."""
    longest = limits.name
    return {key: check_name(name.strip(), key, longest=longest) for key, name in names.items()}


def _created(stored: StoredGame) -> JSONResponse:
    data = {**stored.to_dict(), "edit_token": stored.edit_token}
    return JSONResponse(data, status_code=201, headers={"ETag": f'"{stored.version}"'})


def _state(stored: StoredGame, response: Response) -> dict[str, Any]:
    response.headers["ETag"] = f'"{stored.version}"'
    return stored.to_dict()


IfMatch = Annotated[str | None, Header(description="The version you last read")]


class Writer:
    """A write's credentials, from the request: the game, its edit token and its ``If-Match``.

    Calling it with the game's kind and a change checks the token (and the version, with
    If-Match), then applies the change to the stored game and saves it, both under the game's
    lock (:meth:`~bridgescore.storage.Store.update`); the answer carries the new ETag."""

    def __init__(
        self,
        game_id: str,
        response: Response,
        sent: TokenDep,
        store: StoreDep,
        if_match: IfMatch = None,
    ) -> None:
        self.game_id, self.response, self.sent, self.store = game_id, response, sent, store
        self.if_match = if_match

    def __call__(self, kind: str, change: Callable[[HomeGame], HomeGame]) -> dict[str, Any]:
        s, game_id = self.store, self.game_id
        stored = s.get(game_id, kind=kind)
        token = self.sent.token
        if token is None:
            raise HTTPException(
                403,
                gettext(
                    "a write needs this game's edit token in the header Authorization: Bearer "
                    "<edit_token> (the word Bearer, a space, the token)"
                ),
            )
        if not s.check_token(game_id, token):
            raise HTTPException(403, gettext("that is not this game's edit token"))
        expected = None  # without If-Match the change applies to the game as it is when locked
        if self.if_match is not None:
            sent = self.if_match.strip().removeprefix("W/").strip('"')
            if not hmac.compare_digest(sent, str(stored.version)):
                raise VersionConflictError.coded("game_version", sent=sent,
                                                 version=stored.version)  # fmt: skip
            expected = stored.version

        def apply(game: Game) -> Game:
            assert isinstance(game, Rubber | Chicago)  # the kind of a stored game never changes
            return change(game)

        return _state(s.update(game_id, apply, expected_version=expected), self.response)


Write = Annotated[Writer, Depends()]


@router.post("/rubbers", status_code=201)
def create_rubber(body: NewRubber, store: StoreDep, limits: LimitsDep) -> JSONResponse:
    """Start a rubber. The answer carries ``edit_token``: keep it, it is shown only once."""
    rules = RubberRules.preset(body.rules, honors=body.honors, undertrick_rule=body.undertrick_rule)
    names = _names(limits, we=body.we, they=body.they)
    return _created(store.create(Rubber(rules), names=names))


@router.post("/chicagos", status_code=201)
def create_chicago(body: NewChicago, store: StoreDep, limits: LimitsDep) -> JSONResponse:
    """Start a Chicago. The answer carries ``edit_token``: keep it, it is shown only once."""
    rules = ChicagoRules.preset(body.rules, switched=body.switched, honors=body.honors)
    game = Chicago(rules, body.first_dealer)
    return _created(store.create(game, names=_names(limits, ns=body.ns, ew=body.ew)))


def _family(kind: Literal["rubber", "chicago"], plural: str) -> None:
    """The routes every game family has: read, add, change and undo a deal."""
    noun = "rubber" if kind == "rubber" else "Chicago"

    def played(deal: DealIn) -> tuple[str, str | None, int]:
        """The deal's contract, declaring side (``by``) or declarer, and tricks."""
        return deal.contract, deal.by if kind == "rubber" else deal.declarer, deal.tricks

    @router.get(
        f"/{plural}/{{game_id}}",
        name=f"get_{kind}",
        responses=_READ,
        description=f"The {noun}'s state: deals, entries, totals, version and more.",
    )
    def read(game_id: str, response: Response, store: StoreDep) -> dict[str, Any]:
        return _state(store.get(game_id, kind=kind), response)

    @router.get(
        f"/{plural}/{{game_id}}/events",
        name=f"watch_{kind}",
        response_class=StreamingResponse,
        responses={200: {"content": {"text/event-stream": {}}}},
        description=f'Server-sent events: one `change` event, `{{"version": n}}`, each time '
        f"the {noun} changes (the first carries the version it is at now).",
    )
    def watch(request: Request, game_id: str, store: StoreDep) -> StreamingResponse:
        return event_stream(request, game_id, store.get(game_id, kind=kind).version)

    @router.post(
        f"/{plural}/{{game_id}}/deals",
        status_code=201,
        name=f"add_{kind}_deal",
        responses=_WRITE,
        description="Record a deal.",
    )
    def add(deal: DealIn, write: Write) -> dict[str, Any]:
        return write(kind, lambda g: g.record(*played(deal), honors=deal.honors))

    @router.put(
        f"/{plural}/{{game_id}}/deals/{{n}}",
        name=f"replace_{kind}_deal",
        responses=_WRITE,
        description="Change deal n (from 1); the deals after it are scored again.",
    )
    def edit(n: int, deal: DealIn, write: Write) -> dict[str, Any]:
        return write(kind, lambda g: g.replace(n, *played(deal), honors=deal.honors))

    @router.delete(
        f"/{plural}/{{game_id}}/deals/last",
        name=f"undo_{kind}_deal",
        responses=_WRITE,
        description="Take back the last deal (a rubber ended early is reopened).",
    )
    def undo(write: Write) -> dict[str, Any]:
        return write(kind, lambda g: g.undo())


_family("rubber", "rubbers")
_family("chicago", "chicagos")


@router.post("/rubbers/{game_id}/end", responses=_WRITE)
def end_rubber(write: Write) -> dict[str, Any]:
    """Stop the rubber early: the unfinished-rubber premiums are added."""

    def end(game: HomeGame) -> HomeGame:
        assert isinstance(game, Rubber)  # the Writer has checked the kind
        return game.end()

    return write("rubber", end)

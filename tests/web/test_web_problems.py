"""The one table of statuses (:data:`bridgescore.web.problems.STATUSES`): every
:class:`~bridgescore.BridgeError` the app can meet has a status of its kind, and the app
answers each with it (never a 500), in the one body the schema documents."""

from __future__ import annotations

import contextlib
import importlib
import pkgutil
from collections.abc import Iterator

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from markupsafe import escape

import bridgescore
from bridgescore import BridgeError
from bridgescore.club import ClubNotFoundError, LoginError, TooManyAttemptsError
from bridgescore.club.mail import AlreadySentError, MailError
from bridgescore.errors import EventError, NotationError, SessionError
from bridgescore.live import AlreadyEnteredError, NotAllowedError, UnknownResultError
from bridgescore.live.definition import NotReadyError
from bridgescore.storage import DatabaseError, GameNotFoundError, VersionConflictError
from bridgescore.web.problems import STATUSES, refusal, status_of
from tests.helpers import make_client


def _every_kind() -> list[type[BridgeError]]:
    """Every BridgeError class of the package: each module imported (the migrations'
    scripts and ``__main__`` aside, which run when imported), then the subclasses walked."""
    for info in pkgutil.walk_packages(bridgescore.__path__, "bridgescore."):
        if ".migrations" not in info.name and not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    found: set[type[BridgeError]] = set()
    todo: list[type[BridgeError]] = [BridgeError]
    while todo:
        for kind in todo.pop().__subclasses__():
            if kind not in found and kind.__module__.startswith("bridgescore."):
                found.add(kind)
                todo.append(kind)
    return sorted(found, key=lambda k: f"{k.__module__}.{k.__qualname__}")


KINDS = _every_kind()


def _own_status(kind: type[BridgeError]) -> bool:
    """Whether the table decides the kind's status: it, or an ancestor of it other than
    BridgeError itself, has an entry; else it must be a value that will not do (a
    ValueError: 422, the base's)."""
    listed = any(a in STATUSES for a in kind.__mro__ if a is not BridgeError)
    return listed or issubclass(kind, ValueError)


def test_every_kind_has_a_status_of_its_kind() -> None:
    assert len(KINDS) > 30
    assert [k for k in KINDS if not _own_status(k)] == []


@pytest.mark.parametrize(
    ("kind", "status"),
    [
        (NotationError, 422),
        (SessionError, 422),
        (EventError, 422),
        (MailError, 422),
        (LoginError, 401),
        (NotAllowedError, 403),
        (GameNotFoundError, 404),
        (UnknownResultError, 404),
        (ClubNotFoundError, 404),
        (AlreadyEnteredError, 409),
        (NotReadyError, 409),
        (VersionConflictError, 409),
        (AlreadySentError, 409),
        (TooManyAttemptsError, 429),
        (DatabaseError, 503),
    ],
    ids=lambda value: value.__name__ if isinstance(value, type) else str(value),
)
def test_the_table(kind: type[BridgeError], status: int) -> None:
    assert status_of(kind) == status


def _instance(kind: type[BridgeError]) -> BridgeError:
    """An error of this kind: made as its module makes one where the constructor allows
    (naming a field), else as unpickling makes one."""
    message = f"refused: {kind.__name__}"
    with contextlib.suppress(TypeError):
        return kind(message, field="thing", value=1)
    with contextlib.suppress(TypeError):
        return kind(message)
    error = kind.__new__(kind)
    BridgeError.__init__(error, message, field="thing", value=1)
    return error


@pytest.fixture(scope="module")
def raising(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app, with a route that raises the kind numbered in its address (under /api and
    for a page)."""
    client = make_client(tmp_path_factory.mktemp("problems"), raise_server_exceptions=False)
    app = client.app
    assert isinstance(app, FastAPI)

    def fail(index: int) -> None:
        raise _instance(KINDS[index])

    app.add_api_route("/api/test-raise/{index}", fail, methods=["GET"])
    app.add_api_route("/test-raise/{index}", fail, methods=["GET"])
    with client:
        yield client
    app.state.store.close()


@pytest.mark.parametrize("index", range(len(KINDS)), ids=[k.__qualname__ for k in KINDS])
def test_the_app_answers_each_kind_at_its_status(raising: TestClient, index: int) -> None:
    error = _instance(KINDS[index])
    status = status_of(KINDS[index])
    answer = raising.get(f"/api/test-raise/{index}")
    assert answer.status_code == status != 500
    message = str(error)
    if status == 422:
        (item,) = answer.json()["detail"]
        where = ["body", error.field] if error.field else ["body"]
        assert (item["loc"], item["msg"]) == (where, message)
    elif status == 403:
        assert answer.json() == {"detail": message, "field": error.field}
    else:
        assert answer.json() == {"detail": message}
    expected = refusal(error).headers or {}
    assert {k: answer.headers.get(k) for k in expected} == dict(expected)
    page = raising.get(f"/test-raise/{index}", headers={"accept": "text/html"})
    assert page.status_code == status
    assert str(escape(message[1:])) in page.text  # in words, as a sentence


def test_the_headers_that_go_with_a_status(raising: TestClient) -> None:
    login = raising.post("/api/login", json={"email": "nobody@x.example", "password": "wrong"})
    assert login.status_code == 401
    assert login.headers["www-authenticate"] == "Bearer"
    assert refusal(DatabaseError("busy")).headers == {"Retry-After": "1"}
    assert refusal(TooManyAttemptsError("wait", retry_after=0.2)).headers == {"Retry-After": "1"}


def test_every_refusal_the_schema_documents_is_the_one_problem(raising: TestClient) -> None:
    """Each documented 4xx and 5xx is a Problem (``{"detail": "..."}``), FastAPI's list of
    errors (422), or a pairs evening's 409 that shows the stored result (Duplicate)."""
    schema = raising.get("/openapi.json").json()
    named = [k for k in schema["components"]["schemas"] if "Problem" in k]
    assert named == ["Problem"]
    bodies = set()
    for operations in schema["paths"].values():
        for operation in operations.values():
            for status, answer in operation.get("responses", {}).items():
                if status.startswith(("4", "5")) and "content" in answer:
                    body = answer["content"]["application/json"]["schema"]
                    bodies.add(body.get("$ref", "").rsplit("/", 1)[-1] or status)
    assert bodies <= {"Problem", "HTTPValidationError", "Duplicate", "422"}
    assert {"Problem", "HTTPValidationError", "Duplicate"} <= bodies

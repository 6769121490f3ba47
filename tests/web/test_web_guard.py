"""Tokens, headers, links and the origin check; heavy work off the loop, in a time budget."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from fastapi import HTTPException, Request
from fastapi.testclient import TestClient

from bridgescore import BridgeError
from bridgescore.duplicate import session as session_module
from bridgescore.web import Settings, work
from bridgescore.web.settings import Limits
from tests.conftest import DATA, csrf
from tests.helpers import make_client

DEAL = {"contract": "4H", "by": "we", "tricks": 10}


@pytest.mark.parametrize("scheme", ["Bearer", "bearer", "BEARER", "bEaReR"])
def test_the_bearer_scheme_is_case_insensitive(client: TestClient, scheme: str) -> None:
    created = client.post("/api/rubbers", json={}).json()
    headers = {"Authorization": f"{scheme} {created['edit_token']}"}
    response = client.post(f"/api/rubbers/{created['id']}/deals", json=DEAL, headers=headers)
    assert response.status_code == 201


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("{token}", "the word Bearer, a space, the token"),
        ("Basic {token}", "the word Bearer, a space, the token"),
        ("Bearer", "the word Bearer, a space, the token"),
        ("Bearer {token}x", "that is not this game's edit token"),
        ("Bearer{token}", "the word Bearer, a space, the token"),
    ],
    ids=["bare-token", "basic", "no-token", "wrong-token", "no-space"],
)
def test_anything_but_bearer_is_refused(client: TestClient, value: str, words: str) -> None:
    created = client.post("/api/rubbers", json={}).json()
    headers = {"Authorization": value.format(token=created["edit_token"])}
    response = client.post(f"/api/rubbers/{created['id']}/deals", json=DEAL, headers=headers)
    assert response.status_code == 403
    assert words in response.json()["detail"]


def test_answers_with_a_token_are_not_stored(client: TestClient) -> None:
    created = client.post("/api/rubbers", json={})
    assert created.headers["cache-control"] == "no-store"
    token = csrf(client, "/rubber/new")
    response = client.post("/rubber/new", data={"csrf": token}, follow_redirects=False)
    assert response.headers["cache-control"] == "no-store"
    game = client.get(response.headers["location"])
    assert 'id="edit-link"' in game.text
    assert game.headers["cache-control"] == "no-store"
    assert "no-store" not in client.get("/static/style.css").headers.get("cache-control", "")


def test_hsts_only_with_secure_cookies(tmp_path: Path) -> None:
    with make_client(tmp_path) as plain:
        assert "strict-transport-security" not in plain.get("/").headers
    with make_client(tmp_path, secure_cookies=True) as secure:
        for path in ("/", "/api/rubbers/nope", "/no/such/page"):
            assert secure.get(path).headers["strict-transport-security"] == (
                "max-age=63072000; includeSubDomains"
            )


def _links(page: str) -> tuple[str, str]:
    view = re.search(r'id="view-link" readonly value="([^"]+)"', page)
    edit = re.search(r'id="edit-link" readonly value="([^"]+)"', page)
    assert view
    assert edit
    return view[1], edit[1]


@pytest.mark.parametrize("kind", ["rubber", "session"])
def test_links_never_come_from_the_host_header(tmp_path: Path, kind: str) -> None:
    for base_url, start in (
        (None, "/"),
        ("https://scores.example.org/", "https://scores.example.org/"),
    ):
        with make_client(tmp_path, base_url=base_url) as client:
            data = {"csrf": csrf(client, f"/{kind}/new"), "rules": "default"}
            game = client.post(f"/{kind}/new", data=data, follow_redirects=False)
            page = client.get(game.headers["location"], headers={"host": "evil.example"}).text
            view, edit = _links(page)
            assert "evil" not in view + edit
            assert view == start + game.headers["location"].lstrip("/")
            assert edit.startswith(view + "?key=")


def test_a_base_url_must_be_http(tmp_path: Path) -> None:
    with pytest.raises(BridgeError, match="must start with http"):
        make_client(tmp_path, base_url="scores.example.org")


@pytest.mark.parametrize(
    ("headers", "base_url", "status"),
    [
        ({}, None, 303),
        ({"origin": "http://testserver"}, None, 303),
        ({"referer": "http://testserver/rubber/new"}, None, 303),
        ({"origin": "https://evil.example"}, None, 403),
        ({"origin": "null"}, None, 403),
        ({"referer": "https://evil.example/page"}, None, 403),
        ({"origin": "http://testserver.evil.example"}, None, 403),
        ({"origin": "https://scores.example.org"}, "https://scores.example.org", 303),
        ({"origin": "http://testserver"}, "https://scores.example.org", 403),
    ],
)
def test_forms_must_come_from_this_site(
    tmp_path: Path, headers: dict[str, str], base_url: str | None, status: int
) -> None:
    with make_client(tmp_path, base_url=base_url) as client:
        data = {"csrf": csrf(client, "/rubber/new"), "rules": "default"}
        response = client.post("/rubber/new", data=data, headers=headers, follow_redirects=False)
        assert response.status_code == status
        if status == 403:
            assert "posted from another site" in response.text


# Heavy work: off the loop, in a time budget, once per version.


def _upload(client: TestClient, name: str = "mitchell3.pbn") -> Any:
    files = {"pbn": (name, (DATA / name).read_bytes(), "text/plain")}
    return client.post("/session/new", data={"csrf": csrf(client)}, files=files,
                       follow_redirects=False)  # fmt: skip


def _request(seconds: float) -> Request:
    """What :func:`work.run_heavy` reads of a request: the app's limits and its pools."""
    settings = Settings(limits=Limits(seconds=seconds))
    state = SimpleNamespace(settings=settings, work=work.Work())
    return cast(Request, SimpleNamespace(app=SimpleNamespace(state=state)))


@pytest.mark.parametrize("run", [work.run_heavy, work.run_in_process], ids=["thread", "process"])
def test_work_past_the_budget_is_refused(run: Any) -> None:
    assert run(_request(30), divmod, 7, 2) == (3, 1)
    with pytest.raises(HTTPException) as refused:
        run(_request(0.1), time.sleep, 1)
    assert refused.value.status_code == 503
    assert "more than 0.1 seconds of work" in refused.value.detail


def test_an_error_in_a_worker_process_comes_back(client: TestClient) -> None:
    bad = sorted((DATA / "bad").glob("*.pbn"))[0]
    files = {"pbn": (bad.name, bad.read_bytes(), "text/plain")}
    response = client.post("/session/new", data={"csrf": csrf(client)}, files=files)
    assert response.status_code == 422
    assert re.search(
        rf'id="error-file" role="alert">{re.escape(bad.name)}, line \d+', response.text
    )


def test_a_session_is_scored_once_per_version(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    score = session_module.score_session

    def counted(session: Any, scorer: Any = None) -> Any:
        assert scorer is work.section_scorer() is not None  # numpy's, installed here
        calls.append(session)
        return score(session, scorer)

    monkeypatch.setattr(work, "score_session", counted)
    game = _upload(client).headers["location"]
    for _ in range(3):
        assert client.get(game).status_code == 200
    assert client.get(f"{game}/session.csv").status_code == 200
    assert len(calls) == 1
    data = {"csrf": csrf(client), "method": "butler"}
    assert client.post(f"{game}/method", data=data, follow_redirects=False).status_code == 303
    client.get(game)
    client.get(game)
    assert len(calls) == 2


def test_views_at_once_score_a_version_once(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = []
    score = session_module.score_session

    def slow(session: Any, scorer: Any = None) -> Any:
        calls.append(session)
        time.sleep(0.3)
        return score(session, scorer)

    monkeypatch.setattr(work, "score_session", slow)
    game = _upload(client).headers["location"]
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: client.get(game).status_code, range(4)))
    assert answers == [200] * 4
    assert len(calls) == 1


def test_the_fast_scores_are_the_cores(client: TestClient) -> None:
    from bridgescore import pbn
    from bridgescore.batch import score_section_fast

    assert work.section_scorer() is score_section_fast  # numpy's way, installed here
    session = pbn.read((DATA / "mitchell3.pbn").read_text(encoding="utf-8"))
    for method in ("mp", "butler", "cross-imps"):
        s = session.with_method(method)
        fast = session_module.score_session(s, work.section_scorer())
        pure = [session_module.score_section(section, s) for section in s.sections]
        assert [f.rankings for f in fast] == [c.rankings for c in pure]


def test_no_route_does_heavy_work_on_the_loop(client: TestClient) -> None:
    """The async routes only read the form, then hand the rest to a thread."""
    import inspect

    from bridgescore.web import calculator, games, sessions

    for module in (calculator, games, sessions):
        for name, function in vars(module).items():
            if inspect.iscoroutinefunction(function) and not name.startswith("_upload"):
                source = inspect.getsource(function)
                assert "store(" not in source, name
                assert ".scored(" not in source, name

"""Issue 33, case 7: anonymous uploads filled the disk (ten 5 MB PBN files of junk tags added
52 MB in two minutes). Storage made without a club is now bounded per address and in all, and
expires; the bounds are checked inside the write that stores the game."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack
from datetime import timedelta
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update

from bridgescore.duplicate.session import Section, Session
from bridgescore.storage import Store, anonymous
from bridgescore.storage.anonymous import AnonymousQuota
from bridgescore.storage.errors import QuotaError
from bridgescore.storage.schema import AnonymousGameRow, GameRow
from bridgescore.storage.store import utcnow
from bridgescore.web.settings import Settings
from tests.conftest import create_app, csrf

MB = 1_000_000


def junk_pbn(size: int, seed: int = 0) -> bytes:
    """A valid PBN file of about ``size`` bytes: two results and tags nobody reads."""
    head = (
        '[Event "Junk"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result"]\n1 1 4S N 10\n2 2 4S N 9\n'
    )
    tags = []
    total, i = len(head), 0
    while total < size:
        tag = f'[Junk{seed}x{i} "{"z" * 200}"]\n'
        tags.append(tag)
        total, i = total + len(tag), i + 1
    return (head.replace('[Dealer "N"]\n', '[Dealer "N"]\n' + "".join(tags))).encode()


def upload(client: TestClient, data: bytes) -> int:
    form = {"csrf": csrf(client, "/session/new"), "method": "mp"}
    files = {"pbn": ("junk.pbn", data, "text/plain")}
    return client.post("/session/new", data=form, files=files, follow_redirects=False).status_code


def stored_bytes(url: str) -> int:
    with Store(url) as store, store.transaction() as conn:
        total = conn.execute(select(func.sum(func.length(GameRow.settings)))).scalar_one()
    return int(total or 0)


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


Clients = Callable[..., list[TestClient]]


@pytest.fixture
def clients(url: str) -> Iterator[Clients]:
    """Clients of one app with these bounds, one a client address."""
    with ExitStack() as stack:

        def make(quota: AnonymousQuota, *hosts: str) -> list[TestClient]:
            app = create_app(Settings(database_url=url, anonymous=quota))
            return [stack.enter_context(TestClient(app, client=(h, 40000))) for h in hosts]

        yield make


def test_one_address_cannot_fill_the_disk(url: str, clients: Clients) -> None:
    """Six 200 kB junk uploads from one address: past 600 kB they are refused (429), nothing
    of them is stored, and another address may still upload."""
    quota = AnonymousQuota(per_address=600_000, total=100 * MB)
    client, second = clients(quota, "192.0.2.1", "192.0.2.2")
    answers = [upload(client, junk_pbn(200_000, i)) for i in range(6)]
    assert answers[:2] == [303, 303]
    assert answers[-1] == 429
    assert answers.count(303) <= 3
    assert stored_bytes(url) <= 600_000
    assert upload(second, junk_pbn(200_000, 99)) == 303


def test_all_addresses_together_are_bounded(url: str, clients: Clients) -> None:
    quota = AnonymousQuota(per_address=10 * MB, total=500_000)
    hosts = [f"198.51.100.{i}" for i in range(1, 5)]
    answers = [upload(c, junk_pbn(200_000, i)) for i, c in enumerate(clients(quota, *hosts))]
    assert answers == [303, 303, 429, 429]
    assert stored_bytes(url) <= 500_000


def test_the_refusal_names_the_bound(clients: Clients) -> None:
    (client,) = clients(AnonymousQuota(per_address=MB // 10), "203.0.113.9")
    form = {"csrf": csrf(client, "/session/new"), "method": "mp"}
    files = {"pbn": ("junk.pbn", junk_pbn(MB // 5), "text/plain")}
    response = client.post("/session/new", data=form, files=files)
    assert response.status_code == 429
    assert "100,000 allowed" in response.text
    assert 'id="error-file"' in response.text


def test_anonymous_games_expire(url: str, clients: Clients) -> None:
    """A game older than the quota's days is deleted by the next anonymous write."""
    (client,) = clients(AnonymousQuota(days=30), "192.0.2.7")
    form = {"csrf": csrf(client, "/session/new"), "method": "mp"}
    files = {"pbn": ("junk.pbn", junk_pbn(10_000), "text/plain")}
    response = client.post("/session/new", data=form, files=files, follow_redirects=False)
    location = response.headers["location"]
    assert client.get(location).status_code == 200
    with Store(url) as store, store.transaction(write=True) as conn:
        conn.execute(update(AnonymousGameRow).values(created_at=utcnow() - timedelta(days=31)))
    assert upload(client, junk_pbn(10_000, 1)) == 303
    assert client.get(location).status_code == 404


def test_the_bound_is_checked_inside_the_write(url: str) -> None:
    """Counted in the transaction that writes the game: a refused game leaves no row."""
    quota = AnonymousQuota(per_address=200)
    session = Session((Section("A"),), "mp", event="x" * 500)
    with Store(url) as store:

        def count(conn: object, game_id: str, _token: str) -> None:
            anonymous.count(conn, game_id, "192.0.2.5", quota, utcnow())  # type: ignore[arg-type]

        with pytest.raises(QuotaError) as caught:
            store.create(session, also=count)
        assert caught.value.field == "file"
        with store.transaction() as conn:
            assert conn.execute(select(func.count()).select_from(GameRow)).scalar_one() == 0

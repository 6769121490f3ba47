"""The floor of a live result's cost: the least a Python server must do for one, as a peer.

A bare ASGI app on the same parts as ``bridgescore serve`` (uvicorn with uvloop and httptools,
psycopg, PostgreSQL's LISTEN/NOTIFY between workers) that answers :mod:`live`'s federation
the same way and does nothing else for a table's result: read the request, find its bearer
token (kept in memory after the first look-up), parse the JSON body, store it with the
evening's version moved on and announced in one autocommitted statement on the event loop
(no thread, no ORM, no rules, no audit trail), answer, and tell each viewer of the evening
(an event stream each) when its worker hears the announcement. No middleware, no bounds, no
movement, no scoring: what it costs a result is what any Python server on this machine pays
before its own rules, so ``live.py --clubs N --floor`` run beside ``live.py --clubs N`` says
how far bridgescore is above it (``make bench-federation`` prints both and the ratio).

    python benchmarks/floor.py --port 8001 --db postgresql://... --workers 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
from collections import defaultdict
from typing import Any

import psycopg
import uvicorn

SCHEMA = """
CREATE TABLE IF NOT EXISTS floor_games (id serial PRIMARY KEY, version int NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS floor_tokens (token text PRIMARY KEY, game int NOT NULL,
                                         tbl int NOT NULL);
CREATE TABLE IF NOT EXISTS floor_results (id bigserial PRIMARY KEY, game int NOT NULL,
                                          version int NOT NULL, body jsonb NOT NULL);
"""
ADD = """
WITH bumped AS (UPDATE floor_games SET version = version + 1 WHERE id = %(game)s
                RETURNING version),
     added AS (INSERT INTO floor_results (game, version, body)
               SELECT %(game)s, version, %(body)s FROM bumped RETURNING version)
SELECT version, pg_notify('floor', %(game)s || ' ' || version) FROM added
"""
Scope = dict[str, Any]


class Floor:
    """One worker's app: its database connection, its listener and its viewers."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.db: psycopg.AsyncConnection[Any] | None = None
        self.tokens: dict[str, tuple[int, int]] = {}
        self.versions: dict[int, int] = {}
        self.viewers: dict[int, set[asyncio.Queue[int]]] = defaultdict(set)

    async def start(self) -> None:
        self.db = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
        listener = psycopg.Connection.connect(self.url, autocommit=True)
        listener.execute("LISTEN floor")
        pg = listener.pgconn
        self._listener = listener  # kept: its socket is read by the loop

        def heard() -> None:
            pg.consume_input()
            while (notice := pg.notifies()) is not None:
                game, version = map(int, notice.extra.split())
                if version > self.versions.get(game, 0):
                    self.versions[game] = version
                    for queue in self.viewers.get(game, ()):
                        queue.put_nowait(version)

        asyncio.get_running_loop().add_reader(pg.socket, heard)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await receive()  # lifespan.startup
            await self.start()
            await send({"type": "lifespan.startup.complete"})
            await receive()  # lifespan.shutdown
            await send({"type": "lifespan.shutdown.complete"})
            return
        parts = scope["path"].strip("/").split("/")
        if scope["path"] == "/health":
            await _answer(send, 200, {"ok": True})
        elif parts[:2] == ["api", "sessions"] and len(parts) == 2:
            await _answer(send, 201, await self.create())
        elif len(parts) == 4 and parts[3] == "results" and scope["method"] == "POST":
            await self.result(int(parts[2]), scope, receive, send)
        elif len(parts) == 4 and parts[3] == "events":
            await self.stream(int(parts[2]), receive, send)
        elif len(parts) == 3:
            assert self.db is not None
            rows = await (
                await self.db.execute(
                    "SELECT body FROM floor_results WHERE game = %s", (int(parts[2]),)
                )
            ).fetchall()
            await _answer(send, 200, {"results": [r[0] for r in rows]})
        else:
            await _answer(send, 404, {"detail": "not found"})

    async def create(self) -> dict[str, Any]:
        assert self.db is not None
        game = (
            await (
                await self.db.execute("INSERT INTO floor_games DEFAULT VALUES RETURNING id")
            ).fetchone()
        )[0]  # type: ignore[index]
        tokens = [secrets.token_urlsafe(16) for _ in range(30)]
        async with self.db.cursor() as cursor:
            await cursor.executemany(
                "INSERT INTO floor_tokens VALUES (%s, %s, %s)",
                [(t, game, i + 1) for i, t in enumerate(tokens)],
            )
        return {"id": game, "tables": [{"token": t} for t in tokens], "edit_token": "floor"}

    async def result(self, game: int, scope: Scope, receive: Any, send: Any) -> None:
        assert self.db is not None
        headers = dict(scope["headers"])
        token = headers.get(b"authorization", b"")[7:].decode()
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        known = self.tokens.get(token)
        if known is None:
            row = await (
                await self.db.execute(
                    "SELECT game, tbl FROM floor_tokens WHERE token = %s", (token,)
                )
            ).fetchone()
            if row is not None:
                known = self.tokens[token] = (row[0], row[1])
        if known is None or known[0] != game:
            await _answer(send, 403, {"detail": "not this evening's table"})
            return
        entry = json.loads(body)
        if not isinstance(entry, dict) or entry.get("table") != known[1]:
            await _answer(send, 422, {"detail": "not this table's result"})
            return
        found = await (
            await self.db.execute(ADD, {"game": game, "body": json.dumps(entry)})
        ).fetchone()
        await _answer(send, 201, {"version": found[0]} if found else {})

    async def stream(self, game: int, receive: Any, send: Any) -> None:
        queue: asyncio.Queue[int] = asyncio.Queue()
        queue.put_nowait(self.versions.get(game, 0))
        self.viewers[game].add(queue)
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [(b"content-type", b"text/event-stream")],
            }
        )

        async def gone() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            queue.put_nowait(-1)

        waiting = asyncio.create_task(gone())
        try:
            while (version := await queue.get()) >= 0:
                event = f'data: {{"version": {version}}}\n\n'.encode()
                await send({"type": "http.response.body", "body": event, "more_body": True})
        finally:
            waiting.cancel()
            self.viewers[game].discard(queue)


async def _answer(send: Any, status: int, body: dict[str, Any]) -> None:
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})


def app() -> Floor:
    """A worker's app (uvicorn's factory), on the database ``main`` left in the environment."""
    return Floor(os.environ["FLOOR_DB"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--db", required=True, help="a PostgreSQL URL (SQLAlchemy's form taken)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    url = args.db.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(SCHEMA)
    os.environ["FLOOR_DB"] = url
    uvicorn.run(
        "floor:app",
        factory=True,
        host="127.0.0.1",
        port=args.port,
        workers=args.workers,
        loop="uvloop",
        http="httptools",
        log_level="warning",
        app_dir=os.path.dirname(os.path.abspath(__file__)),
    )


if __name__ == "__main__":
    main()

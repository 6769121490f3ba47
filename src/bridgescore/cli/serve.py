"""``bridgescore serve``: the web app on uvicorn, in one process or several (``--workers``).

Every process raises its open-file limit and serves with :class:`~bridgescore.web.connections.
GuardedHttp` (bounded connections, header and body timeouts). With ``--workers`` uvicorn's
supervisor runs the workers and restarts one that dies; each worker asks Linux to end it when
the supervisor ends (``PR_SET_PDEATHSIG``), however that ends (``kill -9`` included), so no
orphan keeps the port. A serving process sent ``SIGUSR2`` writes its event loop's stack to its
standard error and goes on (:func:`write_stack_on_usr2`).
"""

from __future__ import annotations

import ctypes
import faulthandler
import json
import os
import signal
import sys
from typing import Any, TextIO

import click
from sqlalchemy import make_url
from sqlalchemy.exc import ArgumentError

from bridgescore.cli._app import cli, reporting
from bridgescore.locale import gettext, ngettext

__all__ = ["serve"]


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="The address to listen on.")
@click.option("--port", default=8000, show_default=True, type=int, help="The port.")
@click.option(
    "--db",
    envvar="BRIDGESCORE_DATABASE_URL",
    metavar="URL",
    help="The database (an SQLAlchemy URL); default: a SQLite file in your data directory.",
)
@click.option("--secure-cookies", is_flag=True, help="Served over HTTPS: Secure cookies, and HSTS.")
@click.option(
    "--base-url",
    metavar="URL",
    help="The site's public address (https://scores.example.org): share and edit links start "
    "with it and form posts must come from it. Default: links are relative.",
)
@click.option(
    "--workers",
    default=1,
    show_default=True,
    type=click.IntRange(1, 64),
    help="Worker processes (PostgreSQL only: each hears every change by LISTEN/NOTIFY, so live "
    "pages update whichever worker they are connected to). On SQLite one process serves.",
)
@click.option(
    "--open-evenings",
    is_flag=True,
    help="Anyone may start a live evening without a director's login (a private laptop, "
    "tests); by default starting one needs a club director's login.",
)
@click.option(
    "--trusted-proxy",
    "trusted_proxies",
    multiple=True,
    metavar="ADDRESS",
    envvar="BRIDGESCORE_TRUSTED_PROXIES",
    help="A reverse proxy (an IP address or network; repeat for more) whose X-Forwarded-For "
    "header names the client: the per-address bounds and the login lockout then count that "
    "client. From anyone else the header is ignored.",
)
@click.option(
    "--smtp-local",
    is_flag=True,
    envvar="BRIDGESCORE_SMTP_LOCAL",
    help="Clubs' mail may go to a relay on this machine or its private network (loopback, "
    "10/8, 172.16/12, 192.168/16, fc00::/7); by default only to public addresses.",
)
def serve(
    host: str,
    port: int,
    db: str | None,
    secure_cookies: bool,
    base_url: str | None,
    workers: int,
    open_evenings: bool,
    trusted_proxies: tuple[str, ...],
    smtp_local: bool,
) -> None:
    """Run the web app: calculator, rubber pad, Chicago, club evenings and the JSON API (/docs)."""
    try:
        import uvicorn

        from bridgescore.web import Settings, create_app
        from bridgescore.web.connections import GuardedHttp, raise_open_files
        from bridgescore.web.proxies import Proxies
    except ImportError as exc:  # pragma: no cover - depends on the installed extras
        needs = gettext("the web app needs its extra: %(install)s (%(error)s)")
        raise click.ClickException(
            needs % {"install": "pip install 'bridgescore[web]'", "error": exc}
        ) from exc
    with reporting("--db"):
        # else the database's own key (bridgescore.storage.keys), the same for every worker
        secret_key = os.environ.get("BRIDGESCORE_SECRET_KEY") or None
        settings = Settings(database_url=db, secure_cookies=secure_cookies, base_url=base_url,
                            open_evenings=open_evenings, secret_key=secret_key,
                            trusted_proxies=_split(trusted_proxies),
                            smtp_local=smtp_local)  # fmt: skip
        app = create_app(settings)
    raise_open_files()  # the workers inherit it
    GuardedHttp.configure(settings.limits, Proxies(settings.trusted_proxies))
    if workers > 1:
        if not _is_postgres(app.state.store.url):
            refused = ngettext(
                "%(workers)s worker needs PostgreSQL (--db %(url)s): on SQLite one process "
                "serves every client (and hears every change)",
                "%(workers)s workers need PostgreSQL (--db %(url)s): on SQLite one process "
                "serves every client (and hears every change)",
                workers,
            )
            given = {"workers": workers, "url": "postgresql+psycopg://..."}
            raise click.BadParameter(refused % given, param_hint="--workers")
        app.state.store.close()
        os.environ[_SETTINGS_VAR] = json.dumps(
            {
                "database_url": app.state.store.url,
                "secure_cookies": secure_cookies,
                "base_url": base_url,
                _MASTER: os.getpid(),
                "open_evenings": open_evenings,
                "secret_key": secret_key,
                "trusted_proxies": settings.trusted_proxies,
                "smtp_local": smtp_local,
            }
        )  # the workers are new processes: they build their app from this
        serving = ngettext(
            "bridgescore is serving on %(url)s with %(workers)s worker (Ctrl+C to stop)",
            "bridgescore is serving on %(url)s with %(workers)s workers (Ctrl+C to stop)",
            workers,
        )
        click.echo(serving % {"url": f"http://{host}:{port}/", "workers": workers})
        uvicorn.run(
            "bridgescore.cli.serve:worker_app",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            http=GuardedHttp,
            proxy_headers=False,  # X-Forwarded-For: bridgescore.web.proxies, named proxies only
            log_level="warning",
            timeout_graceful_shutdown=SHUTDOWN_GRACE,
            timeout_worker_healthcheck=WORKER_HEALTHCHECK,
        )
        return
    write_stack_on_usr2()
    serving = gettext("bridgescore is serving on %(url)s (Ctrl+C to stop)")
    click.echo(serving % {"url": f"http://{host}:{port}/"})
    uvicorn.run(app, host=host, port=port, log_level="warning", http=GuardedHttp,
                proxy_headers=False, timeout_graceful_shutdown=SHUTDOWN_GRACE)  # fmt: skip


WORKER_HEALTHCHECK = 30
"""Seconds a worker may take to answer the supervisor's health check before it is killed and
started again (uvicorn's 5 s: on a busy two-core machine a worker answering late was
restarted mid-evening, losing its requests in flight and paying its start-up again)."""

SHUTDOWN_GRACE = 3
"""Seconds a stop waits for the requests under way: event streams never end by themselves (the
pages that hold them connect again when the server is back)."""

_SETTINGS_VAR = "BRIDGESCORE_SERVE_SETTINGS"
_MASTER = "master_pid"
_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def _split(named: tuple[str, ...]) -> tuple[str, ...]:
    """The proxies given, each option (or the environment variable) possibly a list.

    >>> _split(("10.0.0.1", "10.0.0.2, 192.0.2.0/24"))
    ('10.0.0.1', '10.0.0.2', '192.0.2.0/24')
    """
    return tuple(p for given in named for p in given.replace(",", " ").split())


def _is_postgres(url: str) -> bool:
    try:
        return make_url(url).get_backend_name() == "postgresql"
    except ArgumentError:
        return False


def worker_app() -> Any:
    """The app of one worker process, from the settings ``serve --workers`` left for it."""
    from bridgescore.web import Settings, create_app
    from bridgescore.web.connections import GuardedHttp, raise_open_files
    from bridgescore.web.proxies import Proxies

    given = json.loads(os.environ[_SETTINGS_VAR])
    end_with_parent(given.pop(_MASTER))
    write_stack_on_usr2()
    raise_open_files()
    given["trusted_proxies"] = tuple(given.get("trusted_proxies", ()))
    settings = Settings(**given)
    GuardedHttp.configure(settings.limits, Proxies(settings.trusted_proxies))
    return create_app(settings)


def write_stack_on_usr2(file: TextIO | None = None) -> None:
    """Have this process write the stack of the thread a ``SIGUSR2`` stops (the event loop's,
    the main thread) to ``file`` (its standard error), and go on: ``kill -USR2 PID`` shows
    where a worker that seems stuck is (the supervisor keeps ``SIGUSR2`` for itself). Not every
    thread's: :mod:`faulthandler` reads the others unlocked, and a server sent one every 30 ms
    through a 5 MB upload crashed (SIGSEGV) as threads began and ended. Where there is no such
    signal: nothing."""
    usr2 = getattr(signal, "SIGUSR2", None)  # not on Windows
    if usr2 is not None:
        faulthandler.register(usr2, file=file or sys.stderr, all_threads=False)


def end_with_parent(master: int) -> None:
    """Have Linux send this process SIGTERM when its parent (the supervisor, ``master``) ends,
    and end now if it has already gone. Elsewhere: nothing (no such call)."""
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_SET_PDEATHSIG) failed")
        if os.getppid() != master:  # the supervisor ended before the call
            os.kill(os.getpid(), signal.SIGTERM)

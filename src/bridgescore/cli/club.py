"""``bridgescore club`` and ``bridgescore director``: a club on a server, and its directors.

They take the same ``--db URL`` as ``serve``. A password is asked for without echo on a
terminal, or read from the first line of standard input otherwise; it is never printed or
logged.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from bridgescore.cli._app import cli, console, reporting, write_file
from bridgescore.cli._said import formed
from bridgescore.errors import N_
from bridgescore.locale import LANGUAGES, gettext

if TYPE_CHECKING:
    from bridgescore.storage.clubs import ClubStore

_CLUB = click.argument("club_ref", metavar="CLUB")
"""The club a command is about: its id, name or number."""
_DB = click.option(
    "--db",
    envvar="BRIDGESCORE_DATABASE_URL",
    metavar="URL",
    help="The database (an SQLAlchemy URL), as for serve; default: a SQLite file in your data "
    "directory.",
)


@contextmanager
def _clubs(db: str | None) -> Iterator[ClubStore]:
    """The clubs of the database at ``db``, closed after use."""
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore

    clubs = ClubStore(Store(db))
    try:
        yield clubs
    finally:
        clubs.store.close()


def _password() -> str:
    """The password: asked twice without echo on a terminal, else standard input's line."""
    if sys.stdin.isatty():
        password: str = click.prompt(gettext("Password"), hide_input=True,
                                     confirmation_prompt=True)  # fmt: skip
        return password
    return sys.stdin.readline().rstrip("\r\n")


@cli.group()
def club() -> None:
    """Clubs on this server."""


@club.command("create")
@click.argument("name")
@click.option("--number", required=True, help="The club's number with its national body.")
@click.option("--body", required=True, help="The national body: EBU, ACBL, ABF, NZB ...")
@_DB
def create(name: str, number: str, body: str, db: str | None) -> None:
    """Create a club; prints its id."""
    with reporting("NAME"), _clubs(db) as clubs:
        made = clubs.create_club(name, number, body)
    console().print(made.id)


@club.command("export")
@_CLUB
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="The file to write (default: standard output).")  # fmt: skip
@_DB
def export(club_ref: str, output: Path | None, db: str | None) -> None:
    """Export everything CLUB (its id, name or number) has to one JSON file: its directors,
    roster, evenings with their results and audit trail, and events. The file holds the
    directors' password hashes and the players' emails: keep it as safe as the database.

    Example: bridgescore club export "Acol BC" -o acol.json
    """
    from bridgescore.storage.backup import export_club

    with reporting("CLUB"), _clubs(db) as clubs:
        data = export_club(clubs.store, clubs.club(club_ref).id)
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    if output is None:
        click.echo(text, nl=False)
    else:
        write_file(output, text.encode())
        sessions = sum(1 for game in data["games"] if game["kind"] == "session")
        players = sum(1 for player in data["roster"] if not player["erased"])
        said = gettext("%(club)s: %(sessions)s sessions, %(players)s players, %(events)s "
                       "events written to %(file)s")  # fmt: skip
        console().print(said % {"club": data["club"]["name"], "sessions": sessions,
                                "players": players, "events": len(data["events"]),
                                "file": output})  # fmt: skip


@club.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@_DB
def import_(file: Path, db: str | None) -> None:
    """Import a club's export (``club export``) as a new club on this server: all of it in one
    transaction, or nothing; prints the new club's id. Its evenings get new ids and tokens.

    Example: bridgescore club import acol.json --db postgresql+psycopg://host/bridgescore
    """
    from bridgescore.storage.backup import import_club, read_export

    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise click.FileError(str(file), hint=exc.strerror) from exc
    with reporting("FILE"):
        data = read_export(raw)
        with _clubs(db) as clubs:
            imported = import_club(clubs.store, data)
    console().print(imported.club.id)


@cli.group()
def director() -> None:
    """Club directors' logins."""


def _director_command(name: str) -> Callable[[Callable[..., None]], click.Command]:
    """A ``director`` command on CLUB's director EMAIL (with ``--db``)."""

    def make(command: Callable[..., None]) -> click.Command:
        return director.command(name)(_CLUB(click.argument("email")(_DB(command))))

    return make


@_director_command("add")
def add(club_ref: str, email: str, db: str | None) -> None:
    """Add a director to CLUB (its id, name or number); the password is asked for."""
    with reporting("CLUB"), _clubs(db) as clubs:
        found = clubs.club(club_ref)
        added = clubs.add_director(found.id, email, _password())
    console().print(gettext("%(email)s directs %(club)s") % {"email": added.email,
                                                              "club": found.name})  # fmt: skip


@_director_command("password")
def password(club_ref: str, email: str, db: str | None) -> None:
    """Give a director of CLUB a new password (asked for); their logins end."""
    with reporting("EMAIL"), _clubs(db) as clubs:
        clubs.set_password(clubs.club(club_ref).id, email, _password())
    said = gettext("%(email)s's password is changed")
    console().print(said % {"email": email.strip().lower()})


@club.command("public")
@_CLUB
@click.option(
    "--players",
    type=click.Choice(["names", "numbers"]),
    help="Show players on the public pages by name, or by national number only.",
)
@click.option(
    "--correction-hours",
    type=click.IntRange(0, 720),
    metavar="HOURS",
    help="The correction period: results are provisional this long after closing.",
)
@click.option(
    "--language",
    metavar="CODE",
    help=formed(
        N_("The club's default language: {codes}, or none."), codes=", ".join(sorted(LANGUAGES))
    ),
)
@_DB
def public(club_ref: str, players: str | None, correction_hours: int | None,
           language: str | None, db: str | None) -> None:  # fmt: skip
    """Show (or change) how CLUB's public pages show players, its correction period and its
    default language (that of its pages for a browser that asks for none of ours, of its
    published site and of its letters: the same rule as the API's ``language``)."""
    from bridgescore.club import check_language

    chosen: dict[str, str | None] = {}
    if language is not None:
        with reporting("--language"):
            chosen["language"] = check_language("" if language.strip() == "none" else language)
    with reporting("CLUB"), _clubs(db) as clubs:
        found = clubs.club(club_ref)
        found = clubs.set_public(found.id, players or found.players,
                                 found.correction_hours if correction_hours is None
                                 else correction_hours, **chosen)  # fmt: skip
    values = {"club": found.name, "players": found.players, "hours": found.correction_hours}
    if found.language is None:
        said = gettext("%(club)s: players by %(players)s, results provisional for %(hours)s "
                       "hours after closing")  # fmt: skip
    else:
        values["language"] = f"{found.language} ({LANGUAGES.get(found.language, '')})"
        said = gettext("%(club)s: players by %(players)s, results provisional for %(hours)s "
                       "hours after closing, language %(language)s")  # fmt: skip
    console().print(said % values)


@club.command("masterpoints")
@_CLUB
@click.argument("scheme", required=False, metavar="[SCHEME[:WEIGHT]]")
@_DB
def masterpoints(club_ref: str, scheme: str | None, db: str | None) -> None:
    """Show (or choose) the masterpoint scheme of CLUB's live evenings: abf, acbl or ebu, with
    an optional weight (abf:2); none for none."""
    from bridgescore.club import spec_text

    with reporting("CLUB"), _clubs(db) as clubs:
        found = clubs.club(club_ref)
    if scheme is not None:
        with reporting("SCHEME"), _clubs(db) as clubs:
            found = clubs.set_masterpoints(found.id, scheme)
    text = spec_text(found.masterpoints)
    said = gettext("%(club)s: masterpoints %(scheme)s")
    console().print(said % {"club": found.name, "scheme": text or gettext("none")})


@club.command("smtp")
@_CLUB
@click.option("--host", required=True, help="The club's outgoing mail server.")
@click.option("--port", type=click.IntRange(1, 65535), default=587, show_default=True)
@click.option("--security", type=click.Choice(["starttls", "tls", "none"]), default="starttls",
              show_default=True, help="STARTTLS (587), TLS from the start (465), or none (a "
              "server on this machine only).")  # fmt: skip
@click.option("--user", "username", help="The login's user name; its password is asked for.")
@click.option("--from", "sender", required=True, help="The address the letters come from.")
@_DB
def smtp(
    club_ref: str,
    host: str,
    port: int,
    security: str,
    username: str | None,
    sender: str,
    db: str | None,
) -> None:
    """Set how CLUB's results are emailed: its SMTP server, login and From address (the
    password is asked for, never printed)."""
    from bridgescore.club.mail import SECURITIES, SmtpSettings
    from bridgescore.storage.outbox import OutboxStore

    with reporting("CLUB"), _clubs(db) as clubs:
        found = clubs.club(club_ref)
        password = None if username is None else _password()
        tls = next(s for s in SECURITIES if s == security)
        settings = SmtpSettings(host, port, tls, sender, username=username,
                                password=password)  # fmt: skip
        OutboxStore(clubs.store).set_smtp(found.id, settings)
    values = {"club": found.name, "sender": settings.sender, "host": host, "port": port,
              "security": security, "user": username}  # fmt: skip
    if username:
        said = gettext("%(club)s sends from %(sender)s through %(host)s:%(port)s (%(security)s, "
                       "logging in as %(user)s)")  # fmt: skip
    else:
        said = gettext("%(club)s sends from %(sender)s through %(host)s:%(port)s (%(security)s)")
    console().print(said % values)

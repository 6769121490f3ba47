"""``bridgescore session masterpoints``: a club evening's masterpoints as its national body
takes them (the ABF's credit file, the EBU's USEBIO), made once its correction period has
ended (a usage error before: exit status 2)."""

from __future__ import annotations

from pathlib import Path

import click

from bridgescore.cli._app import console, reporting, write_file
from bridgescore.cli._said import SaidCommand
from bridgescore.locale import gettext

__all__ = ["masterpoints_command"]


@click.command("masterpoints", cls=SaidCommand)
@click.argument("session_id", metavar="SESSION")
@click.option("--format", "fmt", type=click.Choice(["abf", "ebu"]), required=True,
              help="abf: the ABF Masterpoint Centre's credit file (.grn); ebu: USEBIO 1.2 "
              "with the EBU's charge code.")  # fmt: skip
@click.option("--charge-code", default="10", show_default=True, metavar="CODE",
              help="The EBU's charge code (P2P rate): 10 for a club session.")  # fmt: skip
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="The file (default: masterpoints-SESSION.grn or .xml, here).")  # fmt: skip
@click.option("--db", envvar="BRIDGESCORE_DATABASE_URL", metavar="URL",
              help="The database (an SQLAlchemy URL), as for serve; default: a SQLite file in "
              "your data directory.")  # fmt: skip
def masterpoints_command(
    session_id: str, fmt: str, charge_code: str, output: Path | None, db: str | None
) -> None:
    """Write the masterpoints of SESSION, a club's evening (its id, or the first 4 or more
    characters of it), as its national body takes them, by the club's scheme (``bridgescore
    club masterpoints``). Only once the results are final: the evening closed and its
    correction period over. Players without a national number are named, not written.

    Example: bridgescore session masterpoints 3f9k --format abf -o june.grn
    """
    from bridgescore.club.filing import FilingFormat
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore
    from bridgescore.storage.filing import file_masterpoints
    from bridgescore.storage.store import utcnow

    with Store(db) as store:
        clubs = ClubStore(store)
        with reporting("SESSION"):
            game_id = store.resolve(session_id)
            owner = clubs.owner(game_id)
            if owner is None:
                said = gettext("%(id)s is no club's evening: masterpoints are filed by a club")
                raise click.BadParameter(said % {"id": game_id}, param_hint="SESSION")
            form: FilingFormat = "abf" if fmt == "abf" else "ebu"
            made = file_masterpoints(clubs, owner, game_id, form, utcnow(),
                                     charge_code=charge_code)  # fmt: skip
    target = output or Path(f"masterpoints-{game_id[:8]}.{made.extension}")
    write_file(target, made.data)
    lines = made.data.count(b"\n") if fmt == "abf" else None
    if lines is None:
        console().print(str(target))
    else:
        said = gettext("%(file)s: %(lines)s players' points")
        console().print(said % {"file": target, "lines": lines})
    if made.unfiled:
        said = gettext("not in the file (no national number): %(names)s")
        console().print(said % {"names": ", ".join(made.unfiled)}, style="yellow")

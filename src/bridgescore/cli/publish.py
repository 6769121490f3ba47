"""``bridgescore publish``: a club's results site as a folder of static pages.

It takes the same ``--db URL`` as ``serve`` and writes the pages the server shows at
``/clubs/{slug}/`` (the same templates), with relative links and the styles copied: open its
``index.html`` from the folder, or put the folder on any web host.
"""

from __future__ import annotations

from pathlib import Path

import click

from bridgescore.cli._app import cli, console, reporting
from bridgescore.locale import gettext

_DB = click.option("--db", envvar="BRIDGESCORE_DATABASE_URL", metavar="URL",
                   help="The database (an SQLAlchemy URL), as for serve.")  # fmt: skip


@cli.command()
@click.option("--club", "club_ref", required=True, metavar="CLUB",
              help="The club: its id, name or number.")  # fmt: skip
@click.option("-o", "--output", "target", required=True, metavar="DIR",
              type=click.Path(file_okay=False, path_type=Path),
              help="The folder to write the site into (made if need be).")  # fmt: skip
@_DB
def publish(club_ref: str, target: Path, db: str | None) -> None:
    """Write CLUB's results site into DIR: its evenings and events, newest first, each
    evening's rankings, travellers, hand records and pairs' scorecards, and its players'
    pages (players shown as the club sets; results marked provisional during the correction
    period).

    Example: bridgescore publish --club "Acol BC" -o site/
    """
    from bridgescore.storage import Store
    from bridgescore.storage.clubs import ClubStore
    from bridgescore.web.site_pages import write_site

    with reporting("--club"):
        clubs = ClubStore(Store(db))
        try:
            club = clubs.club(club_ref)
            try:
                count = write_site(clubs, club, target)
            except OSError as exc:
                raise click.FileError(str(target), hint=exc.strerror or str(exc)) from exc
        finally:
            clubs.store.close()
    said = gettext("%(count)s pages of %(club)s's results written to %(folder)s")
    console().print(said % {"count": count, "club": club.name, "folder": target})
